//! Every file `ply` writes, given what a user may name instead of a plain file: a device, a
//! FIFO, a symbolic link, `-`, a folder, a link to nothing. The node named is never replaced
//! (the tests make their own FIFOs and links in a scratch folder, and only write to
//! `/dev/null` and `/dev/full`, checking that `/dev/null` is still a character device), the
//! contents arrive whole where they should, and no temporary file is left, even when the
//! program is stopped by a signal while it writes.

use std::fs;
use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-output-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `ply ARGS` in `dir` with nothing on stdin (a closed pipe).
fn ply_in(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("ply ends");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The names in `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The data the commands read, as absolute paths.
fn data(path: &str) -> String {
    format!("{}/../../data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// One output option of one command: the arguments with `{}` where the path goes.
struct OutputOption {
    args: Vec<String>,
}

impl OutputOption {
    fn new(args: &[&str]) -> Self {
        OutputOption {
            args: args.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn with(&self, path: &str) -> Vec<String> {
        self.args
            .iter()
            .map(|a| {
                if a == "{}" {
                    path.to_string()
                } else {
                    a.clone()
                }
            })
            .collect()
    }

    fn run(&self, dir: &Path, path: &str) -> Output {
        let args = self.with(path);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        ply_in(dir, &refs)
    }
}

/// Every option that names a file to write, with a small, deterministic run; the file
/// name's extension is added by each test (`--render` chooses its format by it).
fn output_options() -> Vec<(OutputOption, &'static str)> {
    let arena = data("movingai/arena.map");
    vec![
        (
            OutputOption::new(&["tree", "--game", "ttt", "--playouts", "300", "--svg", "{}"]),
            "svg",
        ),
        (
            OutputOption::new(&["tree", "--game", "ttt", "--playouts", "300", "--dot", "{}"]),
            "dot",
        ),
        (
            OutputOption::new(&[
                "book", "build", "--game", "ttt", "--depth", "3", "-q", "-o", "{}",
            ]),
            "book",
        ),
        (
            OutputOption::new(&["path", &arena, "--limit", "3", "--render", "{}"]),
            "svg",
        ),
        (
            OutputOption::new(&["path", &arena, "--limit", "3", "--render", "{}"]),
            "png",
        ),
    ]
}

/// What each option writes to a plain new file.
fn plain_contents(option: &OutputOption, ext: &str, dir: &Path) -> Vec<u8> {
    let name = format!("plain.{ext}");
    let out = option.run(dir, &name);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let bytes = fs::read(dir.join(&name)).unwrap();
    assert!(!bytes.is_empty());
    fs::remove_file(dir.join(&name)).unwrap();
    bytes
}

#[test]
fn a_symbolic_link_is_kept_and_its_target_written_whole() {
    if !crate::common::in_repository("data/") {
        return;
    }
    for (k, (option, ext)) in output_options().into_iter().enumerate() {
        let dir = scratch(&format!("link-{k}"));
        let expected = plain_contents(&option, ext, &dir);
        fs::create_dir(dir.join("real")).unwrap();
        let target = dir.join(format!("real/target.{ext}"));
        fs::write(&target, b"old contents").unwrap();
        let link = format!("link.{ext}");
        std::os::unix::fs::symlink(&target, dir.join(&link)).unwrap();
        let out = option.run(&dir, &link);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let meta = fs::symlink_metadata(dir.join(&link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{:?}", option.args);
        assert_eq!(fs::read_link(dir.join(&link)).unwrap(), target);
        assert_eq!(fs::read(&target).unwrap(), expected, "{:?}", option.args);
        assert_eq!(entries(&dir), ["link.".to_string() + ext, "real".into()]);
        assert_eq!(entries(&dir.join("real")), [format!("target.{ext}")]);
        // A link to nothing is refused, and nothing is made.
        let dangling = format!("dangling.{ext}");
        std::os::unix::fs::symlink(dir.join("nowhere"), dir.join(&dangling)).unwrap();
        let out = option.run(&dir, &dangling);
        assert_eq!(out.status.code(), Some(2), "{:?}", option.args);
        assert!(
            text(&out.stderr).contains("a symbolic link to nothing"),
            "{}",
            text(&out.stderr)
        );
        assert!(!dir.join("nowhere").exists());
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    if !crate::common::in_repository("data/") {
        return;
    }
    for (k, (option, ext)) in output_options().into_iter().enumerate() {
        let dir = scratch(&format!("fifo-{k}"));
        let expected = plain_contents(&option, ext, &dir);
        let fifo = dir.join(format!("pipe.{ext}"));
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        // The reader opens the FIFO and reads until the writer closes it.
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                fs::File::open(&fifo)
                    .unwrap()
                    .read_to_end(&mut bytes)
                    .unwrap();
                bytes
            })
        };
        let out = option.run(&dir, &format!("pipe.{ext}"));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let read = reader.join().unwrap();
        assert_eq!(read, expected, "{:?}", option.args);
        let meta = fs::symlink_metadata(&fifo).unwrap();
        assert!(meta.file_type().is_fifo(), "{:?}", option.args);
        assert_eq!(entries(&dir), [format!("pipe.{ext}")]);
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn dev_null_is_written_and_stays_a_device_and_dev_full_fails() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("devices");
    for (option, _) in output_options() {
        // `--render` takes its format from the name: /dev/null has none, and is refused.
        let render = option.args.iter().any(|a| a == "--render");
        let out = option.run(&dir, "/dev/null");
        let expected = if render { 2 } else { 0 };
        assert_eq!(
            out.status.code(),
            Some(expected),
            "{:?}: {}",
            option.args,
            text(&out.stderr)
        );
        let meta = fs::symlink_metadata("/dev/null").unwrap();
        assert!(meta.file_type().is_char_device(), "{:?}", option.args);
        if !render {
            let out = option.run(&dir, "/dev/full");
            assert_eq!(out.status.code(), Some(1), "{:?}", option.args);
            assert!(
                text(&out.stderr).contains("No space left"),
                "{}",
                text(&out.stderr)
            );
            let meta = fs::symlink_metadata("/dev/full").unwrap();
            assert!(meta.file_type().is_char_device());
        }
    }
    assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_dash_is_standard_output_for_every_option_that_can_take_it() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("dash");
    for (option, ext) in output_options() {
        if option.args.iter().any(|a| a == "--render") {
            // The path report is on standard output: a picture cannot share it.
            let out = option.run(&dir, "-");
            assert_eq!(out.status.code(), Some(2), "{:?}", option.args);
            continue;
        }
        let expected = plain_contents(&option, ext, &dir);
        let out = option.run(&dir, "-");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(out.stdout, expected, "{:?}", option.args);
        // /dev/stdout is standard output too.
        let out = option.run(&dir, "/dev/stdout");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(out.stdout, expected, "{:?}", option.args);
    }
    assert!(
        entries(&dir).is_empty(),
        "no file named -: {:?}",
        entries(&dir)
    );
    // Two outputs cannot both be standard output, nor the same file.
    for (svg, dot) in [("-", "-"), ("same", "same")] {
        let out = ply_in(
            &dir,
            &[
                "tree",
                "--game",
                "ttt",
                "--playouts",
                "10",
                "--svg",
                svg,
                "--dot",
                dot,
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    }
    assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn folders_and_missing_folders_are_refused_before_any_work() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("refused");
    for (option, ext) in output_options() {
        let _ = fs::create_dir(dir.join(format!("folder.{ext}")));
        for path in [
            format!("folder.{ext}"),
            format!("missing/out.{ext}"),
            String::new(),
        ] {
            let out = option.run(&dir, &path);
            assert_eq!(out.status.code(), Some(2), "{:?} {path}", option.args);
            assert!(
                out.stdout.is_empty(),
                "no work before the refusal: {}",
                text(&out.stdout)
            );
        }
    }
    assert_eq!(
        entries(&dir),
        ["folder.book", "folder.dot", "folder.png", "folder.svg"]
    );
    let _ = fs::remove_dir_all(&dir);
}

/// The temporary files of `dir` (`.NAME.PID.N.tmp`).
fn temporary_files(dir: &Path) -> Vec<String> {
    entries(dir)
        .into_iter()
        .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
        .collect()
}

#[test]
fn a_signal_while_writing_leaves_no_temporary_file_and_no_new_file() {
    for signal in ["TERM", "INT", "HUP"] {
        let dir = scratch(&format!("signal-{signal}"));
        fs::write(dir.join("out.dot"), b"the old file").unwrap();
        // The DOT file is written into its temporary file first, then the SVG (megabytes)
        // to standard output, which nobody reads: the program waits there, with the
        // temporary file in place, until the signal comes.
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args([
                "tree",
                "--game",
                "ttt",
                "--playouts",
                "3000",
                "--levels",
                "9",
                "--svg",
                "-",
                "--dot",
                "out.dot",
            ])
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Waits for the temporary file (no time limit: the program makes it or ends).
        loop {
            if !temporary_files(&dir).is_empty() {
                break;
            }
            if let Some(status) = child.try_wait().unwrap() {
                panic!("ended before writing: {status}");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = child.wait().unwrap();
        let number = match signal {
            "TERM" => 15,
            "INT" => 2,
            _ => 1,
        };
        assert_eq!(status.signal(), Some(number), "{status}");
        assert!(
            temporary_files(&dir).is_empty(),
            "{signal}: {:?}",
            entries(&dir)
        );
        assert_eq!(fs::read(dir.join("out.dot")).unwrap(), b"the old file");
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn standard_output_closed_early_leaves_no_new_file() {
    let dir = scratch("early");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "tree",
            "--game",
            "ttt",
            "--playouts",
            "3000",
            "--levels",
            "9",
            "--svg",
            "-",
            "--dot",
            "out.dot",
        ])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read a little of the SVG, then close the pipe, as `| head` does.
    let mut stdout = child.stdout.take().unwrap();
    let mut head = [0u8; 100];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("cannot write standard output"),
        "{}",
        text(&out.stderr)
    );
    assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
    let _ = fs::remove_dir_all(&dir);
}
