//! # chess-search
//!
//! A modern alpha-beta search for chess, generic over any [`chess_eval::Evaluator`]:
//!
//! - iterative deepening with aspiration windows, principal variation search;
//! - a lock-free, bucketed transposition table sized in MiB, shared by all threads;
//! - staged move ordering: TT move, captures by MVV-LVA and
//!   [static exchange](chess_core::Board::see_ge), killers, counter moves, history;
//! - quiescence search with SEE and delta pruning, check evasions;
//! - check extension, null-move pruning, late move reductions, reverse futility, futility, late
//!   move and SEE pruning (constants in [`params`]);
//! - draws by repetition (against the game history too), fifty moves and insufficient material
//!   inside the tree; mate scores that prefer the shortest mate;
//! - limits by depth, nodes, move time, clock (soft and hard bounds), mate-in-N, infinite;
//!   stop and ponderhit from another thread ([`SearchControl`]);
//! - progress through a [`Reporter`], multi-PV, Lazy SMP threads.
//!
//! Clocks and threads sit behind a seam ([`TimeSource`], [`Engine::set_threads`]), so the crate
//! builds for `wasm32-unknown-unknown` (one thread, time from the application).
//!
//! ```
//! use chess_core::Game;
//! use chess_eval::Classical;
//! use chess_search::{Engine, Limits};
//!
//! let mut engine = Engine::new(Classical::default(), 16);
//! let game = Game::new();
//! let result = engine.think(&game, &Limits::depth(6));
//! let best = result.best_move.unwrap();
//! assert!(game.board().is_legal(best));
//! assert_eq!(result.depth, 6);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod bench;
mod clock;
mod control;
mod engine;
mod handicap;
mod history;
mod limits;
mod movepick;
pub mod params;
mod report;
mod search;
mod time;
mod tt;

pub use bench::{bench_evaluator, run_bench, BenchResult, BENCH_POSITIONS, DEFAULT_BENCH_DEPTH};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use clock::SystemTime;
pub use clock::{default_time_source, FrozenTime, TimeSource, THREADS_AVAILABLE};
pub use control::SearchControl;
pub use engine::{max_useful_threads, Engine, MAX_HASH_MB, MAX_THREADS};
pub use handicap::Handicap;
pub use limits::{Clock, Limits};
pub use report::{Info, Reporter, RootLine, SearchResult, Silent};
pub use tt::{Bound, HashAllocError};

/// The examples of the crate's README run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
