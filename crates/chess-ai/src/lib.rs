//! # chess-ai
//!
//! The chess AI an application calls: configure an [`Ai`] with [`AiOptions`], then ask it for a
//! move or an analysis of a [`core::Game`] (its history counts, so repetitions are seen). The
//! rules are re-exported as [`core`], so an application needs no other dependency.
//!
//! - **Strength**: levels 1 to 5 (about 800, 1200, 1600, 2000 and 2300 Elo, calibrated by games
//!   against Stockfish; see `docs/levels.md`), a continuous Elo setting (the `UCI_Elo`
//!   convention), or full strength. Weak levels look less far ahead, judge more simply, and pick
//!   among the moves within a window of the best, never outside it ([`Profile`]).
//! - **Answers** ([`Analysis`]): the move in UCI and SAN, its score (centipawns or mate), the
//!   principal variation, depth, seldepth, nodes and time, and the root moves that were scored.
//! - **Opening book**: a Polyglot reader ([`Book`]); a small CC0 book is embedded.
//! - **Opening names**: the ECO code and name of a game's opening ([`openings::classify`]), from
//!   the lichess chess-openings data set (CC0).
//! - **Background thinking** ([`Ai::start`] gives a [`Thinking`] handle: progress, stop, join;
//!   dropping it stops the search), so a user interface never freezes.
//! - **Determinism**: with a seed, the same game and options give the same move.
//!
//! ```
//! use chess_ai::core::Game;
//! use chess_ai::{Ai, AiOptions, Strength};
//!
//! let ai = Ai::new(AiOptions { strength: Strength::Level(2), seed: Some(7), ..AiOptions::default() }).unwrap();
//! let mut game = Game::new();
//! while game.moves().len() < 6 {
//!     let answer = ai.best_move(&game).unwrap();
//!     game.play(answer.mv()).unwrap();
//! }
//! // A human's move, with the promotion piece of their choice: `game.play_uci("e7e8n")`.
//! assert_eq!(game.moves().len(), 6);
//! ```
//!
//! Features (both on by default): `threads` (background thinking and search threads) and `fs`
//! (books read from files). Without them the crate compiles no thread or file code, as the wasm
//! build (`chess-wasm`) uses it. The crate builds for `wasm32-unknown-unknown`; there, [`Ai::think`] with a
//! [`chess_search::SearchControl`] replaces the background handle (no threads).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod ai;
mod analysis;
pub mod assist;
pub mod bench;
mod book;
mod level;
pub mod openings;
mod options;
mod polyglot_random;
pub mod review;

/// The rules, from `chess-core`: what an application needs beside the AI (the [`core::Game`] it
/// asks about, [`core::Board`], moves, FEN, SAN and PGN), so that `chess-ai` is its one
/// dependency: `use chess_ai::core::Game;`.
pub use chess_core as core;

#[cfg(feature = "threads")]
pub use ai::Thinking;
pub use ai::{Ai, AiError, Mode, DEFAULT_MOVE_TIME_MS};
pub use analysis::{Analysis, AnalysisLine};
pub use book::{polyglot_key, Book, BookEntry, BookError, BookMove};
/// What an application hands a search or gets back from it, from `chess-search`: the limits of a
/// search (a UCI `go`), its stop switch, its progress, and the clock it reads.
pub use chess_search::{
    default_time_source, Bound, Clock, HashAllocError, Info, Limits, Reporter, SearchControl, Silent, TimeSource,
};
#[cfg(feature = "syzygy")]
pub use chess_syzygy::{Tablebase, Wdl};
pub use level::{PinnedNet, Profile, Strength, ANCHORS, FULL, LEVELS, LEVEL_ELO, LEVEL_NET, MAX_ELO, MIN_ELO};
pub use options::{
    max_useful_threads, AiOptions, DepthOptions, OptionsError, MAX_DEPTH, MAX_HASH_MB, MAX_MULTI_PV, MAX_RANDOMNESS_CP,
    MAX_THREADS,
};

/// The examples of the crate's README run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
