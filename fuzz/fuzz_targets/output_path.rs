//! `ply`'s output writer (`crates/cli/src/output.rs`, compiled here as it is in the program):
//! whatever path a user gives an output option, built from the names of a scratch folder that
//! holds every kind of node (a file, a read-only file, a folder, links to each, a link to
//! nothing, a link loop, a FIFO, a link to `/dev/null`) and from `.`, `..`, empty, long,
//! non-UTF-8 and new names, the writer never panics; it either refuses the path with a short
//! message or writes the contents whole to where the path leads; no node that was there
//! changes its kind or its link target, the read-only file is never touched, a refused path
//! leaves the folder exactly as it was, and no temporary file is ever left behind.
#![no_main]

use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/cli/src/failure.rs"]
mod failure;
#[allow(dead_code)]
#[path = "../../crates/cli/src/output.rs"]
mod output;

use failure::Failure;

/// The scratch folder: `BASE/a/b/root`, so that up to two `..` above `root` stay inside.
struct Sandbox {
    base: PathBuf,
    root: PathBuf,
    /// Every node as [`build`] made them.
    first: Vec<(PathBuf, String, Option<PathBuf>)>,
}

/// The names a path is built from.
const NAMES: [&[u8]; 20] = [
    b"file",
    b"ro",
    b"dir",
    b"inner",
    b"link",
    b"dirlink",
    b"dangling",
    b"loop",
    b"fifo",
    b"null",
    b".",
    b"..",
    b"",
    b"new",
    b"-",
    b"new.svg",
    b"a\nb",
    b"\xff\xfe",
    b"LONG",
    b"TOOLONG",
];

fn sandbox() -> &'static Sandbox {
    static SANDBOX: OnceLock<Sandbox> = OnceLock::new();
    SANDBOX.get_or_init(|| {
        let base = PathBuf::from(format!("/dev/shm/ply-fuzz-output-{}", std::process::id()));
        let _ = fs::remove_dir_all(&base);
        let root = base.join("a/b/root");
        fs::create_dir_all(&root).unwrap();
        build(&root);
        let mut first = Vec::new();
        snapshot(&base, &mut first);
        Sandbox { base, root, first }
    })
}

/// Makes the nodes of the scratch folder.
fn build(root: &Path) {
    use std::os::unix::fs::{PermissionsExt, symlink};
    fs::write(root.join("file"), b"old").unwrap();
    fs::write(root.join("ro"), b"read-only").unwrap();
    fs::set_permissions(root.join("ro"), fs::Permissions::from_mode(0o444)).unwrap();
    fs::create_dir(root.join("dir")).unwrap();
    fs::write(root.join("dir/inner"), b"old").unwrap();
    symlink("file", root.join("link")).unwrap();
    symlink("dir", root.join("dirlink")).unwrap();
    symlink("missing", root.join("dangling")).unwrap();
    symlink("loop", root.join("loop")).unwrap();
    symlink("/dev/null", root.join("null")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(root.join("fifo"))
        .status()
        .unwrap();
    assert!(made.success());
}

/// Every entry under `dir`, as (path, kind, link target), recursively (not through links).
fn snapshot(dir: &Path, out: &mut Vec<(PathBuf, String, Option<PathBuf>)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let meta = fs::symlink_metadata(&path).unwrap();
        let kind = meta.file_type();
        let (name, target) = if kind.is_symlink() {
            ("link", Some(fs::read_link(&path).unwrap()))
        } else if kind.is_dir() {
            ("dir", None)
        } else if kind.is_fifo() {
            ("fifo", None)
        } else if kind.is_file() {
            ("file", None)
        } else {
            ("other", None)
        };
        out.push((path.clone(), name.to_string(), target));
        if kind.is_dir() {
            snapshot(&path, out);
        }
    }
}

/// Puts the scratch folder back as [`build`] made it, given its first snapshot: removes what
/// was added, writes the files' contents again.
fn reset(sandbox: &Sandbox, first: &[(PathBuf, String, Option<PathBuf>)]) {
    let mut now = Vec::new();
    snapshot(&sandbox.base, &mut now);
    for (path, kind, _) in now.iter().rev() {
        if !first.iter().any(|(p, _, _)| p == path) {
            if kind == "dir" {
                let _ = fs::remove_dir_all(path);
            } else {
                let _ = fs::remove_file(path);
            }
        }
    }
    fs::write(sandbox.root.join("file"), b"old").unwrap();
    fs::write(sandbox.root.join("dir/inner"), b"old").unwrap();
}

/// The contents of the files [`build`] made.
const CONTENTS: [&[u8]; 3] = [b"old", b"read-only", b"old"];

fn contents(root: &Path) -> [Vec<u8>; 3] {
    [
        fs::read(root.join("file")).unwrap(),
        fs::read(root.join("ro")).unwrap(),
        fs::read(root.join("dir/inner")).unwrap(),
    ]
}

fn unchanged(root: &Path) -> bool {
    contents(root).iter().zip(CONTENTS).all(|(now, old)| now == old)
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let count = usize::from(shape % 6) + 1;
    if rest.len() < count {
        return;
    }
    let (picks, bytes) = rest.split_at(count);
    let sandbox = sandbox();
    // The path: the whole of it `-` sometimes; otherwise names joined under the root.
    let mut path = sandbox.root.as_os_str().as_bytes().to_vec();
    let mut depth = 0i32;
    for &pick in picks {
        let name: Vec<u8> = match NAMES[usize::from(pick) % NAMES.len()] {
            b"LONG" => vec![b'n'; 255],
            b"TOOLONG" => vec![b'n'; 256],
            other => other.to_vec(),
        };
        match name.as_slice() {
            b".." => depth -= 1,
            b"." | b"" => {}
            _ => depth += 1,
        }
        if depth < -2 {
            return; // out of the scratch folder
        }
        path.push(b'/');
        path.extend_from_slice(&name);
    }
    let path = if shape >= 250 {
        PathBuf::from("-")
    } else {
        PathBuf::from(std::ffi::OsStr::from_bytes(&path))
    };

    let before = &sandbox.first;
    let null_before = fs::metadata("/dev/null").unwrap().file_type().is_char_device();

    let claimed = output::OutputFile::claim(&path);
    if path == Path::new("-") {
        assert!(claimed.as_ref().is_ok_and(output::OutputFile::is_stdout));
    }
    let written = match claimed {
        Err(e) => {
            let message = e.to_string();
            assert!(message.chars().count() < 160, "{message}");
            Err(message)
        }
        // `-`, or a path to the file standard output writes to.
        Ok(out) if out.is_stdout() => Ok(false),
        Ok(out) => {
            let target = fs::metadata(&path).ok();
            let fifo = target.as_ref().is_some_and(|m| m.file_type().is_fifo());
            if fifo {
                Ok(false) // nobody reads it
            } else {
                match out.write(bytes) {
                    Ok(()) => {
                        let meta = fs::metadata(&path).unwrap();
                        if meta.is_file() {
                            assert_eq!(fs::read(&path).unwrap(), bytes);
                        } else {
                            assert!(meta.file_type().is_char_device(), "{path:?}");
                        }
                        Ok(true)
                    }
                    Err(e) => Err(e.to_string()),
                }
            }
        }
    };

    let mut after = Vec::new();
    snapshot(&sandbox.base, &mut after);
    let pid = format!(".{}.", std::process::id());
    for (p, _, _) in &after {
        let name = p.file_name().unwrap().to_string_lossy();
        assert!(
            !(name.starts_with('.') && name.contains(&pid) && name.ends_with(".tmp")),
            "a temporary file is left: {p:?}"
        );
    }
    // Every node that was there is still there, of the same kind and link target.
    for node in before {
        assert!(after.contains(node), "{node:?} changed writing {path:?}");
    }
    assert_eq!(fs::read(sandbox.root.join("ro")).unwrap(), b"read-only");
    assert!(null_before && fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    match written {
        Err(_) | Ok(false) => {
            assert_eq!(&after, before, "{path:?}: {written:?}");
            assert!(unchanged(&sandbox.root), "{path:?}: {written:?}");
        }
        Ok(true) => {
            // At most one new node: the file written.
            assert!(after.len() <= before.len() + 1, "{after:?}");
        }
    }
    if &after != before || !unchanged(&sandbox.root) {
        reset(sandbox, before);
    }
});
