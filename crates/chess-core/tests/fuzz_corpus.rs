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
