//! The search of one thread: iterative deepening, aspiration windows, principal variation search
//! with its pruning rules, and quiescence.
//!
//! Reading order: [`Worker::iterate`] (iterative deepening and aspiration, here), the root move
//! loop (`root.rs`), every other node (`negamax.rs`, each pruning rule a named helper there),
//! quiescence (`quiescence.rs`), and the late-move reductions (`lmr.rs`). [`Shared`] is what the
//! threads of one search share; a [`Worker`] is one thread's own state.

mod lmr;
mod negamax;
mod quiescence;
mod root;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use arrayvec::ArrayVec;
use chess_core::{Board, Move};
use chess_eval::{Evaluator, Score};
#[cfg(feature = "syzygy")]
use chess_syzygy::Tablebase;

use crate::clock::TimeSource;
use crate::control::SearchControl;
use crate::handicap::Handicap;
use crate::history::{History, PieceTo, MAX_PLY};
use crate::limits::Limits;
use crate::params::*;
use crate::report::{Info, Reporter};
use crate::time::TimeBudget;
use crate::tt::{Bound, TranspositionTable};

pub(crate) use lmr::LmrTable;
pub(crate) use root::RootMove;

pub(crate) const INFINITE: i32 = Score::INFINITE.0;
const MATE: i32 = Score::MATE.0;
const MATE_BOUND: i32 = Score::MATE_BOUND.0;
/// Marks "no static eval" (the side to move is in check).
const NO_EVAL: i32 = -INFINITE;

/// A principal variation.
pub(crate) type Line = ArrayVec<Move, MAX_PLY>;

/// Per-ply search state.
#[derive(Clone, Copy)]
struct Frame {
    static_eval: i32,
    /// The move made from this ply, with the moving piece (for counter moves); `None` after a
    /// null move.
    moved: Option<PieceTo>,
    /// The move a singular-extension search of this node leaves out.
    excluded: Option<Move>,
}

/// What every thread of one search shares: the table, the stop, the limits, the clock.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// Node counts of every thread, published every few thousand nodes.
    pub node_counters: Vec<AtomicU64>,
    pub time: &'a dyn TimeSource,
    pub lmr: &'a LmrTable,
    pub limits: &'a Limits,
    pub handicap: Handicap,
    /// When the search started.
    pub start_ms: u64,
    /// Endgame tablebases to probe, and the probes that answered (all threads).
    #[cfg(feature = "syzygy")]
    pub tablebase: Option<&'a Tablebase>,
    pub tb_hits: AtomicU64,
}

/// One search thread: its evaluator, histories, path and root moves.
pub(crate) struct Worker<'a, E: Evaluator> {
    pub id: usize,
    pub eval: E,
    pub history: &'a mut History,
    pub shared: &'a Shared<'a>,
    pub budget: Option<TimeBudget>,
    /// When the time budget started (later than the search when pondering).
    pub budget_start_ms: u64,
    pub was_pondering: bool,
    pub nodes: u64,
    pub seldepth: i32,
    pub stopped: bool,
    /// Position keys: the game before the root, the root, then the current path.
    pub keys: Vec<u64>,
    pub root_key_index: usize,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: i32,
    stack: Vec<Frame>,
    pv: Vec<Line>,
    pv_index: usize,
    root_depth: i32,
    /// How often the best move changed lately (decays each iteration), for time management.
    instability: f64,
    /// The ply at which the current quiescence search began (for `Handicap::quiescence_depth`).
    quiescence_start: usize,
    /// `Handicap::quiescence_depth`, unbounded when `None`.
    max_quiescence_plies: usize,
    /// `Handicap::check_extension`.
    check_extension: bool,
    /// Per colour, how many null-move verification searches of that side are open: while one
    /// is, that side may not pass (the verification must not itself rest on a null move).
    verifying: [u32; 2],
}

impl<'a, E: Evaluator> Worker<'a, E> {
    /// Thread `id` (0 is the main thread, which reports and decides when to stop) of the search
    /// `shared` describes, from the game's `keys` (the root last) over `root_moves`.
    pub fn new(
        id: usize,
        eval: E,
        history: &'a mut History,
        shared: &'a Shared<'a>,
        keys: Vec<u64>,
        root_moves: Vec<RootMove>,
    ) -> Self {
        let root_key_index = keys.len() - 1;
        Worker {
            id,
            eval,
            history,
            shared,
            budget: TimeBudget::new(shared.limits),
            budget_start_ms: shared.start_ms,
            was_pondering: shared.control.is_pondering(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys,
            root_key_index,
            root_moves,
            completed_depth: 0,
            verifying: [0; 2],
            stack: vec![Frame { static_eval: NO_EVAL, moved: None, excluded: None }; MAX_PLY + 4],
            pv: vec![Line::new(); MAX_PLY + 4],
            pv_index: 0,
            root_depth: 0,
            instability: 0.0,
            quiescence_start: 0,
            max_quiescence_plies: shared.handicap.quiescence_depth.map_or(usize::MAX, |d| d as usize),
            check_extension: shared.handicap.check_extension,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.shared.time.now_ms().saturating_sub(self.shared.start_ms)
    }

    /// Nodes of all threads (ours exact, the others' as last published).
    pub fn total_nodes(&self) -> u64 {
        let others: u64 = self
            .shared
            .node_counters
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != self.id)
            .map(|(_, c)| c.load(Relaxed))
            .sum();
        others + self.nodes
    }

    // ---------------------------------------------------------------------------------------------
    // Limits
    // ---------------------------------------------------------------------------------------------

    /// Called at every node: whether to abandon the search now.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.is_main() && self.root_depth > 1 {
            if let Some(limit) = self.shared.limits.nodes {
                if self.total_nodes_cheap() >= limit {
                    return self.stop_all();
                }
            }
        }
        if self.nodes & 1023 == 0 {
            self.shared.node_counters[self.id].store(self.nodes, Relaxed);
            // The main thread finishes its first iteration whatever stops it (a caller's stop, a
            // limit): a move no search has looked at is never the answer.
            if self.shared.control.is_stopped() && (self.root_depth > 1 || !self.is_main()) {
                self.stopped = true;
                return true;
            }
            if self.is_main() && self.root_depth > 1 {
                self.notice_ponderhit();
                if let Some(budget) = self.budget {
                    if !self.was_pondering && self.budget_elapsed_ms() >= budget.hard_ms {
                        return self.stop_all();
                    }
                }
            }
        }
        false
    }

    /// Total nodes for the node limit: exact in single-threaded searches.
    #[inline]
    fn total_nodes_cheap(&self) -> u64 {
        if self.shared.node_counters.len() == 1 {
            self.nodes
        } else {
            self.total_nodes()
        }
    }

    fn stop_all(&mut self) -> bool {
        self.stopped = true;
        self.shared.control.finish();
        true
    }

    fn notice_ponderhit(&mut self) {
        if self.was_pondering && !self.shared.control.is_pondering() {
            self.was_pondering = false;
            self.budget_start_ms = self.shared.time.now_ms();
        }
    }

    fn budget_elapsed_ms(&self) -> u64 {
        self.shared.time.now_ms().saturating_sub(self.budget_start_ms)
    }

    // ---------------------------------------------------------------------------------------------
    // Iterative deepening
    // ---------------------------------------------------------------------------------------------

    /// Deepen until a limit (or another thread) says stop.
    pub fn iterate(&mut self, board: &Board, reporter: &mut dyn Reporter) {
        self.eval.reset(board);
        let max_depth = self.shared.limits.depth.unwrap_or(MAX_PLY as i32 - 4).clamp(1, MAX_PLY as i32 - 4);
        let lines = self.shared.limits.multi_pv.clamp(1, self.root_moves.len());
        let mut previous_best = self.root_moves[0].mv;
        let mut previous_score = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.previous_score = rm.display_score();
                rm.score = -INFINITE;
            }
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                self.aspiration(board, depth, reporter);
                // Lines found so far stay in order.
                self.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            if !self.is_main() {
                continue;
            }
            self.report_lines(depth, lines, reporter);

            // Time management and the other limits, between iterations.
            let best = &self.root_moves[0];
            self.instability *= instability_decay_percent() as f64 / 100.0;
            if best.mv != previous_best {
                self.instability += 1.0;
            }
            let score_drop = previous_score - best.score;
            let root_nodes: u64 = self.root_moves.iter().map(|rm| rm.nodes).sum();
            let best_move_share = (root_nodes > 0).then(|| best.nodes as f64 / root_nodes as f64);
            previous_best = best.mv;
            previous_score = best.score;
            if let Some(mate) = self.shared.limits.mate {
                if Score(best.score).mate_moves().is_some_and(|m| m > 0 && m <= mate) {
                    break;
                }
            }
            self.notice_ponderhit();
            if let Some(budget) = self.budget {
                if !self.was_pondering
                    && self.budget_elapsed_ms() >= budget.scaled_soft_ms(self.instability, score_drop, best_move_share)
                {
                    break;
                }
            }
            if self.shared.control.is_stopped() {
                break;
            }
        }
        self.shared.node_counters[self.id].store(self.nodes, Relaxed);
    }

    /// One iteration for line `pv_index`: a window around the last score, widened on failure.
    fn aspiration(&mut self, board: &Board, depth: i32, reporter: &mut dyn Reporter) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut delta = aspiration_delta();
        let (mut alpha, mut beta) =
            if enabled(Rule::Aspiration) && depth >= aspiration_min_depth() && previous.abs() < MATE_BOUND {
                ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
            } else {
                (-INFINITE, INFINITE)
            };
        loop {
            self.seldepth = 0;
            let score = self.root(board, alpha, beta, depth, reporter);
            self.root_moves[self.pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                self.report_bound(depth, Bound::Upper, reporter);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                self.report_bound(depth, Bound::Lower, reporter);
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    fn line_info(&self, depth: i32, index: usize, bound: Bound) -> Info {
        let rm = &self.root_moves[index];
        Info {
            depth,
            seldepth: rm.seldepth.max(depth),
            multi_pv: index + 1,
            score: Score(rm.reported_score()),
            bound,
            nodes: self.total_nodes(),
            time_ms: self.elapsed_ms(),
            hashfull: self.shared.tt.hashfull(),
            tb_hits: self.shared.tb_hits.load(Relaxed),
            pv: rm.pv.to_vec(),
        }
    }

    fn report_lines(&self, depth: i32, lines: usize, reporter: &mut dyn Reporter) {
        for i in 0..lines {
            reporter.info(&self.line_info(depth, i, self.root_moves[i].bound));
        }
    }

    /// Report an aspiration failure (after the first second only, as GUIs get flooded otherwise).
    fn report_bound(&self, depth: i32, bound: Bound, reporter: &mut dyn Reporter) {
        if self.is_main() && self.elapsed_ms() > 1000 {
            reporter.info(&self.line_info(depth, self.pv_index, bound));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Making moves
    // ---------------------------------------------------------------------------------------------

    #[inline]
    /// Make `mv` (by the piece `moved`, as `moved_piece` gives it) at `ply`.
    fn make(&mut self, board: &Board, mv: Move, ply: usize, moved: Option<PieceTo>) -> Board {
        self.stack[ply].moved = moved;
        let mut child = *board;
        child.play_unchecked(mv);
        self.eval.push(board, mv, &child);
        self.keys.push(child.hash());
        child
    }

    /// The check extension of a move from `ply` to `child`: one ply when it gives check, bounded
    /// so that checks cannot blow the tree up.
    #[inline]
    fn check_extension(&self, child: &Board, ply: usize) -> i32 {
        (self.check_extension
            && enabled(Rule::CheckExtension)
            && child.in_check()
            && ply < 2 * self.root_depth as usize) as i32
    }

    #[inline]
    fn unmake(&mut self) {
        self.eval.pop();
        self.keys.pop();
    }

    // ---------------------------------------------------------------------------------------------
    // Draws
    // ---------------------------------------------------------------------------------------------

    /// Whether the position at the end of the current path is a draw by rule: fifty moves,
    /// insufficient material, or repetition (once inside the search tree, or a third time
    /// counting the game before the root).
    fn is_draw(&self, board: &Board) -> bool {
        if board.is_fifty_move_draw() {
            return true;
        }
        let halfmove = board.halfmove_clock() as usize;
        if board.is_insufficient_material() {
            return true;
        }
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let mut seen_before_root = 0;
        let mut back = 4;
        while back <= halfmove.min(current) {
            let index = current - back;
            if self.keys[index] == key {
                if index >= self.root_key_index {
                    return true;
                }
                seen_before_root += 1;
                if seen_before_root >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }
}

/// What a node's best score says, for the TT: at least it (fail high), exactly it (a PV node
/// that raised alpha), or at most it.
#[inline]
fn node_bound(pv: bool, best: i32, original_alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if pv && best > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Whether a TT score with `bound` decides the node for the window `alpha..beta`.
#[inline]
fn bound_allows_cutoff(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}
