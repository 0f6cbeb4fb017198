//! Drives `ply equilibrium` as a user would: the values and strategies it prints against
//! what is known of the games (Kuhn poker's value −1/18, the calls and folds no equilibrium
//! can do otherwise, Goofspiel's value 0 by symmetry), and bad input.

use crate::common;

fn equilibrium(args: &[&str]) -> (i32, String, String) {
    common::ply_command("equilibrium", args, b"")
}

/// The number after `label` on the line starting with it.
fn number_after(out: &str, label: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no line {label} in {out}"));
    line[label.len()..]
        .split_whitespace()
        .next()
        .and_then(|w| w.trim_end_matches(',').parse().ok())
        .unwrap_or_else(|| panic!("no number in {line}"))
}

/// The probability of `mv` on the line of information set `name`.
fn probability(out: &str, name: &str, mv: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with(&format!("'{name}' ")))
        .unwrap_or_else(|| panic!("no line for {name} in {out}"));
    let after = line.split(": ").nth(1).expect("moves");
    after
        .split(", ")
        .find_map(|m| m.strip_prefix(&format!("{mv} ")))
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no move {mv} in {line}"))
}

#[test]
fn kuhn_poker_value_exploitability_and_forced_plays() {
    let (code, out, err) = equilibrium(&["-g", "kuhn", "--info-set", "K b", "--info-set", "J b"]);
    assert_eq!(code, 0, "{err}");
    let value = number_after(&out, "values (player 1, player 2): ");
    assert!((value + 1.0 / 18.0).abs() < 1e-3, "{out}");
    assert!(number_after(&out, "exploitability: ") < 1e-3, "{out}");
    assert!(probability(&out, "K b", "bet") > 0.999, "{out}");
    assert!(probability(&out, "J b", "pass") > 0.999, "{out}");
}

#[test]
fn a_target_stops_early_and_the_list_names_every_information_set() {
    let (code, out, err) =
        equilibrium(&["-g", "kuhn", "--target", "1e-2", "--list", "--seat", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(number_after(&out, "exploitability: ") <= 1e-2, "{out}");
    let iterations = number_after(&out, "kuhn: CFR+, ");
    assert!(iterations < 1000.0, "{out}");
    let listed: Vec<&str> = out.lines().filter(|l| l.starts_with("player ")).collect();
    assert_eq!(listed.len(), 6, "{out}");
    assert!(listed.iter().all(|l| l.starts_with("player 2: ")));
}

#[test]
fn goofspiel_and_leduc() {
    let (code, out, err) = equilibrium(&[
        "-g",
        "goofspiel",
        "--size",
        "3",
        "--info-set",
        "",
        "--seat",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        number_after(&out, "values (player 1, player 2): ").abs() < 1e-3,
        "{out}"
    );
    let total: f64 = ["1", "2", "3"]
        .iter()
        .map(|m| probability(&out, "", m))
        .sum();
    assert!((total - 1.0).abs() < 1e-6, "{out}");
    let (code, out, err) =
        equilibrium(&["-g", "leduc", "--iterations", "50", "--info-set", "Ks -"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("936 information sets"), "{out}");
    assert!(number_after(&out, "exploitability: ") < 0.1, "{out}");
}

#[test]
fn bad_input_is_refused_with_a_message() {
    for (args, message) in [
        (
            &["-g", "kuhn", "--info-set", "X"][..],
            "no information set \"X\"",
        ),
        (
            &["-g", "kuhn", "--size", "3"][..],
            "--size is for goofspiel only",
        ),
        (
            &["-g", "kuhn", "--target", "0"][..],
            "--target must be a positive number",
        ),
        (
            &["-g", "kuhn", "--info-set", "K b", "--seat", "1"][..],
            "of player 1",
        ),
        (&["-g", "goofspiel", "--size", "9"][..], "9 is not in 1..=5"),
        (&["-g", "kuhn", "--iterations", "0"][..], "0 is not in"),
        (&["-g", "chess"][..], "invalid value 'chess'"),
        (&[][..], "give the game"),
    ] {
        let (code, out, err) = equilibrium(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
    }
}
