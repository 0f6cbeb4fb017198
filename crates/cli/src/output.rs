//! Everything `ply` writes: the files a command makes (books, pictures, tree exports) and
//! standard output. One writer for the whole program, with one set of rules:
//!
//! * **A regular file** (or a new one) is written whole through a temporary file beside it
//!   (`.NAME.PID.N.tmp` in the same folder), then renamed into place: a command that fails
//!   leaves no partial file, and a file that was there stays whole until the new one is
//!   complete. The new file keeps the old one's permissions. A read-only file is refused.
//! * **`-`** is standard output, for every output option; so is a path that names the same
//!   file as standard output (`/dev/stdout`).
//! * **A character device or a FIFO** (`/dev/null`, a named pipe) is written where it is:
//!   the node itself is never replaced.
//! * **A symbolic link** is followed: its target is written by these rules, and the link
//!   stays. A link to nothing is refused.
//! * **Anything else** (a folder, a block device, a socket, a path whose folder does not
//!   exist or cannot be written) is refused with a message that says why.
//!
//! The checks run when a command starts ([`OutputFile::claim`]), before any search, so that a
//! path that cannot be written fails at once and not after minutes of work. No temporary
//! file exists during the work: it is made only when the contents are ready
//! ([`OutputFile::write`], [`write_together`]), so that even a run that aborts (out of
//! memory) leaves none. While one exists it is registered: an error removes it, and so do
//! SIGINT, SIGTERM and SIGHUP (a handler thread removes every registered file, then lets
//! the signal end the process as it would have) and a panic (a panic hook).
//!
//! Writes to standard output go through [`stdout`], which remembers the first failure, so
//! that a command that wrote its answers and ignored a write error (a prompt loop) still
//! exits with status 1 ([`finish_stdout`]).

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

use crate::Failure;

/// The most characters of a path that a message shows (its end, where the file's name is).
const PATH_CHARS: usize = 40;

/// `path` for a message: the path as given, or its last [`PATH_CHARS`] characters after an
/// ellipsis when it is longer.
pub(crate) fn shown_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let count = text.chars().count();
    if count <= PATH_CHARS {
        text.into_owned()
    } else {
        let tail: String = text.chars().skip(count - PATH_CHARS).collect();
        format!("…{tail}")
    }
}

/// `text` with the characters XML gives a meaning escaped, for the SVG pictures.
pub(crate) fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An output claimed for writing: where its contents will go, checked. Nothing is created
/// until [`write`](OutputFile::write).
#[derive(Debug)]
pub(crate) struct OutputFile {
    /// The path as the user gave it (`-` for standard output).
    given: PathBuf,
    target: Target,
}

/// Where an output's contents go.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// Standard output.
    Stdout,
    /// A regular file, existing or new, replaced whole through a temporary file in `dir`.
    Replace {
        /// The file (a symbolic link's target when the path was a link).
        path: PathBuf,
        /// Its folder, where the temporary file goes.
        dir: PathBuf,
        /// Its name.
        name: OsString,
        /// The permissions of the file it replaces.
        permissions: Option<Permissions>,
    },
    /// A character device or a FIFO, opened and written where it is.
    InPlace(PathBuf),
}

impl OutputFile {
    /// Claims `path` for writing: `-` is standard output; anything else is checked as the
    /// module says, and refused (exit status 2) when it cannot be written.
    pub(crate) fn claim(path: &Path) -> Result<Self, Failure> {
        let target = classify(path)
            .map_err(|why| Failure::input(format!("cannot write {}: {why}", shown_path(path))))?;
        if matches!(target, Target::Replace { .. }) {
            install_cleanup();
        }
        Ok(OutputFile {
            given: path.to_path_buf(),
            target,
        })
    }

    /// The path as given (`-` for standard output).
    pub(crate) fn path(&self) -> &Path {
        &self.given
    }

    /// Whether the contents go to standard output.
    pub(crate) fn is_stdout(&self) -> bool {
        self.target == Target::Stdout
    }

    /// How messages name the output: "standard output", or the path as given.
    pub(crate) fn name(&self) -> String {
        if self.is_stdout() {
            "standard output".to_string()
        } else {
            shown_path(&self.given)
        }
    }

    /// Writes `bytes` to the output (a regular file through a temporary file renamed into
    /// place; exit status 1 when it fails).
    pub(crate) fn write(self, bytes: &[u8]) -> Result<(), Failure> {
        write_together(vec![(self, bytes)])
    }
}

/// Writes several outputs of one command: the regular files into their temporary files
/// first, then standard output and the devices, and only when all of that succeeded are the
/// files renamed into place. A failure anywhere (standard output closed early, a full disk)
/// leaves none of the new files and every old one as it was.
pub(crate) fn write_together(outputs: Vec<(OutputFile, &[u8])>) -> Result<(), Failure> {
    let mut staged = Vec::new();
    for (output, bytes) in &outputs {
        if let Target::Replace { .. } = &output.target {
            staged.push(Staged::create(output, bytes)?);
        }
    }
    for (output, bytes) in &outputs {
        let failed = |e: io::Error| Failure::run(format!("cannot write {}: {e}", output.name()));
        match &output.target {
            Target::Stdout => {
                let mut out = stdout();
                out.write_all(bytes).map_err(failed)?;
                out.flush().map_err(failed)?;
            }
            Target::InPlace(path) => {
                let mut file = OpenOptions::new().write(true).open(path).map_err(failed)?;
                file.write_all(bytes).map_err(failed)?;
                file.flush().map_err(failed)?;
            }
            Target::Replace { .. } => {}
        }
    }
    for file in staged {
        file.commit()?;
    }
    Ok(())
}

/// Where the contents of `path` would go, or why it cannot be written.
fn classify(path: &Path) -> Result<Target, String> {
    if path.as_os_str() == "-" {
        return Ok(Target::Stdout);
    }
    if path.as_os_str().is_empty() {
        return Err("the path is empty".into());
    }
    if path.as_os_str().to_string_lossy().ends_with('/') {
        return Err("it ends with `/`, as a folder does".into());
    }
    let link = match fs::symlink_metadata(path) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e.to_string()),
    };
    let Some(link) = link else {
        // A new file: its folder must exist and take a new file.
        let (dir, name) = split(path)?;
        return replace(path.to_path_buf(), dir, name, None);
    };
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound && link.file_type().is_symlink() => {
            return Err("it is a symbolic link to nothing".into());
        }
        Err(e) => return Err(e.to_string()),
    };
    if same_file_as_stdout(&meta) {
        return Ok(Target::Stdout);
    }
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err("it is a directory".into());
    }
    if kind.is_file() {
        if meta.permissions().readonly() {
            return Err("it is read-only".into());
        }
        let real = if link.file_type().is_symlink() {
            fs::canonicalize(path).map_err(|e| e.to_string())?
        } else {
            path.to_path_buf()
        };
        let (dir, name) = split(&real)?;
        return replace(real, dir, name, Some(meta.permissions()));
    }
    special(path, &kind)
}

/// A node that is neither a folder nor a regular file: written in place or refused.
#[cfg(unix)]
fn special(path: &Path, kind: &fs::FileType) -> Result<Target, String> {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_char_device() || kind.is_fifo() {
        Ok(Target::InPlace(path.to_path_buf()))
    } else if kind.is_block_device() {
        Err("it is a block device (ply writes no disk in place)".into())
    } else if kind.is_socket() {
        Err("it is a socket".into())
    } else {
        Err("it is not a file".into())
    }
}

/// A node that is neither a folder nor a regular file: refused.
#[cfg(not(unix))]
fn special(_path: &Path, _kind: &fs::FileType) -> Result<Target, String> {
    Err("it is not a regular file".into())
}

/// Whether `meta` is the file standard output writes to (`/dev/stdout`, or the file the
/// shell redirected it to).
#[cfg(unix)]
fn same_file_as_stdout(meta: &fs::Metadata) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else {
        return false;
    };
    match File::from(fd).metadata() {
        Ok(out) => out.dev() == meta.dev() && out.ino() == meta.ino(),
        Err(_) => false,
    }
}

#[cfg(not(unix))]
fn same_file_as_stdout(_meta: &fs::Metadata) -> bool {
    false
}

/// The folder and name of a file path.
fn split(path: &Path) -> Result<(PathBuf, OsString), String> {
    let Some(name) = path.file_name() else {
        return Err("it names no file".into());
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match fs::metadata(&dir) {
        Ok(meta) if meta.is_dir() => Ok((dir, name.to_os_string())),
        Ok(_) => Err("its folder is not a directory".into()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err("its folder does not exist".into()),
        Err(e) => Err(format!("its folder: {e}")),
    }
}

/// A file replaced through a temporary file in `dir`: checked by making and removing one.
fn replace(
    path: PathBuf,
    dir: PathBuf,
    name: OsString,
    permissions: Option<Permissions>,
) -> Result<Target, String> {
    let target = Target::Replace {
        path,
        dir,
        name,
        permissions,
    };
    let probe =
        Staged::open(&target).map_err(|e| format!("cannot create a file beside it: {e}"))?;
    drop(probe);
    Ok(target)
}

/// Numbers the temporary files of this process.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// The temporary files that exist now: removed by the signal handler and the panic hook.
static TEMPORARY: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

fn temporary() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    TEMPORARY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The longest file name taken from the output's name into a temporary file's name, so
/// that the temporary name stays within the system's limit of 255 bytes.
const TEMP_NAME_BYTES: usize = 100;

/// A temporary file beside an output, registered while it exists; removed when dropped
/// unless committed.
struct Staged {
    temp: PathBuf,
    /// The output's path.
    path: PathBuf,
    file: Option<File>,
}

impl Staged {
    /// Creates and registers a new temporary file for `target` (a [`Target::Replace`]).
    fn open(target: &Target) -> io::Result<Staged> {
        let Target::Replace {
            path,
            dir,
            name,
            permissions,
        } = target
        else {
            return Err(io::Error::other("not a regular file"));
        };
        let stem = temp_stem(name);
        loop {
            let n = NEXT_TEMP.fetch_add(1, Ordering::Relaxed);
            let mut file_name = OsString::from(".");
            file_name.push(&stem);
            file_name.push(format!(".{}.{n}.tmp", std::process::id()));
            let temp = dir.join(file_name);
            // Registered and created under one lock: the signal handler, which holds the
            // lock while it removes the files and ends the process, never misses one.
            let mut registry = temporary();
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    registry.insert(temp.clone());
                    drop(registry);
                    let staged = Staged {
                        temp,
                        path: path.clone(),
                        file: Some(file),
                    };
                    if let Some(p) = permissions {
                        fs::set_permissions(&staged.temp, p.clone())?;
                    }
                    return Ok(staged);
                }
                // Left by another run of the same process number: try the next name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1_000 => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Creates the temporary file of `output` and writes `bytes` into it.
    fn create(output: &OutputFile, bytes: &[u8]) -> Result<Staged, Failure> {
        let failed = |e: io::Error| Failure::run(format!("cannot write {}: {e}", output.name()));
        let mut staged = Staged::open(&output.target).map_err(failed)?;
        let file = staged.file.as_mut().expect("a staged file is open");
        file.write_all(bytes).map_err(failed)?;
        file.flush().map_err(failed)?;
        file.sync_all().map_err(failed)?;
        Ok(staged)
    }

    /// Renames the temporary file into place.
    fn commit(mut self) -> Result<(), Failure> {
        self.file = None;
        let mut registry = temporary();
        let renamed = fs::rename(&self.temp, &self.path);
        if renamed.is_ok() {
            registry.remove(&self.temp);
        }
        drop(registry);
        renamed.map_err(|e| Failure::run(format!("cannot write {}: {e}", shown_path(&self.path))))
        // On failure, dropping `self` removes the temporary file.
    }
}

impl Drop for Staged {
    /// Removes the temporary file unless it was renamed into place.
    fn drop(&mut self) {
        self.file = None;
        let mut registry = temporary();
        if registry.remove(&self.temp) {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// The start of a temporary file's name: the output's name, cut to [`TEMP_NAME_BYTES`].
fn temp_stem(name: &std::ffi::OsStr) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = name.as_bytes();
        std::ffi::OsStr::from_bytes(&bytes[..bytes.len().min(TEMP_NAME_BYTES)]).to_os_string()
    }
    #[cfg(not(unix))]
    {
        let text: String = name
            .to_string_lossy()
            .chars()
            .take(TEMP_NAME_BYTES / 4)
            .collect();
        OsString::from(text)
    }
}

/// Removes every registered temporary file. Returns the registry still locked, so that no
/// new one is made before the process ends.
fn remove_temporary_files() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    let mut registry = temporary();
    for temp in std::mem::take(&mut *registry) {
        let _ = fs::remove_file(temp);
    }
    registry
}

/// Installs, once, what removes the temporary files when the process is stopped: a thread
/// that waits for SIGINT, SIGTERM and SIGHUP, and a panic hook. `signal-hook` gives the
/// handler without unsafe code here: its handler only wakes the thread, which removes the
/// files and then ends the process by the same signal, as if there had been no handler.
fn install_cleanup() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Ok(mut registry) = TEMPORARY.try_lock() {
                for temp in std::mem::take(&mut *registry) {
                    let _ = fs::remove_file(temp);
                }
            }
            previous(info);
        }));
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            {
                let _ = std::thread::Builder::new()
                    .name("ply-signals".into())
                    .spawn(move || {
                        if let Some(signal) = signals.forever().next() {
                            let _registry = remove_temporary_files();
                            let _ = signal_hook::low_level::emulate_default_handler(signal);
                            std::process::exit(128 + signal);
                        }
                    });
            }
        }
    });
}

/// The first failed write to standard output, if any.
static STDOUT_FAILURE: Mutex<Option<String>> = Mutex::new(None);

/// Standard output, remembering its first failure (see [`finish_stdout`]).
pub(crate) struct Stdout(io::Stdout);

/// Standard output for the whole program: every write that fails is remembered, even where
/// the writer ignores the error, so that the program's exit status reports it.
pub(crate) fn stdout() -> Stdout {
    Stdout(io::stdout())
}

fn remember<T>(result: io::Result<T>) -> io::Result<T> {
    if let Err(e) = &result {
        let mut first = STDOUT_FAILURE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        first.get_or_insert_with(|| e.to_string());
    }
    result
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        remember(self.0.write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        remember(self.0.write_all(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        remember(self.0.flush())
    }
}

/// Flushes standard output and reports any write to it that failed during the run, as a
/// failure with exit status 1.
pub(crate) fn finish_stdout() -> Result<(), Failure> {
    let _ = stdout().flush();
    let first = STDOUT_FAILURE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    match first {
        Some(e) => Err(Failure::run(format!("cannot write standard output: {e}"))),
        None => Ok(()),
    }
}

/// Refuses to run with standard output closed (`ply ... >&-`): the answers would be lost
/// without a word. The Rust runtime gives a closed standard stream `/dev/null`, opened for
/// reading and writing, before `main` runs (so that no file opened later takes its place);
/// that is how a closed standard output shows here. (`>/dev/null` opens it for writing
/// only, and is accepted.)
#[cfg(target_os = "linux")]
pub(crate) fn check_stdout_open() -> Result<(), Failure> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let closed = match io::stdout().as_fd().try_clone_to_owned() {
        Err(_) => true,
        Ok(fd) => {
            let null = fs::metadata("/dev/null");
            match (File::from(fd).metadata(), null) {
                (Ok(out), Ok(null)) => {
                    out.file_type().is_char_device()
                        && out.rdev() == null.rdev()
                        && opened_for_reading_and_writing(1)
                }
                _ => false,
            }
        }
    };
    if closed {
        Err(Failure::run("standard output is closed"))
    } else {
        Ok(())
    }
}

/// Whether the file descriptor `fd` of this process was opened for reading and writing
/// (`O_RDWR`, from the `flags` line of `/proc/self/fdinfo/FD`).
#[cfg(target_os = "linux")]
fn opened_for_reading_and_writing(fd: u32) -> bool {
    let Ok(info) = fs::read_to_string(format!("/proc/self/fdinfo/{fd}")) else {
        return false;
    };
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        .is_some_and(|flags| flags & 0o3 == 0o2)
}

/// Refuses to run with standard output closed: not detectable on this system.
#[cfg(not(target_os = "linux"))]
pub(crate) fn check_stdout_open() -> Result<(), Failure> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests that make temporary files run one at a time: the panic hook's test removes
    /// every registered one.
    static SERIAL: Mutex<()> = Mutex::new(());

    fn scratch(name: &str) -> (MutexGuard<'static, ()>, PathBuf) {
        let serial = SERIAL
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let dir = std::env::temp_dir().join(format!("ply-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        (serial, dir)
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_written_claim_replaces_the_file_whole() {
        let (_serial, dir) = scratch("write");
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        let claim = OutputFile::claim(&path).unwrap();
        assert_eq!(entries(&dir), ["out.txt"], "the claim made nothing");
        claim.write(b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(&dir), ["out.txt"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unwritten_claim_leaves_nothing_behind() {
        let (_serial, dir) = scratch("abandon");
        let path = dir.join("out.svg");
        drop(OutputFile::claim(&path).unwrap());
        assert!(entries(&dir).is_empty());
        fs::write(&path, "kept").unwrap();
        drop(OutputFile::claim(&path).unwrap());
        assert_eq!(fs::read_to_string(&path).unwrap(), "kept");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn paths_that_cannot_be_written_are_refused_at_once() {
        let (_serial, dir) = scratch("refuse");
        let missing = dir.join("no/such/folder/out.svg");
        let e = OutputFile::claim(&missing).unwrap_err();
        assert!(e.to_string().starts_with("cannot write"), "{e}");
        assert!(e.to_string().contains("does not exist"), "{e}");
        let e = OutputFile::claim(&dir).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
        let e = OutputFile::claim(Path::new("")).unwrap_err();
        assert!(e.to_string().contains("empty"), "{e}");
        let e = OutputFile::claim(&dir.join("new/")).unwrap_err();
        assert!(e.to_string().contains("folder"), "{e}");
        assert!(entries(&dir).is_empty());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_dash_is_standard_output() {
        let out = OutputFile::claim(Path::new("-")).unwrap();
        assert!(out.is_stdout());
        assert_eq!(out.name(), "standard output");
    }

    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_read_only_one_is_refused() {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let (_serial, dir) = scratch("mode");
            let path = dir.join("private.book");
            fs::write(&path, "old").unwrap();
            fs::set_permissions(&path, Permissions::from_mode(0o600)).unwrap();
            OutputFile::claim(&path).unwrap().write(b"new").unwrap();
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
            fs::set_permissions(&path, Permissions::from_mode(0o444)).unwrap();
            let e = OutputFile::claim(&path).unwrap_err();
            assert!(e.to_string().contains("read-only"), "{e}");
            assert_eq!(fs::read_to_string(&path).unwrap(), "new");
            let _ = fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_symbolic_link_is_followed_and_kept() {
        #[cfg(unix)]
        {
            let (_serial, dir) = scratch("link");
            fs::create_dir(dir.join("sub")).unwrap();
            fs::write(dir.join("sub/target.txt"), "old").unwrap();
            std::os::unix::fs::symlink("sub/target.txt", dir.join("link")).unwrap();
            OutputFile::claim(&dir.join("link"))
                .unwrap()
                .write(b"new")
                .unwrap();
            assert!(
                fs::symlink_metadata(dir.join("link"))
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(
                fs::read_to_string(dir.join("sub/target.txt")).unwrap(),
                "new"
            );
            assert_eq!(entries(&dir.join("sub")), ["target.txt"]);
            std::os::unix::fs::symlink("nowhere", dir.join("dangling")).unwrap();
            let e = OutputFile::claim(&dir.join("dangling")).unwrap_err();
            assert!(e.to_string().contains("symbolic link to nothing"), "{e}");
            let _ = fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn long_names_get_temporary_files_within_the_limit() {
        let (_serial, dir) = scratch("long");
        let path = dir.join("n".repeat(255));
        OutputFile::claim(&path).unwrap().write(b"x").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"x");
        assert_eq!(entries(&dir).len(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn messages_show_at_most_the_end_of_a_long_path() {
        let long = PathBuf::from(format!("/{}/out.svg", "d".repeat(5_000)));
        let e = OutputFile::claim(&long).unwrap_err().to_string();
        assert!(e.len() < 200, "{e}");
        assert!(e.contains("…") && e.contains("/out.svg"), "{e}");
        assert_eq!(shown_path(Path::new("a/b.svg")), "a/b.svg");
    }

    #[test]
    fn a_failed_write_together_leaves_no_new_file() {
        let (_serial, dir) = scratch("together");
        let good = dir.join("good.svg");
        let gone = dir.join("gone");
        fs::create_dir(&gone).unwrap();
        let bad = gone.join("bad.dot");
        let outputs = vec![
            (OutputFile::claim(&good).unwrap(), &b"svg"[..]),
            (OutputFile::claim(&bad).unwrap(), &b"dot"[..]),
        ];
        // The folder disappears between the claim and the write.
        fs::remove_dir(&gone).unwrap();
        assert!(write_together(outputs).is_err());
        assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_panic_hook_removes_the_temporary_files() {
        let (_serial, dir) = scratch("panic");
        let out = OutputFile::claim(&dir.join("out.txt")).unwrap();
        let staged = Staged::open(&out.target).unwrap();
        let temp = staged.temp.clone();
        assert!(temp.exists());
        // The hook runs before unwinding, while the file still exists and is registered.
        std::mem::forget(staged);
        let caught = std::panic::catch_unwind(|| panic!("a panic while writing"));
        assert!(caught.is_err());
        assert!(!temp.exists(), "{temp:?}");
        let _ = fs::remove_dir_all(&dir);
    }
}
