//! # chess-wasm
//!
//! The engine for JavaScript: [`wasm-bindgen`](https://docs.rs/wasm-bindgen) bindings over
//! `chess-core` (a [`JsPosition`]: a game with every rule) and `chess-ai` (a [`JsEngine`]: levels,
//! book, analysis). The npm package in `web/packages/engine` is the only caller; `API.md` beside
//! this crate describes the boundary. Structured values cross it as JSON text, errors as thrown JS
//! `Error`s with a one-line message.
//!
//! The JSON shapes and all their logic live in plain Rust ([`position`], [`engine`]) and are
//! tested natively; the `#[wasm_bindgen]` layer in this file only converts.
//!
//! ```
//! use chess_wasm::position::Position;
//! let mut game = Position::new(None).unwrap();
//! let mv = game.play("e4").unwrap();
//! assert_eq!((mv.uci.as_str(), mv.san.as_str()), ("e2e4", "e4"));
//! assert_eq!(game.state().turn, "black");
//! assert!(game.play("e5e4").is_err());
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(all(feature = "game", feature = "engine"))]
mod ai_bindings;
#[cfg(feature = "engine")]
pub mod data;
#[cfg(feature = "engine")]
pub mod engine;
#[cfg(feature = "engine")]
mod engine_bindings;
mod error;
#[cfg(feature = "engine")]
pub mod host;
pub mod json;
#[cfg(feature = "engine")]
pub mod net;
pub mod position;
#[cfg(feature = "review")]
mod review_bindings;

use wasm_bindgen::prelude::*;

#[cfg(all(feature = "game", feature = "engine"))]
pub use ai_bindings::{bench, levels, max_hash_mb, move_classes, think, JsEngine};
#[cfg(feature = "engine")]
pub use engine_bindings::{current_net, load_net, max_net_bytes, missing_data, provide_data, unload_net};
#[cfg(feature = "review")]
pub use review_bindings::{annotate_pgn, annotated_pgn, review, review_pgn};

pub use error::Error;

/// `e` as the JS `Error` the binding throws: its message, its code as `code` (the package's
/// `ChessError.code`, [`Error::code`]) and, for a typed move that is not legal, chess-core's
/// reason as `reason` (the package's `IllegalMoveError.reason`).
fn js(e: Error) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    // Setting a property on a new, extensible Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &JsValue::from_str("code"), &JsValue::from_str(e.code()));
    if let Error::Rejected { reason, .. } = &e {
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("reason"), &JsValue::from_str(reason.kind()));
    }
    error.into()
}

/// An engine's shape (options, analyses, reviews, data) as JSON, by serde; the game's shapes are
/// written by [`json`].
#[cfg(feature = "engine")]
fn serde_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the JSON shapes always serialise")
}

/// A game: a start position and the moves played, with every rule.
#[cfg(feature = "game")]
#[wasm_bindgen(js_name = Position)]
pub struct JsPosition(pub(crate) position::Position);

#[cfg(feature = "game")]
#[wasm_bindgen(js_class = Position)]
impl JsPosition {
    /// The start position, or `fen`'s.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<JsPosition, JsValue> {
        position::Position::new(fen.as_deref()).map(JsPosition).map_err(js)
    }

    /// The first game of a PGN text, whole: tags, comments, NAGs and result.
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(pgn: &str) -> Result<JsPosition, JsValue> {
        position::Position::from_pgn(pgn).map(JsPosition).map_err(js)
    }

    /// A position set up by hand (a FEN): castling rights and an en-passant square that can no
    /// longer hold are dropped; anything else that is no legal position is refused.
    #[wasm_bindgen(js_name = fromEdit)]
    pub fn from_edit(fen: &str) -> Result<JsPosition, JsValue> {
        position::Position::from_edit(fen).map(JsPosition).map_err(js)
    }

    /// Chess960 start position number `n` (0 to 959), a Chess960 game.
    pub fn chess960(n: u32) -> Result<JsPosition, JsValue> {
        position::Position::chess960(n).map(JsPosition).map_err(js)
    }

    /// Every game of a PGN text, or the first that cannot be read (its number and line).
    #[wasm_bindgen(js_name = readPgn)]
    pub fn read_pgn(text: &str) -> Result<Vec<JsPosition>, JsValue> {
        Ok(position::Position::read_pgn(text).map_err(js)?.into_iter().map(JsPosition).collect())
    }

    /// The PGN tags as a JSON array of `[name, value]` pairs, in order.
    pub fn tags(&self) -> String {
        json::to_string(&self.0.tags())
    }

    /// Set tags: `names[i]` to `values[i]`; an empty value removes one.
    #[wasm_bindgen(js_name = setTags)]
    pub fn set_tags(&mut self, names: Vec<String>, values: Vec<String>) -> Result<(), JsValue> {
        let tags = tag_pairs(names, values).map_err(js)?;
        self.0.set_tags(&tags).map_err(js)
    }

    /// Set the comment (and, when given, the NAGs) of a ply; ply 0 is the comment before the
    /// first move.
    pub fn annotate(&mut self, ply: usize, comment: Option<String>, nags: Option<Vec<u8>>) -> Result<(), JsValue> {
        self.0.annotate(ply, comment.as_deref(), nags).map_err(js)
    }

    /// A copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> JsPosition {
        JsPosition(self.0.clone())
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.0.fen()
    }

    /// The FEN with the en-passant field after every double push (FEN's original rule).
    #[wasm_bindgen(js_name = classicFen)]
    pub fn classic_fen(&self) -> String {
        self.0.classic_fen()
    }

    /// The start position's FEN.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.0.start_fen()
    }

    /// The state as JSON.
    pub fn state(&self) -> String {
        json::to_string(&self.0.state())
    }

    /// The draw rules of the current position as JSON, each on its own:
    /// `{threefoldRepetition, fiftyMoveRule, insufficientMaterial, draw}`.
    pub fn draws(&self) -> String {
        json::to_string(&self.0.draws())
    }

    /// The legal moves as JSON (from the square `from` only, if given).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, from: Option<String>) -> Result<String, JsValue> {
        self.0.legal_moves_from(from.as_deref()).map(|m| json::to_string(&m)).map_err(js)
    }

    /// Play a move in SAN or UCI; the move as JSON.
    pub fn play(&mut self, text: &str) -> Result<String, JsValue> {
        self.0.play(text).map(|m| json::to_string(&m)).map_err(js)
    }

    /// Play the move from `from` to `to`, promoting to `promotion` (a queen by default).
    #[wasm_bindgen(js_name = playFromTo)]
    pub fn play_from_to(&mut self, from: &str, to: &str, promotion: Option<String>) -> Result<String, JsValue> {
        self.0.play_from_to(from, to, promotion.as_deref()).map(|m| json::to_string(&m)).map_err(js)
    }

    /// Whether a typed move is legal, and why not, as JSON.
    pub fn explain(&self, text: &str) -> String {
        json::to_string(&self.0.explain(text))
    }

    /// Take back the last move: its UCI.
    pub fn undo(&mut self) -> Option<String> {
        self.0.undo()
    }

    /// The moves played, as JSON.
    pub fn history(&self) -> String {
        json::to_string(&self.0.history())
    }

    /// Add a variation played instead of the move at `path` (`[ply]`, or `[ply, variation,
    /// move, ...]`): `moves`, SAN or UCI moves from the position before it, merged with the lines
    /// already there. The path of its last move, as JSON.
    #[wasm_bindgen(js_name = addVariation)]
    pub fn add_variation(&mut self, path: Vec<u32>, moves: Vec<String>) -> Result<String, JsValue> {
        self.0.add_variation(&move_path(&path), &moves).map(|p| json::to_string(&p)).map_err(js)
    }

    /// Play `moves` (SAN or UCI) after the move at `path` (`[0]`: the start) in the variations:
    /// at the end of a variation they go on at its end, elsewhere they are a variation of the
    /// move that follows. The path of the last move, as JSON.
    #[wasm_bindgen(js_name = continueVariation)]
    pub fn continue_variation(&mut self, path: Vec<u32>, moves: Vec<String>) -> Result<String, JsValue> {
        self.0.continue_variation(&move_path(&path), &moves).map(|p| json::to_string(&p)).map_err(js)
    }

    /// Remove variation `index` of those played instead of the move at `path`.
    #[wasm_bindgen(js_name = removeVariation)]
    pub fn remove_variation(&mut self, path: Vec<u32>, index: usize) -> Result<(), JsValue> {
        self.0.remove_variation(&move_path(&path), index).map_err(js)
    }

    /// `loser` (`white` or `black`) resigns.
    pub fn resign(&mut self, loser: &str) -> Result<(), JsValue> {
        self.0.resign(loser).map_err(js)
    }

    /// The players agree a draw (the game must still be going on).
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<(), JsValue> {
        self.0.agree_draw().map_err(js)
    }

    /// `flagged` ran out of time: it loses, or the game is drawn when the other side cannot mate.
    pub fn flag(&mut self, flagged: &str) -> Result<(), JsValue> {
        self.0.flag(flagged).map_err(js)
    }

    /// The game in PGN, with the tags `names[i]` = `values[i]` over the game's own. (A PGN
    /// annotated from a review: the review module's `annotatePgn`.)
    pub fn pgn(&self, names: Vec<String>, values: Vec<String>) -> Result<String, JsValue> {
        let tags = tag_pairs(names, values).map_err(js)?;
        Ok(self.0.pgn(&tags))
    }

    /// The board as text.
    pub fn ascii(&self) -> String {
        self.0.ascii()
    }

    /// Put a piece (FEN letter) on a square; the game restarts from there.
    #[wasm_bindgen(js_name = setPiece)]
    pub fn set_piece(&mut self, square: &str, piece: &str) -> Result<(), JsValue> {
        self.0.set_piece(square, piece).map_err(js)
    }

    /// Empty a square; the game restarts from there.
    #[wasm_bindgen(js_name = removePiece)]
    pub fn remove_piece(&mut self, square: &str) -> Result<(), JsValue> {
        self.0.remove_piece(square).map_err(js)
    }
}

/// Tags from JavaScript: names and values side by side, as many of each.
pub(crate) fn tag_pairs(names: Vec<String>, values: Vec<String>) -> Result<Vec<(String, String)>, Error> {
    if names.len() != values.len() {
        return Err(Error::Options(format!("PGN tags: {} names for {} values", names.len(), values.len())));
    }
    Ok(names.into_iter().zip(values).collect())
}

/// A [`position::MovePath`] from JavaScript's `Uint32Array`.
#[cfg(feature = "game")]
fn move_path(path: &[u32]) -> Vec<usize> {
    path.iter().map(|&n| n as usize).collect()
}

/// The crate's version.
#[cfg(feature = "game")]
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The words of the boundary's closed sets, as JSON: `gameStatuses` (a game's `status`),
/// `rejectionReasons` (why a move is refused) and, with the engine, `moveClasses` and
/// `claimKinds` (a review's) and `optionKeys` (the keys of the options and limits JavaScript
/// passes: [`engine::option_keys`]); and `startFen`, the FEN of the standard starting position
/// (chess-core's `STARTPOS`). The package's TypeScript types of these sets are generated from it
/// at build time (web/packages/engine/scripts/gen-tables.mjs), so they cannot drift from the
/// Rust that writes the words.
///
/// ```
/// let words: serde_json::Value = serde_json::from_str(&chess_wasm::boundary_words()).unwrap();
/// assert_eq!(words["gameStatuses"][0], "ongoing");
/// assert_eq!(words["rejectionReasons"][0], "unreadable");
/// assert_eq!(words["startFen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// // With the engine (not in the rules-only module): its words and the options' keys.
/// if words.get("moveClasses").is_some() {
///     assert_eq!(words["optionKeys"]["review"], serde_json::json!(["nodes", "depth", "bookPlies"]));
/// }
/// ```
#[cfg(feature = "game")]
#[wasm_bindgen(js_name = boundaryWords)]
pub fn boundary_words() -> String {
    let mut out = String::new();
    let mut words = json::Object::new(&mut out);
    words
        .field("gameStatuses", &position::status_words())
        .field("rejectionReasons", &position::rejection_words())
        .field("startFen", chess_core::STARTPOS);
    #[cfg(feature = "engine")]
    {
        use chess_ai::review::{ClaimKind, MoveClass};
        words
            .field("moveClasses", &MoveClass::ALL.iter().map(|c| c.name()).collect::<Vec<_>>())
            .field("claimKinds", &ClaimKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>())
            .raw("optionKeys", &serde_text(&engine::option_keys()));
    }
    words.end();
    out
}
