//! Replays the fuzz seeds of the targets on chess-core alone on stable Rust: every file in
//! `fuzz/seeds/<target>/` (committed, including the inputs of crashes that were found and fixed)
//! and, when present, in the local `fuzz/corpus/<target>/` that `cargo +nightly fuzz run` grows,
//! through the same checks as the fuzz targets (`fuzz/src/core_checks.rs`).

#[path = "../../../fuzz/src/core_checks.rs"]
mod checks;
#[path = "../../../fuzz/src/replay.rs"]
mod replay;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use replay::files_in;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// Runs `check` on every input of `target`; fails with the list of inputs that panicked.
fn replay(target: &str, check: fn(&[u8])) {
    replay::replay(&fuzz_dir(), target, 10, check);
}

#[test]
fn fen_seeds() {
    replay("fen", checks::fen);
}

#[test]
fn moves_seeds() {
    replay("moves", checks::moves);
}

/// The words of `fuzz/dicts/NAME.dict` (its `"word"` lines, `\"` read as `"`), then `extra`.
fn dictionary(name: &str, extra: impl IntoIterator<Item = String>) -> Vec<String> {
    let dict = fs::read_to_string(fuzz_dir().join(format!("dicts/{name}.dict"))).unwrap();
    dict.lines()
        .filter_map(|l| l.trim().strip_prefix('"')?.strip_suffix('"').map(|w| w.replace("\\\"", "\"")))
        .chain(extra)
        .collect()
}

/// A deterministic stream (an LCG from `state`): each call, a number below its argument (0 for 0).
fn numbers_below(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n.max(1)
    }
}

/// The `moves` seeds mutated, deterministically, with the dictionary's words spliced in (and a
/// few of other scripts): the checks without a fuzzer, on inputs the seeds alone do not reach.
#[test]
fn moves_seed_mutations() {
    let words = dictionary("moves", ["é".to_owned(), "日".to_owned(), "ep".repeat(50)]);
    let seeds = files_in(&fuzz_dir().join("seeds/moves"));
    assert!(seeds.len() >= 10, "expected the committed seeds of moves, found {}", seeds.len());
    let mut next = numbers_below(0x9e37_79b9_7f4a_7c15);
    let mut failures = Vec::new();
    for path in &seeds {
        let seed = fs::read(path).unwrap();
        for _ in 0..2_000 {
            let mut data = seed.clone();
            for _ in 0..1 + next(4) {
                let at = (1 + next(data.len().max(1))).min(data.len());
                match next(3) {
                    0 => data.splice(at..at, words[next(words.len())].bytes()).for_each(drop),
                    1 if at < data.len() => data[at] = next(256) as u8,
                    _ => data.splice(at..at, [b' ']).for_each(drop),
                }
            }
            if catch_unwind(AssertUnwindSafe(|| checks::moves(&data))).is_err() {
                failures.push(format!("{:?}", String::from_utf8_lossy(&data)));
            }
        }
    }
    assert!(failures.is_empty(), "{} mutated input(s) failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn playout_seeds() {
    replay("playout", checks::playout);
}

#[test]
fn pgn_seeds() {
    replay("pgn", checks::pgn);
}

/// Bytes with a meaning in PGN.
const PGN_BYTES: &[u8] = b"[]{}()\"\\;%$!? \n.x";

/// The `pgn` seeds mutated, deterministically: bytes replaced, PGN's own characters and words of
/// the dictionary spliced in, pieces cut out; the reader and the round trip on each.
#[test]
fn pgn_seed_mutations() {
    let words = dictionary("pgn", ["é".to_owned(), "\u{feff}".to_owned(), "(".repeat(40), ")".repeat(40)]);
    let seeds = files_in(&fuzz_dir().join("seeds/pgn"));
    assert!(seeds.len() >= 10, "expected the committed seeds of pgn, found {}", seeds.len());
    let mut next = numbers_below(0x2545_f491_4f6c_dd1d);
    let mut failures = Vec::new();
    for path in &seeds {
        let seed = fs::read(path).unwrap();
        for _ in 0..300 {
            let mut data = seed.clone();
            for _ in 0..1 + next(4) {
                let at = next(data.len() + 1);
                match next(4) {
                    0 => data.splice(at..at, words[next(words.len())].bytes()).for_each(drop),
                    1 if at < data.len() => data[at] = PGN_BYTES[next(PGN_BYTES.len())],
                    2 if at < data.len() => {
                        let end = (at + 1 + next(16)).min(data.len());
                        data.drain(at..end).for_each(drop);
                    }
                    _ => data.splice(at..at, [b' ']).for_each(drop),
                }
            }
            if catch_unwind(AssertUnwindSafe(|| checks::pgn(&data))).is_err() {
                failures.push(format!("{:?}", String::from_utf8_lossy(&data)));
            }
        }
    }
    assert!(failures.is_empty(), "{} mutated input(s) failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn built_in_positions_parse() {
    for (i, fen) in checks::POSITIONS.iter().enumerate() {
        let board = checks::position(i as u8);
        assert_eq!(board, chess_core::Board::from_fen(fen).unwrap());
    }
}
