//! The review's `#[wasm_bindgen]` layer (the `review` feature): [`review`] and [`annotated_pgn`]
//! in plain Rust, then their bindings, which take the game as PGN text. The npm package builds
//! them as a module of their own (without the `game` feature), fetched on the first review, so
//! that the engine's first load does not carry the review's code; the package gives that module
//! the game by its PGN, which keeps its start, moves, comments, tags and result.

use chess_ai::SearchControl;
use wasm_bindgen::prelude::*;

use crate::data::{self, Need};
use crate::engine_bindings::stopped_by;
use crate::{engine, host, js, position, tag_pairs, Error};

/// Review the game of `position` (blocking; [`chess_ai::review`]): the review as JSON (schema
/// `chess-review/2`). `progress` sees the positions done and their number after each; once
/// `control` is stopped, the review returns the moves judged so far.
///
/// ```
/// use chess_ai::SearchControl;
/// use chess_wasm::position::Position;
/// let game = Position::from_pgn("1. f3 e5 2. g4 Qh4#").unwrap();
/// let mut seen = Vec::new();
/// let json = chess_wasm::review(&game, r#"{"nodes": 3000, "bookPlies": 0}"#, &SearchControl::new(), &mut |d, n| seen.push((d, n))).unwrap();
/// let v: serde_json::Value = serde_json::from_str(&json).unwrap();
/// assert_eq!(v["plies"][2]["class"], "blunder");
/// assert_eq!(seen.last(), Some(&(5, 5)));
/// assert!(chess_wasm::review(&game, r#"{"moveTimeMs": 100}"#, &SearchControl::new(), &mut |_, _| {}).is_err());
/// ```
pub fn review(
    position: &position::Position,
    options_json: &str,
    control: &SearchControl,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<String, Error> {
    data::require(Need::Review)?;
    let options = engine::review_options_from_json(options_json)?;
    let review = chess_ai::review::review(position.game(), &options, control, progress)?;
    Ok(review.to_json())
}

/// `pgn` (the first game of the text, whole) in PGN annotated with `review_json`, a review of
/// that game (schema `chess-review/2`, [`chess_ai::review::Review::annotate`]), `tags` over its
/// own: `[%eval]` after each move, the marked moves' NAGs,
/// class, why and better line. The same text as the game's own
/// [`Position::annotated_pgn`](position::Position::annotated_pgn).
///
/// ```
/// use chess_ai::SearchControl;
/// use chess_wasm::position::Position;
/// let game = Position::from_pgn("1. f3 e5 2. g4 Qh4#").unwrap();
/// let review = chess_wasm::review(&game, r#"{"nodes": 3000, "bookPlies": 0}"#, &SearchControl::new(), &mut |_, _| {}).unwrap();
/// let pgn = chess_wasm::annotated_pgn(&game.pgn(&[]), &[("White".into(), "You".into())], &review).unwrap();
/// assert!(pgn.contains("[White \"You\"]") && pgn.contains("2. g4 $4"), "{pgn}");
/// assert_eq!(pgn, game.annotated_pgn(&[("White".into(), "You".into())], &review).unwrap());
/// ```
pub fn annotated_pgn(pgn: &str, tags: &[(String, String)], review_json: &str) -> Result<String, Error> {
    position::Position::from_pgn(pgn)?.annotated_pgn(tags, review_json)
}

/// [`stopped_by`] the flag, if the page gives one.
fn stoppable(stop: Option<js_sys::Int32Array>) -> SearchControl {
    stop.map_or_else(SearchControl::new, stopped_by)
}

/// Review the first game of `pgn` (blocking; [`review`]): JSON of schema `chess-review/2`.
/// `options_json`: `{nodes, depth, bookPlies}`; `on_progress` receives `{"done": n, "total": m}`
/// after each position; the review stops, keeping the moves judged, when `stop[0]` becomes
/// non-zero.
#[wasm_bindgen(js_name = reviewPgn)]
pub fn review_pgn(
    pgn: &str,
    options_json: Option<String>,
    on_progress: Option<js_sys::Function>,
    stop: Option<js_sys::Int32Array>,
) -> Result<String, JsValue> {
    let position = position::Position::from_pgn(pgn).map_err(js)?;
    let control = stoppable(stop);
    let mut report = |done: usize, total: usize| {
        if let Some(f) = &on_progress {
            let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&format!("{{\"done\":{done},\"total\":{total}}}")));
        }
    };
    let answer = review(&position, options_json.as_deref().unwrap_or(""), &control, &mut report);
    host::set_stop_flag(None);
    answer.map_err(js)
}

/// [`annotated_pgn`]: the first game of `pgn` annotated with `review_json`, the tags
/// `names[i]` = `values[i]` over its own.
#[wasm_bindgen(js_name = annotatePgn)]
pub fn annotate_pgn(pgn: &str, names: Vec<String>, values: Vec<String>, review_json: &str) -> Result<String, JsValue> {
    let tags = tag_pairs(names, values).map_err(js)?;
    annotated_pgn(pgn, &tags, review_json).map_err(js)
}
