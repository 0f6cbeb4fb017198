//! Drives `ply cards` and `ply cards-match` with piped input as a user would: whole hands
//! checked against the rules, the AI's hidden cards never printed before the hand ends,
//! typing errors, `quit`, the end of the input, seeds, and bad options.

use crate::common;

fn cards(args: &[&str], input: &str) -> (i32, String, String) {
    common::ply_command("cards", args, input.as_bytes())
}

/// The hands of an output: each hand's lines, from its `Hand N of` line to its result line
/// `Hand N: ...` (or to the end of the output).
fn hands(out: &str) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in out.lines() {
        if line.starts_with("Hand ") && line.contains(" of ") {
            parts.extend(current.take());
            current = Some(String::new());
        }
        if let Some(text) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
            if line.starts_with("Hand ") && line.contains(": ") && !line.contains(" of ") {
                parts.extend(current.take());
            }
        }
    }
    parts.extend(current);
    parts
}

/// A line without the prompt in front of it (the answers come from a pipe, so what is
/// printed after a question follows it on the same line).
fn unprompted(line: &str) -> &str {
    line.rsplit_once("quit): ").map_or(line, |(_, rest)| rest)
}

/// The words of `text`: runs of letters and digits.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// `player 1 X, player 2 Y` of a `Cards:` line: the two cards.
fn shown_cards(hand: &str) -> [String; 2] {
    let line = hand
        .lines()
        .find(|l| l.starts_with("Cards: "))
        .unwrap_or_else(|| panic!("no showdown in {hand}"));
    let w = words(line);
    // Cards player 1 X player 2 Y [public Z]
    [w[3].to_string(), w[6].to_string()]
}

/// The rank of a Kuhn card.
fn kuhn_rank(card: &str) -> i32 {
    match card {
        "J" => 0,
        "Q" => 1,
        "K" => 2,
        _ => panic!("not a card: {card}"),
    }
}

/// Kuhn poker's result for player 1 from the cards and the actions (b, p), by the rules.
fn kuhn_result(cards: &[String; 2], actions: &str) -> i32 {
    let high = if kuhn_rank(&cards[0]) > kuhn_rank(&cards[1]) {
        1
    } else {
        -1
    };
    match actions {
        "pp" => high,
        "bp" => 1,
        "pbp" => -1,
        "bb" | "pbb" => 2 * high,
        _ => panic!("not a finished betting: {actions}"),
    }
}

/// The reward of the person in a hand's result line.
fn verdict(hand: &str) -> i32 {
    let line = hand
        .lines()
        .find(|l| l.starts_with("Hand ") && l.contains(": ") && !l.contains(" of "))
        .unwrap_or_else(|| panic!("no result in {hand}"));
    let after = line.split(": ").nth(1).unwrap();
    let n = |s: &str| -> i32 { words(s)[2].parse().unwrap() };
    if after.starts_with("you win") {
        n(after)
    } else if after.starts_with("you lose") {
        -n(after)
    } else {
        assert!(after.starts_with("even"), "{line}");
        0
    }
}

#[test]
fn whole_kuhn_hands_follow_the_rules_and_keep_the_score() {
    for seed in 1..=8 {
        let seed = seed.to_string();
        // `c` checks, or calls a bet; `pass` checks, or folds facing a bet: always legal.
        let input = "c\npass\nc\nc\npass\npass\nc\nc\n";
        let args = [
            "-g",
            "kuhn",
            "--hands",
            "4",
            "-e",
            "ismcts:200p",
            "-s",
            &seed,
        ];
        let (code, out, err) = cards(&args, input);
        assert_eq!(code, 0, "{err}");
        let played = hands(&out);
        assert!(
            played.iter().filter(|h| h.contains("Cards: ")).count() >= 2,
            "{out}"
        );
        let mut total = 0;
        for (i, hand) in played.iter().enumerate() {
            if !hand.contains("Cards: ") {
                // The input ran out in this hand.
                assert!(out.contains("Input ended"), "{out}");
                break;
            }
            let human = if hand.contains("you are player 1") {
                0
            } else {
                1
            };
            assert_eq!(human, i % 2, "the seats turn: {hand}");
            let shown = shown_cards(hand);
            let actions: String = hand
                .lines()
                .map(unprompted)
                .filter(|l| l.starts_with("player ") && !l.contains("dealt"))
                .map(|l| {
                    if l.contains(" bets.") || l.contains(" calls.") {
                        'b'
                    } else {
                        'p'
                    }
                })
                .collect();
            let first = kuhn_result(&shown, &actions);
            let mine = if human == 0 { first } else { -first };
            assert_eq!(verdict(hand), mine, "{hand}");
            total += mine;
            let sign = if total > 0 { "+" } else { "" };
            assert!(
                hand.contains(&format!(
                    "Your score: {sign}{total} after {} hand(s).",
                    i + 1
                )),
                "{hand}"
            );
        }
    }
}

#[test]
fn the_ai_card_is_never_printed_before_the_showdown() {
    let mut checked = 0;
    for seed in 1..=12 {
        let seed = seed.to_string();
        for game in ["kuhn", "leduc"] {
            // `c` checks, or calls a bet: always legal.
            let input = "c\n".repeat(16);
            let args = ["-g", game, "--hands", "2", "-e", "ismcts:100p", "-s", &seed];
            let (code, out, err) = cards(&args, &input);
            assert_eq!(code, 0, "{err}");
            for hand in hands(&out) {
                let Some(at) = hand.find("Cards: ") else {
                    continue;
                };
                let shown = shown_cards(&hand);
                let human = usize::from(!hand.contains("you are player 1"));
                let before = &hand[..at];
                assert!(
                    !words(before).contains(&shown[1 - human].as_str()),
                    "the AI's {} shows before the end: {hand}",
                    shown[1 - human]
                );
                assert!(
                    before.contains(&format!("Your card: {}.", shown[human])),
                    "{hand}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 24, "{checked} hands finished");
}

#[test]
fn a_bad_line_is_explained_and_asked_again() {
    let (code, out, err) = cards(
        &["-g", "kuhn", "--hands", "1", "-e", "ismcts:50p"],
        "raise the stakes\nmoves\nbet\n",
    );
    assert_eq!(code, 0, "{err}");
    // The line is not a move, so its words are tried in turn: the first is refused and the
    // others dropped.
    assert!(
        out.contains("\"raise\" is not a move: the legal moves are check, bet"),
        "{out}"
    );
    assert!(
        out.contains("(the 2 move(s) typed after it are dropped)"),
        "{out}"
    );
    assert!(out.contains("to move, check or bet ("), "{out}");
    assert!(out.contains("Legal moves: check bet\n"), "{out}");
    assert!(out.contains("player 1 (you) bets."), "{out}");
    assert!(out.contains("Hand 1: you "), "{out}");
}

#[test]
fn the_end_of_the_input_and_quit_stop_cleanly() {
    let (code, out, err) = cards(&["-g", "leduc"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Input ended: goodbye."), "{out}");
    assert!(!out.contains("Cards: "), "{out}");
    let (code, out, err) = cards(&["-g", "liars-dice"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Goodbye.\nYour score: 0 after 0 hand(s)."),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.starts_with("Dice: ")), "{out}");
}

#[test]
fn the_seed_replays_the_same_hands() {
    let input = "c\nc\nc\nc\nc\nc\n";
    let run = |seed: &str| {
        let args = ["-g", "kuhn", "-e", "ismcts:100p", "-s", seed];
        let (code, out, err) = cards(&args, input);
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(run("7"), run("7"));
    let outs: Vec<String> = (1..=4).map(|s| run(&s.to_string())).collect();
    assert!(
        outs.windows(2).any(|w| w[0] != w[1]),
        "seeds change the deals"
    );
}

#[test]
fn goofspiel_shows_the_bids_of_a_round_only_when_both_are_made() {
    let (code, out, err) = cards(
        &[
            "-g",
            "goofspiel",
            "--size",
            "4",
            "--hands",
            "1",
            "--seat",
            "2",
            "-e",
            "smmcts:100p",
        ],
        "9\n4\n3\n2\n1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\"9\" is not a move: bid a card of your hand"),
        "{out}"
    );
    let mut points = [0u32; 2];
    let mut rounds = 0;
    let lines: Vec<&str> = out.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = unprompted(line).strip_prefix("Bids for the prize ") {
            // The AI (player 1) chose first, without showing its bid.
            assert!(
                lines[..i]
                    .iter()
                    .rev()
                    .any(|l| *l == "player 1 has chosen a bid.")
            );
            let w = words(rest);
            let (prize, a, b): (u32, u32, u32) = (
                w[0].parse().unwrap(),
                w[3].parse().unwrap(),
                w[6].parse().unwrap(),
            );
            assert_eq!(prize, 4 - rounds, "{line}");
            if a > b {
                points[0] += prize;
            } else if b > a {
                points[1] += prize;
            }
            rounds += 1;
        }
    }
    assert_eq!(rounds, 4, "{out}");
    assert!(
        out.contains(&format!(
            "Points: player 1 {}, player 2 {}.",
            points[0], points[1]
        )),
        "{out}"
    );
}

#[test]
fn tricks_and_liars_dice_play_to_the_end() {
    // Every card of the hand typed in turn: the illegal ones are refused, the legal one played.
    let all: String = ['S', 'H', 'D', 'C']
        .iter()
        .flat_map(|s| (1..=6).map(move |r| format!("{s}{r}\n")))
        .collect::<String>()
        .repeat(6);
    let (code, out, err) = cards(&["-g", "tricks", "--hands", "1", "-e", "ismcts:50p"], &all);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Tricks taken: player 1 "), "{out}");
    assert!(out.contains("Hand 1: "), "{out}");
    let (code, out, err) = cards(
        &[
            "-g",
            "liars-dice",
            "--hands",
            "1",
            "-e",
            "ismcts:50p",
            "--size",
            "2",
        ],
        "1x1\n9x9\nliar\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Dice: player 1 "), "{out}");
}

#[test]
fn bad_options_are_refused() {
    for args in [
        &["-g", "kuhn", "--size", "2"][..],
        &["-g", "tricks", "-e", "cfr"],
        &["-g", "kuhn", "-e", "smmcts"],
        &["-g", "kuhn", "-e", "alphabeta"],
        &["-g", "kuhn", "-e", "cfr:2s"],
        &["-g", "kuhn", "-e", "ismcts:d3"],
        &["-g", "kuhn", "--cfr-iterations", "10"],
        &["-g", "kuhn", "--seat", "3"],
        &["-g", "kuhn", "-e", "ismcts:0p"],
        &["-g", "c4"],
    ] {
        let (code, _, err) = cards(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.is_empty());
    }
}

/// `+W =D -L` of a match report: engine A's.
fn record(out: &str) -> [u32; 3] {
    let line = out
        .lines()
        .find(|l| l.contains(" games  +"))
        .expect("A's line");
    let w = words(line.split(" games  ").nth(1).unwrap());
    [
        w[0].parse().unwrap(),
        w[1].parse().unwrap(),
        w[2].parse().unwrap(),
    ]
}

#[test]
fn matches_count_every_game_and_replay_from_the_seed() {
    for (game, a, b, games) in [
        ("kuhn", "cfr", "random", "30"),
        ("leduc", "ismcts", "cfr", "6"),
        ("goofspiel", "smmcts", "random", "6"),
        ("tricks", "determinized", "random", "4"),
        ("liars-dice", "ismcts", "determinized", "6"),
    ] {
        let (a, b) = (format!("{a}:100p"), format!("{b}:100p"));
        let args = vec!["-g", game, "--games", games, "-e", &a, "-e", &b];
        let (code, out, err) = common::ply_command("cards-match", &args, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        let [w, d, l] = record(&out);
        // In the trick-taking game two engines share four seats: A takes two of each game.
        let seats = if game == "tricks" { 2 } else { 1 };
        assert_eq!(w + d + l, seats * games.parse::<u32>().unwrap(), "{out}");
        assert!(out.contains("Elo "), "{out}");
        assert!(out.contains("A's mean reward a game: "), "{out}");
        let (_, again, _) = common::ply_command("cards-match", &args, b"");
        let strip = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(strip(&out), strip(&again), "the same seed, the same games");
    }
}

#[test]
fn engines_that_do_not_fit_the_game_are_refused() {
    for args in [
        &["-g", "liars-dice", "-e", "cfr", "-e", "random"][..],
        &["-g", "leduc", "-e", "smmcts", "-e", "random"],
        &["-g", "kuhn", "--size", "2", "-e", "random", "-e", "random"],
        &["-g", "kuhn", "-e", "ismcts"],
        &["-g", "kuhn", "-e", "mcts", "-e", "random"],
    ] {
        let (code, _, err) = common::ply_command("cards-match", args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}
