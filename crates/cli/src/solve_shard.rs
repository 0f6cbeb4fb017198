//! `ply solve --shard K/N -o FILE` and `ply solve --merge FILES...`: the positions of one
//! input solved in N shards by a scheduler, then printed in the input's order as one run of
//! `ply solve` prints them.
//!
//! **The partition.** The input's positions (its lines that are not blank or comments) are
//! dealt to the shards by expected cost, the longest first, each to the shard with the least
//! so far (ties to the lower K). A Connect Four position's cost grows about 1.64 times with
//! each empty cell (from the benchmark sets: the first moves take tens of millions of nodes,
//! the last few a handful); a line that is not a position costs 1. Every shard reads the
//! whole input to find its part, so the parts are the same wherever they run. The solver's
//! table is emptied between positions, so nothing is lost by splitting them.
//!
//! **The shard file** is text: a header (format, K/N, the input's checksum, number of
//! positions and name, the options that change the answers, the number of lines of the
//! part), then one record per line of the part solved so far (`R` an answer, `M` a line
//! that is not a position, `F` a position whose solve failed, each with the line's number
//! and what a run prints for it), and last a checksum of everything before it. A shard
//! stopped part-way holds the records it has; the same command goes on from there.

use std::fs;
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial::{BookError, ShardId};

use crate::Failure;
use crate::input::{RawLine, read_raw_line};
use crate::output::OutputFile;

/// The first line of a solve shard file.
const FORMAT: &str = "ply-solve-shard 1";

/// The longest line of a shard file: an answer line is far shorter.
const MAX_SHARD_LINE: usize = 1 << 16;

/// What one line of the part gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The answer line a run prints on standard output.
    Answer,
    /// A line that is not a position: the message a run prints on standard error.
    Malformed,
    /// A position whose solve failed: the message a run prints on standard error.
    Failed,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::Answer => 'R',
            Kind::Malformed => 'M',
            Kind::Failed => 'F',
        }
    }

    fn of(letter: &str) -> Option<Kind> {
        match letter {
            "R" => Some(Kind::Answer),
            "M" => Some(Kind::Malformed),
            "F" => Some(Kind::Failed),
            _ => None,
        }
    }
}

/// One line of the part, solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// The input's line number, from 1.
    pub line: u64,
    /// What it gave.
    pub kind: Kind,
    /// What a run prints for it.
    pub text: String,
}

/// The input a shard is part of, and its options: what a merge compares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Identity {
    /// The FNV-1a hash of the input's lines.
    pub checksum: u64,
    /// Its positions (lines that are not blank or comments).
    pub positions: u64,
    /// The options that change the answers.
    pub options: String,
    /// The input's name, for messages.
    pub name: String,
}

/// A solve shard: its header and the records of its part solved so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SolveShard {
    pub id: ShardId,
    pub input: Identity,
    /// The number of lines of its part.
    pub part: u64,
    pub records: Vec<Record>,
}

/// The 64-bit FNV-1a hash, continued from `h`.
pub(crate) fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The FNV-1a hash of nothing.
pub(crate) const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// `text` on one line (a message never holds a line break, but a record must not).
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

impl SolveShard {
    /// Whether every line of its part is solved.
    pub(crate) fn is_finished(&self) -> bool {
        self.records.len() as u64 == self.part
    }

    /// The shard in its file format.
    pub(crate) fn to_text(&self) -> String {
        let mut text = format!(
            "{FORMAT}\nshard {}\ninput {:016x} {} {}\noptions {}\npart {}\n",
            self.id,
            self.input.checksum,
            self.input.positions,
            one_line(&self.input.name),
            one_line(&self.input.options),
            self.part
        );
        for r in &self.records {
            text.push_str(&format!(
                "{} {} {}\n",
                r.kind.letter(),
                r.line,
                one_line(&r.text)
            ));
        }
        let sum = fnv1a(FNV_START, text.as_bytes());
        text.push_str(&format!("end {sum:016x}\n"));
        text
    }

    /// Reads a shard file (at most `limit` bytes, each line at most [`MAX_SHARD_LINE`]),
    /// checking its checksum and its form.
    pub(crate) fn read(path: &Path, limit: u64) -> Result<SolveShard, String> {
        let file = crate::book::open_input(path, "shard").map_err(|e| e.to_string())?;
        let meta = file.metadata().map_err(|e| e.to_string())?;
        if meta.len() > limit {
            return Err(format!(
                "{} bytes, more than half the machine's memory",
                meta.len()
            ));
        }
        let mut reader = BufReader::new(io::Read::take(file, limit));
        let mut lines = Vec::new();
        let mut sum = FNV_START;
        let mut end = None;
        while let Some(raw) =
            read_raw_line(&mut reader, MAX_SHARD_LINE).map_err(|e| e.to_string())?
        {
            let bytes = match raw {
                RawLine::Bytes(b) => b,
                RawLine::TooLong(n) => return Err(format!("a line of {n} bytes: not a shard")),
            };
            let text = String::from_utf8(bytes).map_err(|_| "not text: not a shard".to_string())?;
            if end.is_some() {
                return Err("lines after its checksum: it was damaged".into());
            }
            if let Some(hex) = text.strip_prefix("end ") {
                end = Some(hex.to_string());
                continue;
            }
            sum = fnv1a(fnv1a(sum, text.as_bytes()), b"\n");
            lines.push(text);
        }
        if lines.first().map(String::as_str) != Some(FORMAT) {
            return Err(
                "not a shard of ply solve (its first line is not \"ply-solve-shard 1\")".into(),
            );
        }
        let Some(end) = end else {
            return Err("it ends before its checksum: it was cut short".into());
        };
        if u64::from_str_radix(end.trim(), 16).ok() != Some(sum) {
            return Err("its checksum does not match its contents: it was damaged".into());
        }
        parse(&lines[1..]).ok_or_else(|| "its header or a record is not as ply writes them".into())
    }
}

/// The shard from the lines after the first and before the checksum.
fn parse(lines: &[String]) -> Option<SolveShard> {
    let field = |i: usize, name: &str| lines.get(i)?.strip_prefix(name)?.strip_prefix(' ');
    let id: ShardId = field(0, "shard")?.parse().ok()?;
    let mut input = field(1, "input")?.splitn(3, ' ');
    let checksum = u64::from_str_radix(input.next()?, 16).ok()?;
    let positions: u64 = input.next()?.parse().ok()?;
    let name = input.next().unwrap_or_default().to_string();
    let options = field(2, "options")?.to_string();
    let part: u64 = field(3, "part")?.parse().ok()?;
    let mut records = Vec::new();
    for line in &lines[4..] {
        let mut fields = line.splitn(3, ' ');
        let kind = Kind::of(fields.next()?)?;
        let number: u64 = fields.next()?.parse().ok()?;
        let text = fields.next().unwrap_or_default().to_string();
        if records.last().is_some_and(|r: &Record| r.line >= number) {
            return None;
        }
        records.push(Record {
            line: number,
            kind,
            text,
        });
    }
    if records.len() as u64 > part || part > positions {
        return None;
    }
    Some(SolveShard {
        id,
        input: Identity {
            checksum,
            positions,
            options,
            name,
        },
        part,
        records,
    })
}

/// The lines (numbers from 1) of shard `id` among positions of these expected costs
/// (`(line, cost)` in input order): dealt longest first to the least loaded shard.
pub(crate) fn part_of(costs: &[(u64, u64)], id: ShardId) -> Vec<u64> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut order: Vec<&(u64, u64)> = costs.iter().collect();
    order.sort_by_key(|&&(line, cost)| (Reverse(cost), line));
    let mut loads: BinaryHeap<Reverse<(u128, u32)>> =
        (0..id.count()).map(|k| Reverse((0, k))).collect();
    let mut mine = Vec::new();
    for &&(line, cost) in &order {
        let Some(Reverse((load, k))) = loads.pop() else {
            break;
        };
        if k + 1 == id.number() {
            mine.push(line);
        }
        loads.push(Reverse((load + u128::from(cost), k)));
    }
    mine.sort_unstable();
    mine
}

/// The expected cost of solving a Connect Four position with `stones` stones: about 1.64
/// times more with each empty cell (2 to the power 5/7 of the empty cells).
pub(crate) fn position_cost(stones: u32) -> u64 {
    let empty = 42u32.saturating_sub(stones);
    1u64 << (empty * 5 / 7)
}

/// A shard being solved: what is left of its part, and when to save.
pub(crate) struct ShardRun {
    shard: SolveShard,
    /// The lines of the part not yet solved, ascending.
    left: Vec<u64>,
    next: usize,
    out: PathBuf,
    checkpoint_every: Duration,
    stop_after: Option<u64>,
    last_save: Instant,
    this_run: u64,
    started: Instant,
}

impl ShardRun {
    /// A run of shard `id` of the input `identity` whose part is `part`, going on from the
    /// shard saved at `out` if there is one of the same input and number.
    pub(crate) fn start(
        id: ShardId,
        identity: Identity,
        part: Vec<u64>,
        out: &Path,
        checkpoint_every: Duration,
        stop_after: Option<u64>,
    ) -> Result<ShardRun, Failure> {
        // Checked now, not after the work.
        drop(OutputFile::claim(out)?);
        let mut shard = SolveShard {
            id,
            input: identity,
            part: part.len() as u64,
            records: Vec::new(),
        };
        let regular = fs::metadata(out).is_ok_and(|m| m.is_file() && m.len() > 0);
        if regular {
            let saved = SolveShard::read(out, crate::book::read_limit()).map_err(|why| {
                Failure::input(format!(
                    "{} is there and is not a shard this command can go on from ({why}): \
                     remove it or choose another -o FILE",
                    crate::output::shown_path(out)
                ))
            })?;
            let same = saved.id == shard.id
                && saved.input.checksum == shard.input.checksum
                && saved.input.positions == shard.input.positions
                && saved.input.options == shard.input.options
                && saved.part == shard.part
                && saved.records.iter().zip(&part).all(|(r, &l)| r.line == l);
            if !same {
                return Err(Failure::input(format!(
                    "{} holds shard {} of another input or other options: remove it or choose \
                     another --out",
                    crate::output::shown_path(out),
                    saved.id
                )));
            }
            shard.records = saved.records;
        }
        let done = shard.records.len();
        Ok(ShardRun {
            left: part[done..].to_vec(),
            shard,
            next: 0,
            out: out.to_path_buf(),
            checkpoint_every,
            stop_after,
            last_save: Instant::now(),
            this_run: 0,
            started: Instant::now(),
        })
    }

    /// The number of lines this run has to solve.
    pub(crate) fn to_solve(&self) -> u64 {
        self.left.len() as u64
    }

    /// Whether line `number` is the next of the part to solve.
    pub(crate) fn wants(&self, number: u64) -> bool {
        self.left.get(self.next) == Some(&number)
    }

    /// Records what line `number` gave; `Ok(true)` when the run should stop here (as
    /// `--stop-after` asks) after saving.
    pub(crate) fn record(&mut self, number: u64, kind: Kind, text: &str) -> Result<bool, Failure> {
        self.shard.records.push(Record {
            line: number,
            kind,
            text: text.to_string(),
        });
        self.next += 1;
        self.this_run += 1;
        let finished = self.shard.is_finished();
        if self.stop_after.is_some_and(|n| self.this_run >= n) && !finished {
            self.save()?;
            return Ok(true);
        }
        if !finished && self.last_save.elapsed() >= self.checkpoint_every {
            self.save()?;
            self.last_save = Instant::now();
        }
        Ok(false)
    }

    fn save(&self) -> Result<(), Failure> {
        OutputFile::claim(&self.out)?.write(self.shard.to_text().as_bytes())
    }

    /// Saves the shard and says what was done: exit status 0 when it is finished, 1 when it
    /// stopped part-way.
    pub(crate) fn finish(self) -> Result<ExitCode, Failure> {
        self.save()?;
        let shown = crate::output::shown_path(&self.out);
        if !self.shard.is_finished() {
            return Err(Failure::run(format!(
                "stopped after {} positions, as --stop-after asked: {shown} holds {} of the {} \
                 lines of shard {}; run the same command again to go on",
                self.this_run,
                self.shard.records.len(),
                self.shard.part,
                self.shard.id
            )));
        }
        eprintln!(
            "{shown}: shard {} of {}, {} lines{}, solved in {:.2} s",
            self.shard.id,
            crate::input::quote(&self.shard.input.name),
            self.shard.part,
            if self.this_run < self.shard.part {
                format!(
                    " ({} of them saved by an earlier run)",
                    self.shard.part - self.this_run
                )
            } else {
                String::new()
            },
            self.started.elapsed().as_secs_f64()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `ply solve --merge FILES...`: checks that the shards are all N of one input (each once,
/// finished, undamaged), then prints their lines in the input's order as one run prints
/// them, with the summary and exit status of such a run.
pub(crate) fn merge(files: &[PathBuf]) -> Result<ExitCode, Failure> {
    let mut shards = Vec::with_capacity(files.len());
    for path in files {
        let shard = SolveShard::read(path, crate::book::read_limit())
            .map_err(|why| Failure::input(format!("{}: {why}", crate::output::shown_path(path))))?;
        shards.push(shard);
    }
    let key = |s: &SolveShard| {
        (
            s.input.checksum,
            s.input.positions,
            s.input.options.clone(),
            s.id.count(),
        )
    };
    // The input most shards belong to (the first on a tie); the others are foreign.
    let reference = shards
        .iter()
        .max_by_key(|s| {
            let k = key(s);
            let votes = shards.iter().filter(|t| key(t) == k).count();
            (
                votes,
                std::cmp::Reverse(shards.iter().position(|t| key(t) == k)),
            )
        })
        .map(key)
        .ok_or_else(|| Failure::input("no shards to merge"))?;
    let count = reference.3;
    let mut given: Vec<Option<usize>> = vec![None; count as usize];
    let mut parts = 0u64;
    for (i, shard) in shards.iter().enumerate() {
        let named = |what: String| {
            Failure::input(format!(
                "{}: shard {}: {what}",
                crate::output::shown_path(&files[i]),
                shard.id
            ))
        };
        if key(shard) != reference {
            return Err(named(format!(
                "it is a shard of another input, other options or another number of shards \
                 ({} of {} positions, options {}, one of {})",
                crate::input::quote(&shard.input.name),
                shard.input.positions,
                shard.input.options,
                shard.id.count()
            )));
        }
        let slot = &mut given[shard.id.number() as usize - 1];
        if let Some(first) = *slot {
            return Err(named(format!(
                "it is given twice (also as {})",
                crate::output::shown_path(&files[first])
            )));
        }
        *slot = Some(i);
        if !shard.is_finished() {
            return Err(named(format!(
                "it is not finished: {} of its {} lines are solved (run its command again to \
                 continue)",
                shard.records.len(),
                shard.part
            )));
        }
        parts += shard.part;
    }
    let missing: Vec<u32> = ShardId::all(count)
        .filter(|id| given[id.number() as usize - 1].is_none())
        .map(ShardId::number)
        .collect();
    if !missing.is_empty() {
        return Err(Failure::input(
            BookError::MissingShards { count, missing }.to_string(),
        ));
    }
    let mut records: Vec<&Record> = shards.iter().flat_map(|s| &s.records).collect();
    records.sort_by_key(|r| r.line);
    if parts != reference.1 || records.windows(2).any(|w| w[0].line == w[1].line) {
        return Err(Failure::input(format!(
            "the shards' parts do not cover the input's {} positions once each: they were not \
             made by one partition",
            reference.1
        )));
    }
    let name = shards[0].input.name.clone();
    let (mut answers, mut mismatches, mut malformed, mut failed) = (0u64, 0u64, 0u64, 0u64);
    let mut out = io::stdout().lock();
    for r in records {
        match r.kind {
            Kind::Answer => {
                answers += 1;
                if r.text.contains(" MISMATCH (expected ") {
                    mismatches += 1;
                }
                writeln!(out, "{}", r.text)?;
            }
            Kind::Malformed => {
                malformed += 1;
                eprintln!("{name}:{}: {}", r.line, r.text);
            }
            Kind::Failed => {
                failed += 1;
                eprintln!("{name}:{}: {}", r.line, r.text);
            }
        }
    }
    drop(out);
    eprintln!(
        "positions {answers}, mismatches {mismatches}, malformed lines {malformed}, failed {failed} \
         (merged from {count} shards)"
    );
    Ok(crate::failure::status(
        malformed > 0,
        mismatches + failed > 0,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_in_one_part_and_the_costs_are_balanced() {
        let mut rng = search_core::SplitMix64::new(9);
        for _ in 0..200 {
            let lines = rng.below(300) as u64;
            let costs: Vec<(u64, u64)> = (1..=lines)
                .map(|l| (l * 2, position_cost(rng.below(43) as u32)))
                .collect();
            let n = 1 + rng.below(24) as u32;
            let mut all: Vec<u64> = Vec::new();
            let mut loads = Vec::new();
            for id in ShardId::all(n) {
                let part = part_of(&costs, id);
                assert!(part.windows(2).all(|w| w[0] < w[1]));
                loads.push(
                    part.iter()
                        .map(|l| costs.iter().find(|c| c.0 == *l).unwrap().1)
                        .sum::<u64>(),
                );
                all.extend(part);
            }
            all.sort_unstable();
            assert_eq!(all, costs.iter().map(|c| c.0).collect::<Vec<_>>());
            // Greedy by decreasing cost: no shard exceeds the mean by more than the
            // largest single cost.
            let total: u64 = loads.iter().sum();
            let largest = costs.iter().map(|c| c.1).max().unwrap_or(0);
            for load in loads {
                assert!(load * u64::from(n) <= total + largest * u64::from(n));
            }
        }
    }

    #[test]
    fn a_shard_reads_back_as_written() {
        let shard = SolveShard {
            id: "2/3".parse().unwrap(),
            input: Identity {
                checksum: 0xdead_beef,
                positions: 10,
                options: "analyze=0 weak=1".into(),
                name: "data/connect4/Test_L2_R1".into(),
            },
            part: 4,
            records: vec![
                Record {
                    line: 3,
                    kind: Kind::Answer,
                    text: "4455 3 120 40".into(),
                },
                Record {
                    line: 7,
                    kind: Kind::Malformed,
                    text: "bad moves \"9\"".into(),
                },
            ],
        };
        let dir = std::env::temp_dir().join(format!("ply-solve-shard-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s");
        fs::write(&path, shard.to_text()).unwrap();
        assert_eq!(SolveShard::read(&path, 1 << 20).unwrap(), shard);
        let text = shard.to_text();
        for cut in [text.len() - 2, text.len() - 10, 30] {
            fs::write(&path, &text[..cut]).unwrap();
            assert!(SolveShard::read(&path, 1 << 20).is_err(), "{cut}");
        }
        let flipped = text.replace("4455 3", "4455 4");
        fs::write(&path, flipped).unwrap();
        assert!(
            SolveShard::read(&path, 1 << 20)
                .unwrap_err()
                .contains("checksum")
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
