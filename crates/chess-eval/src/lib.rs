//! # chess-eval
//!
//! How the engine judges a position without searching:
//! - [`Evaluator`]: the trait a search is generic over (static dispatch), with hooks for
//!   incremental evaluators;
//! - [`Score`]: centipawns with room for mate scores above every evaluation;
//! - [`Classical`]: a tapered evaluation (material, piece-square tables, pawn structure,
//!   mobility, king safety, piece bonuses, tempo), every term switchable
//!   through [`EvalConfig`] and explained by [`Classical::trace`];
//! - [`Nnue`]: the neural evaluation, a [`Network`] (768 inputs, a hidden layer per side, one
//!   output; the embedded net or one read from a file) with accumulators updated move by move;
//! - [`AnyEval`]: either of the two behind one type, chosen at run time (what `chess-ai` plays
//!   with: the net at full strength, the classical terms at the weak levels);
//! - [`endgame`]: the drawish endings whose net score is scaled down (two knights, rook against
//!   minor, opposite bishops).
//!
//! ```
//! use chess_core::Board;
//! use chess_eval::{Classical, Evaluator};
//!
//! let board: Board = "7k/4P3/8/8/8/8/8/K7 b - - 0 1".parse().unwrap();
//! let mut eval = Classical::default();
//! let score = eval.evaluate(&board); // black to move, white's pawn on the seventh
//! assert!(score.0 < -100);
//! ```
#![deny(missing_docs)]
// `unsafe` only in nnue/kernels.rs (calling the AVX2 copy of a loop on a CPU that has it).
#![deny(unsafe_code)]

mod any_eval;
mod classical;
pub mod endgame;
mod evaluator;
pub mod layout;
pub mod nnue;
mod score;
mod sink;
mod trace;
#[cfg(feature = "tuning")]
pub mod tuning;
pub mod weights;

pub use any_eval::AnyEval;
pub use classical::{adjacent_files, is_passed, phase, Classical, EvalConfig};
pub use evaluator::Evaluator;
pub use nnue::{Network, Nnue};
pub use score::Score;
pub use trace::{Term, Trace, S};

/// The examples of the crate's README run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
