//! The checks of the target on what JavaScript hands the engine: `js_options`, the JSON of the
//! npm package's option objects as the Rust side of `chess-wasm` reads them (an engine's
//! options, a search's limits, a review's options) and what they reach (an AI built with them,
//! a search and a review run with them, as `chess_wasm::think` and `chess_wasm::review` run
//! them).
//!
//! This file is also compiled as a module of the stable test
//! `crates/chess-wasm/tests/fuzz_corpus.rs` (through `#[path]`), which replays the committed
//! seeds: it uses only `std` and what `chess-wasm` depends on, and no crate-level attributes.

use std::sync::atomic::{AtomicU32, Ordering};

use chess_ai::{Ai, Mode, SearchControl};
use chess_wasm::engine::{limits_from_json, options_from_json, review_options_from_json};
use chess_wasm::position::Position;

/// How many times a search or review of the target may ask whether to stop before it is told
/// to (about every thousand nodes, and between iterations): searches stay short whatever the
/// limits say, as a page's stop flag keeps them.
pub const STOP_AFTER_CHECKS: u32 = 8;

static CHECKS: AtomicU32 = AtomicU32::new(0);

/// The host's stop flag of the target: raised after [`STOP_AFTER_CHECKS`] looks.
fn budget_spent() -> bool {
    CHECKS.fetch_add(1, Ordering::Relaxed) >= STOP_AFTER_CHECKS
}

/// Target `js_options`: the first byte picks play or analysis (bit 0); the rest, UTF-8, is up
/// to four lines: an engine's options, a search's limits, a review's options (each JSON, as the
/// npm package passes them; empty means none), and a PGN (with `\n` written `\\n`) for the
/// position, the start position when it is empty or unreadable. Options read are valid (an
/// AI is built with them, its table shrunk to 1 MiB); a search with the limits read answers
/// with a legal move (or says why not), in JSON; a review with the review options read (its
/// table shrunk too) gives a review of the game whose JSON reads back. Searches and reviews are
/// stopped after [`STOP_AFTER_CHECKS`] looks at the stop flag. Bad JSON is an error with a
/// message, never a panic.
pub fn js_options(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut parts = text.splitn(4, '\n');
    let (options_json, limits_json, review_json) =
        (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let pgn = parts.next().unwrap_or("").replace("\\n", "\n");
    let mode = if first & 1 == 0 { Mode::Play } else { Mode::Analyze };
    let position = Position::from_pgn(&pgn).unwrap_or_else(|_| Position::new(None).expect("the start position"));

    let ai = match options_from_json(options_json, u64::from(first)) {
        Ok(mut options) => {
            options.validate().unwrap_or_else(|e| panic!("options read are invalid: {e}"));
            options.hash_mb = options.hash_mb.map(|mb| mb.min(1)).or(Some(1));
            Some(Ai::new(options).unwrap_or_else(|e| panic!("valid options refused: {e}")))
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            None
        }
    };
    match limits_from_json(limits_json) {
        Ok(read) => {
            if let Some(limits) = read.limits.depth {
                assert!((1..=chess_ai::MAX_DEPTH).contains(&limits));
            }
            assert!(read.limits.nodes != Some(0) && read.limits.move_time_ms != Some(0));
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Some(ai) = &ai {
        CHECKS.store(0, Ordering::Relaxed);
        let control = SearchControl::with_signal(budget_spent);
        let board = *position.game().board();
        let mut reports = 0usize;
        let answer = chess_wasm::think(ai, &position, mode, limits_json, Some(&control), &mut |report| {
            reports += 1;
            serde_json::from_str::<serde_json::Value>(&report).expect("a progress report is JSON");
        });
        match answer {
            Ok(json) => {
                let value: serde_json::Value = serde_json::from_str(&json).expect("an answer is JSON");
                let uci = value["best"]["uci"].as_str().expect("the best move's UCI");
                let mv = board.parse_uci(uci).unwrap_or_else(|e| panic!("best move {uci} in {board}: {e}"));
                assert!(board.is_legal(mv));
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    match review_options_from_json(review_json) {
        Ok(mut options) => {
            options.validate().unwrap_or_else(|e| panic!("review options read are invalid: {e}"));
            // What `chess_wasm::review` does with them, with a table of 1 MiB instead of 32 (whose
            // clearing took most of an input's time).
            options.hash_mb = 1;
            CHECKS.store(0, Ordering::Relaxed);
            let control = SearchControl::with_signal(budget_spent);
            let game = position.game();
            match chess_ai::review::review(game, &options, &control, &mut |done, total| assert!(done <= total)) {
                Ok(review) => {
                    let json = review.to_json();
                    let again = chess_ai::review::Review::from_json(&json, game)
                        .unwrap_or_else(|e| panic!("own review JSON refused: {e}\n{json}"));
                    assert_eq!(again.to_json(), json);
                    assert!(review.plies.len() <= game.moves().len());
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
