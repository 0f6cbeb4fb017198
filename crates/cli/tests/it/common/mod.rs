//! What the tests that drive the `ply` binary share: running it, and checking its SVG.
// Each test file uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `ply ARGS` with `input` on stdin: (exit code, stdout, stderr). Fails the test if
/// ply panicked.
pub fn ply(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ply");
    let mut stdin = child.stdin.take().expect("stdin");
    // The child may stop reading early (it has all it needs): a broken pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("wait for ply");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "ply panicked: {err}");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        err,
    )
}

/// Runs `ply COMMAND ARGS` with `input` on stdin, as [`ply`].
pub fn ply_command(command: &str, args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut all = vec![command];
    all.extend_from_slice(args);
    ply(&all, input)
}

/// Tags open and close in order, attributes are quoted: enough to catch broken output.
pub fn assert_well_formed(svg: &str) {
    assert!(
        svg.starts_with("<?xml") || svg.starts_with("<svg"),
        "{}",
        &svg[..80]
    );
    let mut stack = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("unclosed tag");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') {
            continue;
        }
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes in <{tag}>"
        );
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap().to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
}

/// The values `--help` lists for `flag` of `ply COMMAND...` (its "Possible values" lines):
/// what clap offers, so a test can try every value a person is shown.
pub fn possible_values(command: &[&str], flag: &str) -> Vec<String> {
    let mut args = command.to_vec();
    args.push("--help");
    let (code, help, err) = ply(&args, b"");
    assert_eq!(code, 0, "{err}");
    let option = |l: &str| {
        let l = l.trim_start();
        l.starts_with('-') && !l.starts_with("- ")
    };
    let is_flag = |l: &str| l.trim_start().split([' ', ',']).any(|word| word == flag);
    let mut lines = help.lines().skip_while(|l| !(option(l) && is_flag(l)));
    assert!(lines.next().is_some(), "no {flag} in {help}");
    let mut values = Vec::new();
    let mut listing = false;
    for line in lines.take_while(|l| !option(l)) {
        let line = line.trim();
        if line == "Possible values:" {
            listing = true;
        } else if let Some(value) = line.strip_prefix("- ").filter(|_| listing) {
            values.push(value.split(':').next().unwrap().trim().to_string());
        }
    }
    assert!(!values.is_empty(), "no values of {flag} in {help}");
    values
}

/// Whether these tests run inside the repository, beside its `data/`, `docs/` and READMEs.
/// A published package ships none of them: outside the repository a test that reads them
/// skips, and this says so on standard error, naming what it needed.
pub fn in_repository(needs: &str) -> bool {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let inside = root.join("Cargo.toml").is_file() && root.join("crates").is_dir();
    if !inside {
        eprintln!(
            "skipped: this test needs the repository's {needs}, which the package does not ship"
        );
    }
    inside
}
