//! Every example the program shows, run as a user would run it: the `Examples:` of `ply
//! --help` and of every command's `--help` (found by walking the command list, so a new
//! command's examples are tested without touching this file), and the commands in the
//! READMEs' shell blocks. Each runs through `sh` in a scratch directory that holds the test
//! data, with the connect4 sets cut to their first lines (small inputs, same format), and must
//! exit with status 0. `cargo` commands in the READMEs are checked for the packages, examples
//! and paths they name.
//!
//! No example has a time limit: each is bounded by its own work (moves, playouts, lines of
//! input, time per move), so the verdict does not depend on the machine's speed. An example
//! that asks for input gets a closed pipe (the end of its input at once), never `/dev/null`.
//! Each runs in a process group of its own, which is killed whole (`sh` and the `ply` it
//! started) if the test stops before the example ends.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Lines kept of each Connect Four benchmark set.
const SET_LINES: usize = 5;

/// One example and where it was shown.
#[derive(Debug)]
struct Example {
    source: String,
    command: String,
}

fn ply_output(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("run ply");
    assert!(out.status.success(), "ply {args:?} failed");
    String::from_utf8(out.stdout).expect("help is text")
}

/// The command names under `Commands:` in a help text (without `help`).
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The lines of the `Examples:` section of a help text.
fn examples_in_help(help: &str, source: &str) -> Vec<Example> {
    help.lines()
        .skip_while(|l| l.trim() != "Examples:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| Example {
            source: source.to_string(),
            command: l.trim().to_string(),
        })
        .collect()
}

/// Every help text's examples: `ply --help`, then each command's and each subcommand's, in
/// the order the helps list them (a book is built before it is read).
fn help_examples() -> Vec<Example> {
    let mut examples = Vec::new();
    let mut pending = vec![Vec::<String>::new()];
    while let Some(path) = pending.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = ply_output(&args);
        let source = format!("ply {}", args.join(" "));
        examples.extend(examples_in_help(&help, &source));
        for name in commands(&help).into_iter().rev() {
            let mut sub = path.clone();
            sub.push(name);
            pending.push(sub);
        }
    }
    examples
}

/// The lines of the ```sh blocks of a Markdown file.
fn shell_lines(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("README");
    let mut lines = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside && line.trim() == "```sh";
            continue;
        }
        if inside && !line.trim().is_empty() {
            lines.push(line.trim().to_string());
        }
    }
    lines
}

/// The README examples: `ply` commands to run, `cargo` commands to check, and the web
/// page's commands (its build script and a static server of its folder) to check.
fn readme_examples() -> (Vec<Example>, Vec<Example>, Vec<Example>) {
    let (mut ply, mut cargo, mut web) = (Vec::new(), Vec::new(), Vec::new());
    for file in ["README.md", "crates/cli/README.md"] {
        for line in shell_lines(&root().join(file)) {
            let run_prefix = "cargo run --release -p plysearch-cli -- ";
            let example = |command: String| Example {
                source: file.to_string(),
                command,
            };
            if let Some(rest) = line.strip_prefix(run_prefix) {
                ply.push(example(format!("ply {rest}")));
            } else if line == "cargo run --release -p plysearch-cli" {
                ply.push(example("ply".to_string()));
            } else if line.starts_with("ply ") || line == "ply" {
                ply.push(example(line));
            } else if line.starts_with("cargo ") {
                cargo.push(example(line));
            } else if line.starts_with("web/") || line.starts_with("python3 -m http.server") {
                web.push(example(line));
            } else {
                panic!(
                    "{file}: a shell line that is neither ply, cargo nor the web page's: {line}"
                );
            }
        }
    }
    (ply, cargo, web)
}

/// A scratch directory with the test data: the Connect Four sets cut short, the maps as
/// they are, and the folders the examples write into.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-examples-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data/connect4")).unwrap();
    std::fs::create_dir_all(dir.join("docs/images")).unwrap();
    let sets = root().join("data/connect4");
    for entry in std::fs::read_dir(&sets).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_owned();
        let target = dir.join("data/connect4").join(&name);
        if name.to_string_lossy().starts_with("Test_") {
            let text = std::fs::read_to_string(&path).unwrap();
            let head: Vec<&str> = text.lines().take(SET_LINES).collect();
            std::fs::write(target, head.join("\n") + "\n").unwrap();
        } else {
            std::fs::copy(&path, target).unwrap();
        }
    }
    std::os::unix::fs::symlink(root().join("data/movingai"), dir.join("data/movingai")).unwrap();
    dir
}

/// A running example: its process group is killed when this is dropped before the example
/// ended (a test that panics or is stopped), so that no `ply` outlives its test.
struct Running {
    child: Child,
    ended: bool,
}

impl Running {
    /// Kills the example's process group: `sh` and everything it started.
    fn kill_group(&mut self) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-KILL", "--", &group])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.ended {
            self.kill_group();
        }
    }
}

/// Starts `command` with `sh` in `dir`, with `ply` on the path, in a process group of its
/// own, its input a closed pipe.
fn spawn(command: &str, dir: &Path) -> Result<Running, String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_ply")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let mut running = Running {
        child,
        ended: false,
    };
    // The end of the input, at once.
    drop(running.child.stdin.take());
    Ok(running)
}

/// Runs an example to its end: its time, or why it failed.
fn run(example: &Example, dir: &Path) -> Result<Duration, String> {
    let started = Instant::now();
    let mut running = spawn(&example.command, dir)?;
    // Standard output is read and dropped, so that a long output never blocks the example.
    let mut stdout = running.child.stdout.take().expect("stdout is piped");
    let drain = std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let mut err = String::new();
    if let Some(mut pipe) = running.child.stderr.take() {
        let _ = pipe.read_to_string(&mut err);
    }
    let status = running.child.wait().map_err(|e| e.to_string())?;
    running.ended = true;
    let _ = drain.join();
    if !status.success() {
        return Err(format!("exit status {status}: {err}"));
    }
    if err.contains("panicked") {
        return Err(format!("panicked: {err}"));
    }
    Ok(started.elapsed())
}

/// Examples that run at once: many are bounded by a time per move, so running several
/// together shortens the wait without changing what each does.
const WORKERS: usize = 4;

#[test]
fn every_example_of_the_help_and_the_readmes_runs() {
    if !crate::common::in_repository("data/ and READMEs") {
        return;
    }
    let dir = scratch();
    let mut examples = help_examples();
    let (readme, _, _) = readme_examples();
    // At least the main help's and every command's examples were found.
    assert!(examples.len() >= 30, "{examples:#?}");
    assert!(readme.len() >= 10, "{readme:#?}");
    examples.extend(readme);
    // The examples that build books run first, in the order shown: others read the books.
    let (builds, rest): (Vec<&Example>, Vec<&Example>) = examples
        .iter()
        .partition(|e| e.command.contains("book build"));
    let mut results: Vec<(&Example, Result<Duration, String>)> =
        builds.iter().map(|e| (*e, run(e, &dir))).collect();
    let queue = std::sync::Mutex::new(rest.into_iter());
    let done = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| {
                loop {
                    let next = queue.lock().unwrap().next();
                    let Some(example) = next else { break };
                    let result = run(example, &dir);
                    done.lock().unwrap().push((example, result));
                }
            });
        }
    });
    results.extend(done.into_inner().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    let mut failures = Vec::new();
    let mut times = Vec::new();
    for (example, result) in &results {
        match result {
            Ok(time) => times.push((*time, example.command.clone())),
            Err(why) => failures.push(format!("{}: `{}`: {why}", example.source, example.command)),
        }
    }
    assert_eq!(results.len(), examples.len());
    times.sort();
    eprintln!("examples, slowest first:");
    for (time, command) in times.iter().rev() {
        eprintln!("  {:6.1} s  {command}", time.as_secs_f64());
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples failed:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}

#[test]
fn the_readmes_cargo_commands_name_real_packages_examples_and_paths() {
    if !crate::common::in_repository("data/ and READMEs") {
        return;
    }
    let (_, cargo, _) = readme_examples();
    assert!(!cargo.is_empty());
    let manifests: Vec<(String, PathBuf)> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .chain([root().join("benches")])
        .filter_map(|dir| {
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
            let name = manifest
                .lines()
                .find_map(|l| l.strip_prefix("name = \""))?
                .trim_end_matches('"')
                .to_string();
            Some((name, dir))
        })
        .collect();
    for example in cargo {
        let words: Vec<&str> = example.command.split_whitespace().collect();
        let after = |flag: &str| {
            words
                .iter()
                .position(|w| *w == flag)
                .and_then(|i| words.get(i + 1).copied())
        };
        if let Some(package) = after("-p") {
            let dir = manifests
                .iter()
                .find(|(name, _)| name == package)
                .map(|(_, dir)| dir)
                .unwrap_or_else(|| {
                    panic!(
                        "{}: no package {package}: {}",
                        example.source, example.command
                    )
                });
            if let Some(name) = after("--example") {
                assert!(
                    dir.join("examples").join(format!("{name}.rs")).exists(),
                    "{}: {package} has no example {name}",
                    example.source
                );
            }
        } else if let Some(path) = after("--path") {
            assert!(
                root().join(path).join("Cargo.toml").exists(),
                "{}: {path}",
                example.source
            );
        } else {
            assert!(
                example.command.starts_with("cargo test ")
                    || example.command.starts_with("cargo bench"),
                "{}: a cargo command this test cannot check: {}",
                example.source,
                example.command
            );
        }
        for word in &words {
            if word.starts_with("data/") {
                assert!(
                    root().join(word).exists(),
                    "{}: no file {word}",
                    example.source
                );
            }
        }
    }
}

#[test]
fn a_stopped_example_leaves_no_process_behind() {
    let dir = std::env::temp_dir().join(format!("ply-examples-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // `sh` starts a ply that would count for hours, and says its process number.
    let mut running = spawn("ply perft c4 40 >counts.txt & echo $!; wait", &dir).unwrap();
    let mut stdout = running.child.stdout.take().unwrap();
    let mut line = Vec::new();
    let mut byte = [0u8];
    while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let pid: u32 = String::from_utf8(line).unwrap().trim().parse().unwrap();
    let status = PathBuf::from(format!("/proc/{pid}/status"));
    assert!(std::fs::read_to_string(&status).is_ok(), "ply runs");
    // What a test that stops does: drops the example.
    drop(running);
    // The kill is sent before the drop returns; the process may take a moment to go.
    loop {
        match std::fs::read_to_string(&status) {
            Err(_) => break,
            Ok(s)
                if s.lines()
                    .any(|l| l.starts_with("State:") && l.contains('Z')) =>
            {
                break;
            }
            Ok(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The web page's commands in the README name the script CI runs to build the page (its
/// browser step runs `web/build.sh` and tests the page it builds) and serve the folder that
/// script writes.
#[test]
fn the_readmes_web_commands_build_the_page_and_serve_its_folder() {
    use std::os::unix::fs::PermissionsExt;
    if !crate::common::in_repository("data/ and READMEs") {
        return;
    }
    let (_, _, web) = readme_examples();
    assert!(
        !web.is_empty(),
        "the README shows how to build the web page"
    );
    let script = root().join("web/build.sh");
    let text = std::fs::read_to_string(&script).expect("web/build.sh");
    let mode = std::fs::metadata(&script).unwrap().permissions().mode();
    assert!(mode & 0o111 != 0, "web/build.sh is not executable");
    assert!(
        text.contains(r#"dist="$root/web/dist""#),
        "web/build.sh writes web/dist"
    );
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.contains("web/build.sh"),
        "CI builds the page with web/build.sh"
    );
    for example in web {
        let words: Vec<&str> = example.command.split_whitespace().collect();
        match words.as_slice() {
            ["web/build.sh"] => {}
            ["python3", "-m", "http.server", "-d", dir, port] => {
                assert_eq!(*dir, "web/dist", "{}: {}", example.source, example.command);
                assert!(port.parse::<u16>().is_ok(), "{}", example.command);
            }
            _ => panic!(
                "{}: an unknown web command: {}",
                example.source, example.command
            ),
        }
    }
}
