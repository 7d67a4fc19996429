//! Replaying a target's committed seeds (and a local corpus) on stable Rust: the helper of the
//! `fuzz_corpus` tests of `chess-core`, `chess-cli` and `chess-wasm`, which include this file
//! through `#[path]` (so it uses only `std`).

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// Files directly inside `dir` (none if it does not exist), sorted by name.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        entries.map(|e| e.expect("readable directory entry").path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

/// Runs `check` on every file of `fuzz/seeds/<target>/` (at least `min_seeds` of them) and of
/// `fuzz/corpus/<target>/` when it exists, `fuzz` being `fuzz_dir`; fails with the list of
/// inputs that panicked.
pub fn replay(fuzz_dir: &Path, target: &str, min_seeds: usize, check: fn(&[u8])) {
    let seeds = files_in(&fuzz_dir.join("seeds").join(target));
    assert!(seeds.len() >= min_seeds, "expected the committed seeds of {target}, found {}", seeds.len());
    let corpus = files_in(&fuzz_dir.join("corpus").join(target));
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
