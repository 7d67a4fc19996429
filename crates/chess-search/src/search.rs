//! The search of one thread: iterative deepening, aspiration windows, principal variation search
//! with its pruning rules, and quiescence.
//!
//! Reading order: [`Worker::iterate`] (iterative deepening and aspiration), [`Worker::root`]
//! (the root move loop), [`Worker::negamax`] (every other node), [`Worker::quiescence`].

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use arrayvec::ArrayVec;
use chess_core::{Board, Move};
use chess_eval::{Evaluator, Score};
use chess_syzygy::{Tablebase, Wdl};

use crate::clock::TimeSource;
use crate::control::SearchControl;
use crate::handicap::Handicap;
use crate::history::{History, PieceTo, MAX_PLY};
use crate::limits::Limits;
use crate::movepick::{is_noisy, moved_piece, MovePicker};
use crate::params::*;
use crate::report::{Info, Reporter};
use crate::see::{see_ge, see_value};
use crate::time::TimeBudget;
use crate::tt::{Bound, TranspositionTable, TtEntry};

pub(crate) const INFINITE: i32 = Score::INFINITE.0;
const MATE: i32 = Score::MATE.0;
const MATE_BOUND: i32 = Score::MATE_BOUND.0;
/// Marks "no static eval" (the side to move is in check).
const NO_EVAL: i32 = -INFINITE;

/// A principal variation.
pub(crate) type Line = ArrayVec<Move, MAX_PLY>;

/// Late-move reduction table, `[depth][move number]`.
pub(crate) struct LmrTable([[i32; 64]; 64]);

impl LmrTable {
    pub(crate) fn new() -> Self {
        let (base, divisor) = (lmr_base_percent() as f64 / 100.0, lmr_divisor_percent() as f64 / 100.0);
        let mut table = [[0; 64]; 64];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
            }
        }
        LmrTable(table)
    }

    #[inline]
    fn get(&self, depth: i32, moves: usize) -> i32 {
        self.0[(depth as usize).min(63)][moves.min(63)]
    }
}

/// A root move and what the search learned about it.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// Score in the current iteration, `-INFINITE` until searched (or when it failed low).
    pub score: i32,
    /// Score in the previous iteration.
    pub previous_score: i32,
    pub bound: Bound,
    pub seldepth: i32,
    pub pv: Line,
    /// What the endgame tablebases say the move leads to, when they cover the root.
    pub tablebase_score: Option<i32>,
}

impl RootMove {
    /// The score to report: the tables' verdict when they have one and the search has found no
    /// mate, else the search's ([`display_score`](Self::display_score)).
    pub fn reported_score(&self) -> i32 {
        let searched = self.display_score();
        match self.tablebase_score {
            Some(tb) if searched.abs() < MATE_BOUND => tb,
            _ => searched,
        }
    }

    /// The best known score: this iteration's if it has one, else the last one's.
    pub fn display_score(&self) -> i32 {
        if self.score == -INFINITE {
            self.previous_score
        } else {
            self.score
        }
    }
}

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

/// Everything one search thread works with.
pub(crate) struct Worker<'a, E: Evaluator> {
    pub id: usize,
    pub eval: E,
    pub history: &'a mut History,
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// Node counts of every thread, published every few thousand nodes.
    pub node_counters: &'a [AtomicU64],
    pub time: &'a dyn TimeSource,
    pub lmr: &'a LmrTable,
    pub limits: &'a Limits,
    pub budget: Option<TimeBudget>,
    /// When the search started, and when the time budget started (later when pondering).
    pub start_ms: u64,
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
    /// Endgame tablebases to probe, and the probes that answered (all threads).
    tablebase: Option<&'a Tablebase>,
    tb_hits: &'a AtomicU64,
}

impl<'a, E: Evaluator> Worker<'a, E> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: usize,
        eval: E,
        history: &'a mut History,
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        node_counters: &'a [AtomicU64],
        time: &'a dyn TimeSource,
        lmr: &'a LmrTable,
        limits: &'a Limits,
        handicap: Handicap,
        start_ms: u64,
        keys: Vec<u64>,
        root_moves: Vec<RootMove>,
        tablebase: Option<&'a Tablebase>,
        tb_hits: &'a AtomicU64,
    ) -> Self {
        let root_key_index = keys.len() - 1;
        Worker {
            id,
            eval,
            history,
            tt,
            control,
            node_counters,
            time,
            lmr,
            limits,
            budget: TimeBudget::new(limits),
            start_ms,
            budget_start_ms: start_ms,
            was_pondering: control.is_pondering(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            keys,
            root_key_index,
            root_moves,
            completed_depth: 0,
            verifying: [0; 2],
            tablebase,
            tb_hits,
            stack: vec![Frame { static_eval: NO_EVAL, moved: None, excluded: None }; MAX_PLY + 4],
            pv: vec![Line::new(); MAX_PLY + 4],
            pv_index: 0,
            root_depth: 0,
            instability: 0.0,
            quiescence_start: 0,
            max_quiescence_plies: handicap.quiescence_depth.map_or(usize::MAX, |d| d as usize),
            check_extension: handicap.check_extension,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.time.now_ms().saturating_sub(self.start_ms)
    }

    /// Nodes of all threads (ours exact, the others' as last published).
    pub fn total_nodes(&self) -> u64 {
        let others: u64 =
            self.node_counters.iter().enumerate().filter(|&(i, _)| i != self.id).map(|(_, c)| c.load(Relaxed)).sum();
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
            if let Some(limit) = self.limits.nodes {
                if self.total_nodes_cheap() >= limit {
                    return self.stop_all();
                }
            }
        }
        if self.nodes & 1023 == 0 {
            self.node_counters[self.id].store(self.nodes, Relaxed);
            if self.control.is_stopped() {
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
        if self.node_counters.len() == 1 {
            self.nodes
        } else {
            self.total_nodes()
        }
    }

    fn stop_all(&mut self) -> bool {
        self.stopped = true;
        self.control.finish();
        true
    }

    fn notice_ponderhit(&mut self) {
        if self.was_pondering && !self.control.is_pondering() {
            self.was_pondering = false;
            self.budget_start_ms = self.time.now_ms();
        }
    }

    fn budget_elapsed_ms(&self) -> u64 {
        self.time.now_ms().saturating_sub(self.budget_start_ms)
    }

    // ---------------------------------------------------------------------------------------------
    // Iterative deepening
    // ---------------------------------------------------------------------------------------------

    /// Deepen until a limit (or another thread) says stop.
    pub fn iterate(&mut self, board: &Board, reporter: &mut dyn Reporter) {
        self.eval.reset(board);
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as i32 - 4).clamp(1, MAX_PLY as i32 - 4);
        let lines = self.limits.multi_pv.clamp(1, self.root_moves.len());
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
            previous_best = best.mv;
            previous_score = best.score;
            if let Some(mate) = self.limits.mate {
                if Score(best.score).mate_moves().is_some_and(|m| m > 0 && m <= mate) {
                    break;
                }
            }
            self.notice_ponderhit();
            if let Some(budget) = self.budget {
                if !self.was_pondering
                    && self.budget_elapsed_ms() >= budget.scaled_soft_ms(self.instability, score_drop)
                {
                    break;
                }
            }
            if self.control.is_stopped() {
                break;
            }
        }
        self.node_counters[self.id].store(self.nodes, Relaxed);
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
            hashfull: self.tt.hashfull(),
            tb_hits: self.tb_hits.load(Relaxed),
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
    // Root
    // ---------------------------------------------------------------------------------------------

    /// The root move loop: like [`negamax`](Self::negamax) without pruning, over the root moves
    /// from `pv_index` on, recording each move's score and line.
    fn root(&mut self, board: &Board, mut alpha: i32, beta: i32, depth: i32, reporter: &mut dyn Reporter) -> i32 {
        let mut best = -INFINITE;
        self.pv[0].clear();
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main() && self.elapsed_ms() > 1000 {
                reporter.current_move(mv, i + 1, depth);
            }
            let searched = i - self.pv_index;
            let child = self.make(board, mv, 0, moved_piece(board, mv));
            let extension = self.check_extension(&child, 0);
            let new_depth = depth - 1 + extension;

            let mut score;
            if searched == 0 {
                score = -self.negamax::<true>(&child, -beta, -alpha, new_depth, 1, false);
            } else {
                let reduction = if enabled(Rule::Lmr)
                    && depth >= lmr_min_depth()
                    && searched >= root_lmr_min_moves() as usize
                    && !is_noisy(board, mv)
                    && extension == 0
                {
                    (self.lmr.get(depth, searched) - 1).max(0)
                } else {
                    0
                };
                score = -self.negamax::<false>(&child, -alpha - 1, -alpha, new_depth - reduction, 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax::<false>(&child, -alpha - 1, -alpha, new_depth, 1, true);
                }
                if score > alpha {
                    score = -self.negamax::<true>(&child, -beta, -alpha, new_depth, 1, false);
                }
            }
            self.unmake();
            if self.stopped {
                return best;
            }

            let seldepth = self.seldepth;
            let child_pv = self.pv[1].clone();
            let rm = &mut self.root_moves[i];
            if searched == 0 || score > alpha {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend(child_pv.iter().copied().take(MAX_PLY - 1));
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
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
        let halfmove = board.halfmove_clock() as usize;
        if halfmove >= 100 && (!board.in_check() || board.has_legal_moves()) {
            return true;
        }
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

    // ---------------------------------------------------------------------------------------------
    // The main search
    // ---------------------------------------------------------------------------------------------

    /// Principal variation search of a non-root node at distance `ply` from the root.
    /// `PV` nodes have an open window; the others are searched with a null window and may be
    /// pruned. `cut_node` marks nodes expected to fail high.
    fn negamax<const PV: bool>(
        &mut self,
        board: &Board,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.is_draw(board) {
            return Score::DRAW.0;
        }
        if depth <= 0 {
            self.quiescence_start = ply;
            return self.quiescence::<PV>(board, alpha, beta, ply);
        }
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if PV {
            self.seldepth = self.seldepth.max(ply as i32);
        }
        let in_check = board.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { Score::DRAW.0 } else { self.eval.evaluate(board).0 };
        }

        // Mate distance pruning: no line from here beats a mate already found closer to the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Transposition table (not to cut a singular-extension search: its result leaves a move
        // out).
        let excluded = self.stack[ply].excluded;
        let tt_entry = self.tt.probe(board.hash(), ply);
        let tt_move = tt_entry.and_then(|e| e.mv);
        if let Some(e) = tt_entry {
            if !PV
                && excluded.is_none()
                && e.depth >= depth
                && board.halfmove_clock() < 90
                && bound_allows_cutoff(e.bound, e.score, alpha, beta)
            {
                return e.score;
            }
        }

        // Tablebases: right after a capture or pawn move, a position with few enough pieces has
        // an exact result. A win or loss is a bound (a mate may be nearer), a draw exact.
        if excluded.is_none() {
            if let Some(score) = self.probe_tablebase(board, alpha, beta, depth, ply, in_check) {
                return score;
            }
        }

        let (raw_eval, static_eval, eval) = self.static_eval(board, in_check, tt_entry);
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 2].static_eval != NO_EVAL
            && static_eval > self.stack[ply - 2].static_eval;

        if !PV && !in_check && excluded.is_none() {
            // Reverse futility pruning: far enough above beta that a quiet move cannot fall below.
            if enabled(Rule::ReverseFutility)
                && depth <= rfp_max_depth()
                && eval.abs() < MATE_BOUND
                && eval - rfp_margin() * (depth - improving as i32) >= beta
            {
                return (eval + beta) / 2;
            }

            // Null-move pruning: if passing still beats beta, a real move will too. Not when the
            // side to move has only pawns (zugzwang), nor twice in a row.
            if enabled(Rule::NullMove)
                && depth >= nmp_min_depth()
                && eval >= beta
                && ply >= 1
                && self.stack[ply - 1].moved.is_some()
                && self.verifying[board.side_to_move().index()] == 0
                && board.has_non_pawn_material(board.side_to_move())
                && beta.abs() < MATE_BOUND
            {
                let reduction = nmp_base_reduction()
                    + depth / nmp_depth_divisor()
                    + ((eval - beta) / nmp_eval_divisor()).min(nmp_eval_max_reduction());
                if let Some(child) = board.null_move() {
                    self.stack[ply].moved = None;
                    self.eval.push_null(board, &child);
                    self.keys.push(child.hash());
                    let score = -self.negamax::<false>(&child, -beta, -beta + 1, depth - reduction, ply + 1, !cut_node);
                    self.unmake();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        let score = if score >= MATE_BOUND { beta } else { score };
                        // Deep cutoffs are verified by a reduced search in which this side may
                        // not pass anywhere in the subtree.
                        if depth < nmp_verify_depth() {
                            return score;
                        }
                        let us = board.side_to_move().index();
                        self.verifying[us] += 1;
                        let verified = self.negamax::<false>(board, beta - 1, beta, depth - reduction, ply, false);
                        self.verifying[us] -= 1;
                        if verified >= beta {
                            return score;
                        }
                    }
                }
            }
        }

        let conts = [
            if ply >= 1 { self.stack[ply - 1].moved } else { None },
            if ply >= 2 { self.stack[ply - 2].moved } else { None },
        ];
        let killers = self.history.killers(ply);
        let counter = if enabled(Rule::CounterMove) { self.history.counter(conts[0]) } else { None };
        self.history.clear_killers(ply + 1);
        let mut picker = MovePicker::new(board, tt_move, killers, counter, conts);

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = ArrayVec::<Move, 64>::new();
        let mut captures_tried = ArrayVec::<Move, 32>::new();
        let us = board.side_to_move();

        while let Some(mv) = picker.next(board, self.history) {
            if Some(mv) == excluded {
                continue;
            }
            let quiet = !is_noisy(board, mv);
            let moved = moved_piece(board, mv);
            let history = match moved {
                Some((piece, _)) if quiet => self.history.quiet_score(us, mv, piece, &conts),
                _ => 0,
            };
            let reduction = self.lmr.get(depth, searched + 1);
            let lmr_depth = (depth - 1 - reduction).max(0);

            // Pruning of late moves, once a move that does not lose has been found.
            if ply >= 1 && best_score > -MATE_BOUND {
                // Late move pruning: after enough quiet moves at low depth, skip the rest (but
                // not checks).
                if enabled(Rule::LateMovePruning)
                    && depth <= lmp_max_depth()
                    && quiets_tried.len() as i32 >= (lmp_base() + depth * depth) / (2 - improving as i32)
                {
                    picker.skip_quiets(board);
                    if quiet && !board.gives_check(mv) {
                        continue;
                    }
                }
                // Futility pruning: quiet moves cannot bring a hopeless static eval up to alpha
                // (checks excepted: they may mate).
                if enabled(Rule::Futility)
                    && quiet
                    && !in_check
                    && lmr_depth <= fp_max_depth()
                    && eval + fp_base() + fp_per_depth() * lmr_depth <= alpha
                {
                    picker.skip_quiets(board);
                    if !board.gives_check(mv) {
                        continue;
                    }
                }
                // SEE pruning: skip moves that lose too much material for this depth.
                if enabled(Rule::SeePruning) && depth <= see_prune_max_depth() {
                    let threshold =
                        if quiet { see_quiet_margin() * lmr_depth } else { see_noisy_margin() * depth * depth };
                    if !see_ge(board, mv, threshold) {
                        continue;
                    }
                }
            }

            // Singular extension: when every other move fails low against the TT score less a
            // margin, the TT move is the only good one and is searched a ply deeper. If even
            // without it the node beats beta, several moves do (multi-cut); if the TT move is
            // not singular but already beats beta, it is searched a ply shallower.
            let mut singular = 0;
            if let Some(e) = tt_entry.filter(|e| {
                enabled(Rule::Singular)
                    && Some(mv) == tt_move
                    && excluded.is_none()
                    && depth >= se_min_depth()
                    && e.depth >= depth - se_tt_depth_margin()
                    && e.bound != Bound::Upper
                    && e.score.abs() < Score::MAX_EVAL.0
            }) {
                let singular_beta = e.score - se_margin() * depth;
                self.stack[ply].excluded = Some(mv);
                let score =
                    self.negamax::<false>(board, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
                self.stack[ply].excluded = None;
                if self.stopped {
                    return 0;
                }
                if score < singular_beta {
                    singular = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if e.score >= beta {
                    singular = -1;
                }
            }

            let child = self.make(board, mv, ply, moved);
            searched += 1;
            let gives_check = child.in_check();
            let extension = (self.check_extension(&child, ply) + singular).min(1);
            let new_depth = depth - 1 + extension;

            // Principal variation search: later moves get a null window first, reduced when
            // late (late move reductions), and are re-searched only if they beat alpha.
            let mut score = 0;
            if !PV || searched > 1 {
                let mut reduced = new_depth;
                if enabled(Rule::Lmr)
                    && depth >= lmr_min_depth()
                    && searched > 1 + PV as usize
                    && (quiet || picker.in_bad_noisy_stage())
                {
                    let mut r = reduction;
                    r -= PV as i32;
                    r += !improving as i32;
                    r += cut_node as i32;
                    r -= gives_check as i32;
                    r -= (Some(mv) == killers[0] || Some(mv) == killers[1] || Some(mv) == counter) as i32;
                    r -= history / lmr_history_divisor();
                    reduced = (new_depth - r).clamp(1, new_depth.max(1));
                }
                score = -self.negamax::<false>(
                    &child,
                    -alpha - 1,
                    -alpha,
                    reduced,
                    ply + 1,
                    reduced < new_depth || !cut_node,
                );
                if score > alpha && reduced < new_depth {
                    score = -self.negamax::<false>(&child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
            }
            if PV && (searched == 1 || (score > alpha && score < beta)) {
                score = -self.negamax::<true>(&child, -beta, -alpha, new_depth, ply + 1, false);
            }
            self.unmake();
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if quiet {
                            self.history.update_quiet(board, mv, &quiets_tried, depth, ply, &conts);
                            self.history.update_captures(board, None, &captures_tried, depth);
                        } else {
                            self.history.update_captures(board, Some(mv), &captures_tried, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets_tried.try_push(mv);
            } else {
                let _ = captures_tried.try_push(mv);
            }
        }

        if searched == 0 && best_score == -INFINITE {
            // Only the excluded move: the singular search learns nothing (fails low).
            if excluded.is_some() {
                return alpha;
            }
            // No legal move (or all pruned, which cannot happen before a first move is searched).
            return if in_check { -MATE + ply as i32 } else { Score::DRAW.0 };
        }

        // A singular-extension search leaves a move out: its result is not the node's.
        if excluded.is_some() {
            return best_score;
        }
        let bound = node_bound(PV, best_score, original_alpha, beta);
        // Correction history: learn how far this search landed from the static evaluation, when
        // the result says something about it (a quiet best move or none, an exact score, or a
        // bound on the far side of the evaluation).
        if !in_check
            && best_move.is_none_or(|mv| !is_noisy(board, mv))
            && best_score.abs() < Score::MAX_EVAL.0
            && !(bound == Bound::Lower && best_score <= static_eval)
            && !(bound == Bound::Upper && best_score >= static_eval)
        {
            self.history.update_correction(board, depth, best_score, static_eval);
        }
        self.tt.store(board.hash(), best_move, best_score, raw_eval.max(-Score::MAX_EVAL.0), depth, bound, ply);
        best_score
    }

    /// The static evaluation (`NO_EVAL` in check): `(raw, corrected, refined)`. The raw one is the
    /// evaluator's (taken from the TT entry when there is one, and what the TT stores); the
    /// corrected one adds the pawn structure's correction history; the refined one is the
    /// corrected one sharpened by the entry's score when its bound allows.
    fn static_eval(&mut self, board: &Board, in_check: bool, tt_entry: Option<TtEntry>) -> (i32, i32, i32) {
        if in_check {
            return (NO_EVAL, NO_EVAL, NO_EVAL);
        }
        let raw = match tt_entry {
            Some(e) => e.eval,
            None => self.eval.evaluate(board).0,
        };
        let corrected = self.history.corrected_eval(board, raw);
        let refined = match tt_entry {
            Some(e)
                if e.score.abs() < MATE_BOUND && bound_allows_cutoff(e.bound, e.score, corrected, corrected + 1) =>
            {
                e.score
            }
            _ => corrected,
        };
        (raw, corrected, refined)
    }

    /// The tablebases' score of `board` when it settles the node (and is stored in the TT).
    fn probe_tablebase(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        in_check: bool,
    ) -> Option<i32> {
        let tb = self.tablebase?;
        if board.halfmove_clock() != 0 || !tb.covers(board) {
            return None;
        }
        let wdl = tb.probe_wdl(board).ok()?;
        self.tb_hits.fetch_add(1, Relaxed);
        let win = Score::TB_WIN.0 - ply as i32;
        let (score, bound) = match wdl {
            Wdl::Win => (win, Bound::Lower),
            Wdl::Loss => (-win, Bound::Upper),
            // Cursed wins and blessed losses are draws under the fifty-move rule; a hair apart
            // from a plain draw so that the side with chances keeps them.
            other => (i32::from(other.value().signum()), Bound::Exact),
        };
        if !bound_allows_cutoff(bound, score, alpha, beta) {
            return None;
        }
        let eval = if in_check { -Score::MAX_EVAL.0 } else { self.eval.evaluate(board).0 };
        self.tt.store(board.hash(), None, score, eval, (depth + 6).min(MAX_PLY as i32 - 1), bound, ply);
        Some(score)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend(tail[0].iter().copied().take(MAX_PLY - 1));
    }

    // ---------------------------------------------------------------------------------------------
    // Quiescence
    // ---------------------------------------------------------------------------------------------

    /// Captures and promotions only (all evasions when in check), until the position is quiet.
    fn quiescence<const PV: bool>(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        if PV {
            self.seldepth = self.seldepth.max(ply as i32);
        }
        let in_check = board.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { Score::DRAW.0 } else { self.eval.evaluate(board).0 };
        }

        let tt_entry = self.tt.probe(board.hash(), ply);
        if let Some(e) = tt_entry {
            if !PV && bound_allows_cutoff(e.bound, e.score, alpha, beta) {
                return e.score;
            }
        }

        let original_alpha = alpha;
        let (raw_eval, _, eval) = self.static_eval(board, in_check, tt_entry);
        let mut best_score = -INFINITE;
        if !in_check {
            // Stand pat: the side to move may decline every capture.
            best_score = eval;
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
        }
        let stand_pat = best_score;
        // A limited quiescence depth (weak levels) ends here with the static evaluation.
        if !in_check && ply - self.quiescence_start >= self.max_quiescence_plies {
            return stand_pat;
        }

        let mut picker = MovePicker::new_quiescence(board, tt_entry.and_then(|e| e.mv));
        let mut best_move = None;
        let mut searched = 0;
        while let Some(mv) = picker.next(board, self.history) {
            if !in_check {
                // Losing captures and under-promotions come last: stop there.
                if picker.in_bad_noisy_stage() {
                    break;
                }
                // Delta pruning: even winning the piece for free does not reach alpha.
                let gain = board.captured_role(mv).map_or(0, see_value)
                    + mv.promotion().map_or(0, |p| see_value(p) - see_value(chess_core::Role::Pawn));
                if stand_pat + gain + qs_delta_margin() <= alpha {
                    continue;
                }
            }
            let mut child = *board;
            child.play_unchecked(mv);
            self.eval.push(board, mv, &child);
            searched += 1;
            let score = -self.quiescence::<PV>(&child, -beta, -alpha, ply + 1);
            self.eval.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && searched == 0 {
            return -MATE + ply as i32;
        }

        let bound = node_bound(PV, best_score, original_alpha, beta);
        self.tt.store(board.hash(), best_move, best_score, raw_eval.max(-Score::MAX_EVAL.0), 0, bound, ply);
        best_score
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
