//! The checks behind the cargo-fuzz targets (`fuzz_targets/`), one module per set of crates
//! they need, so that a stable test of each crate can replay the committed seeds through the
//! same functions (`#[path]` includes; see the README):
//!
//! - [`core_checks`]: `fen`, `moves`, `playout`, `pgn` (chess-core);
//! - [`cli_checks`]: `epd`, `uci`, `book`, `net`, `review_json` (chess-cli, chess-ai, chess-eval);
//! - [`wasm_checks`]: `js_options` (chess-wasm).
//!
//! Each check takes the fuzzer's bytes and panics when an invariant breaks; bad input must come
//! back as an error, never a panic.

pub mod cli_checks;
pub mod core_checks;
pub mod replay;
pub mod wasm_checks;
