//! Replays the fuzz seeds on stable Rust: every file in `fuzz/seeds/<target>/` (committed,
//! including the inputs of crashes that were found and fixed) and, when present, in the local
//! `fuzz/corpus/<target>/` that `cargo +nightly fuzz run` grows, through the same checks as the
//! fuzz targets (`fuzz/src/lib.rs`).

#[path = "../../../fuzz/src/lib.rs"]
mod checks;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// Files directly inside `dir` (none if it does not exist), sorted by name.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        entries.map(|e| e.expect("readable directory entry").path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

/// Runs `check` on every input of `target`; fails with the list of inputs that panicked.
fn replay(target: &str, check: fn(&[u8])) {
    let seeds = files_in(&fuzz_dir().join("seeds").join(target));
    assert!(seeds.len() >= 10, "expected the committed seeds of {target}, found {}", seeds.len());
    let corpus = files_in(&fuzz_dir().join("corpus").join(target));
    let mut failures = Vec::new();
    for path in seeds.iter().chain(&corpus) {
        let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failures.push(path.display().to_string());
        }
    }
    assert!(failures.is_empty(), "{target}: {} input(s) failed:\n{}", failures.len(), failures.join("\n"));
    println!("{target}: replayed {} seeds and {} corpus files", seeds.len(), corpus.len());
}

#[test]
fn fen_seeds() {
    replay("fen", checks::fen);
}

#[test]
fn moves_seeds() {
    replay("moves", checks::moves);
}

/// The `moves` seeds mutated, deterministically, with the dictionary's words spliced in (and a
/// few of other scripts): the checks without a fuzzer, on inputs the seeds alone do not reach.
#[test]
fn moves_seed_mutations() {
    let dict = fs::read_to_string(fuzz_dir().join("dicts/moves.dict")).unwrap();
    let words: Vec<String> = dict
        .lines()
        .filter_map(|l| l.trim().strip_prefix('"')?.strip_suffix('"').map(str::to_owned))
        .chain(["é".to_owned(), "日".to_owned(), "ep".repeat(50)])
        .collect();
    let seeds = files_in(&fuzz_dir().join("seeds/moves"));
    assert!(seeds.len() >= 10, "expected the committed seeds of moves, found {}", seeds.len());
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n.max(1)
    };
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
fn built_in_positions_parse() {
    for (i, fen) in checks::POSITIONS.iter().enumerate() {
        let board = checks::position(i as u8);
        assert_eq!(board, chess_core::Board::from_fen(fen).unwrap());
    }
}
