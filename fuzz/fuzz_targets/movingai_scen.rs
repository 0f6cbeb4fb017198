//! `pathfind::movingai::read_scen`. Properties: every accepted scenario has its start and
//! goal inside the map size it states, one scenario per non-blank line; and the scenarios
//! printed back as a `.scen` file (the optimal length with as many decimals as were
//! written) parse to the same scenarios.
#![no_main]

use std::fmt::Write;

use libfuzzer_sys::fuzz_target;
use pathfind::PathError;
use pathfind::movingai::{Scenario, read_scen};

fn print(scenarios: &[Scenario]) -> String {
    let mut out = String::from("version 1\n");
    for s in scenarios {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.*}",
            s.bucket,
            s.map,
            s.map_width,
            s.map_height,
            s.start.x,
            s.start.y,
            s.goal.x,
            s.goal.y,
            s.decimals as usize,
            s.optimal
        )
        .unwrap();
    }
    out
}

/// Every scenario of `text`, or the first error.
fn parse_scen(text: &str) -> Result<Vec<Scenario>, PathError> {
    read_scen(text.as_bytes())?.collect()
}

fuzz_target!(|text: &str| {
    let Ok(scenarios) = parse_scen(text) else {
        return;
    };
    let data_lines = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    assert_eq!(scenarios.len(), data_lines, "{text:?}");
    for s in &scenarios {
        for c in [s.start, s.goal] {
            assert!(c.x < s.map_width && c.y < s.map_height, "{text:?}: {s:?}");
        }
        assert!(s.optimal.is_finite() && s.optimal >= 0.0, "{text:?}: {s:?}");
    }
    let printed = print(&scenarios);
    let again = match parse_scen(&printed) {
        Ok(again) => again,
        Err(e) => panic!("{text:?} printed as {printed:?}: {e}"),
    };
    assert_eq!(again.len(), scenarios.len());
    for (a, s) in again.iter().zip(&scenarios) {
        let a = Scenario {
            line: s.line,
            ..a.clone()
        };
        assert_eq!(&a, s, "{text:?} printed as {printed:?}");
    }
});
