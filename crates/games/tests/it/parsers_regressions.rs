//! Regression tests for the games' parsers of untrusted input: every input that made a fuzz
//! target (`fuzz/fuzz_targets/`) fail, written out literally, beside the property that
//! target checks.

use games::connect4_line::{ParseLineError, max_score, parse_line};

/// fuzz `connect4_line`, crash-98c37ee4f17e7f586a48890dd30223e723d261d3: the score range
/// check computed `score.abs()`, which overflows for `i32::MIN` ("attempt to negate with
/// overflow" with debug assertions, a wrong answer without).
#[test]
fn the_smallest_i32_score_is_out_of_range_not_a_panic() {
    assert_eq!(
        parse_line("3      -2147483648"),
        Err(ParseLineError::ScoreOutOfRange {
            score: i32::MIN,
            stones: 1,
            max: max_score(1)
        })
    );
    assert!(matches!(
        parse_line("- 2147483647"),
        Err(ParseLineError::ScoreOutOfRange { .. })
    ));
    // The bounds themselves are accepted, and print back as the same line.
    for text in ["3 -21", "3 21", "- -21", "- 21"] {
        let line = parse_line(text).unwrap().unwrap();
        assert_eq!(parse_line(&line.to_string()).unwrap(), Some(line), "{text}");
    }
}
