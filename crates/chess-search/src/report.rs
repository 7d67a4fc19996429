//! What a search tells the world: progress while it runs, and a result at the end.

use chess_core::Move;
use chess_eval::Score;

use crate::tt::Bound;

/// One principal variation at the end of an iteration (or after an aspiration failure).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth in plies.
    pub depth: i32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: i32,
    /// Which line (1 is the best; more with multi-PV).
    pub multi_pv: usize,
    /// The score from the side to move's point of view.
    pub score: Score,
    /// `Exact`, or a bound when the aspiration window failed (`Lower`: at least this score).
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Transposition-table use, per mille.
    pub hashfull: u32,
    /// Endgame tablebase probes that answered.
    pub tb_hits: u64,
    /// The principal variation, starting with the root move.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Receives progress from a search (on the thread that runs the search).
///
/// Every method has a default that ignores the report; implement what you show.
pub trait Reporter {
    /// A line was completed (or an aspiration window failed, see [`Info::bound`]).
    fn info(&mut self, info: &Info) {
        let _ = info;
    }

    /// The root move `mv` (`number`, from 1, in search order) is being searched at `depth`.
    /// Only sent after the first second of a search, like most engines.
    fn current_move(&mut self, mv: Move, number: usize, depth: i32) {
        let _ = (mv, number, depth);
    }
}

/// A reporter that ignores everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Reporter for Silent {}

impl<F: FnMut(&Info)> Reporter for F {
    fn info(&mut self, info: &Info) {
        self(info)
    }
}

/// A root move with its score after the search (for multi-PV and analysis).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootLine {
    /// The root move.
    pub mv: Move,
    /// Its score, from the side to move's point of view.
    pub score: Score,
    /// Whether `score` is exact or a bound.
    pub bound: Bound,
    /// The line it leads to, starting with `mv`.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move (mate or stalemate).
    pub best_move: Option<Move>,
    /// The expected reply, if known (for pondering).
    pub ponder_move: Option<Move>,
    /// The score of the best move (mated or draw when there is no legal move).
    pub score: Score,
    /// The last completed depth.
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: i32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Milliseconds the search took.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The best `multi_pv` root moves, best first, with their scores and lines.
    pub lines: Vec<RootLine>,
}
