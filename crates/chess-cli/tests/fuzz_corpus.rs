//! Replays the fuzz seeds of the targets on what the binary and the AI read (`epd`, `uci`,
//! `book`, `net`, `review_json`) on stable Rust: every file in `fuzz/seeds/<target>/`
//! (committed, including the inputs of crashes that were found and fixed) and, when present, in
//! the local `fuzz/corpus/<target>/`, through the same checks as the fuzz targets
//! (`fuzz/src/cli_checks.rs`).

#[path = "../../../fuzz/src/cli_checks.rs"]
mod checks;
#[path = "../../../fuzz/src/replay.rs"]
mod replay;

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

#[test]
fn epd_seeds() {
    replay::replay(&fuzz_dir(), "epd", 10, checks::epd);
}

#[test]
fn uci_seeds() {
    replay::replay(&fuzz_dir(), "uci", 10, checks::uci);
}

#[test]
fn book_seeds() {
    replay::replay(&fuzz_dir(), "book", 5, checks::book);
}

#[test]
fn net_seeds() {
    replay::replay(&fuzz_dir(), "net", 5, checks::net);
}

#[test]
fn review_json_seeds() {
    replay::replay(&fuzz_dir(), "review_json", 10, checks::review_json);
}
