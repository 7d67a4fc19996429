//! Principal variation search of every node below the root: the transposition table, the
//! tablebases, the static evaluation, then the pruning rules (each a named helper below, in the
//! order a node meets them), the move loop with late-move reductions, and what the node leaves
//! for later searches (the TT entry, the histories).

#[cfg(feature = "syzygy")]
use std::sync::atomic::Ordering::Relaxed;

use arrayvec::ArrayVec;
use chess_core::{Board, Move};
use chess_eval::{Evaluator, Score};
#[cfg(feature = "syzygy")]
use chess_syzygy::Wdl;

use super::lmr::{self, LateMove};
use super::{bound_allows_cutoff, node_bound, Worker, INFINITE, MATE, MATE_BOUND, NO_EVAL};
use crate::history::{CorrectionKeys, QuietContext, MAX_PLY};
use crate::movepick::{is_noisy, moved_piece, MovePicker};
use crate::params::*;
use crate::tt::{Bound, TtEntry};

/// What a node knows of itself once its static evaluation is made, for its pruning rules.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub depth: i32,
    pub ply: usize,
    pub in_check: bool,
    pub cut_node: bool,
    /// The static evaluations ([`Worker::static_eval`]): the evaluator's, the corrected one
    /// (`NO_EVAL` in check), and the one refined by the TT that the pruning rules use.
    pub raw_eval: i32,
    pub static_eval: i32,
    pub eval: i32,
    /// The position's entries in the correction history (hashed once, read by the static
    /// evaluation and written by [`Worker::learn`]; meaningless in check, where neither happens).
    pub correction: CorrectionKeys,
    /// The static evaluation rose since the side to move's last turn.
    pub improving: bool,
}

/// A move of the loop as the late-move rules see it.
#[derive(Clone, Copy)]
struct Candidate {
    mv: Move,
    quiet: bool,
    /// The depth left after the move's base late-move reduction.
    lmr_depth: i32,
}

impl<E: Evaluator> Worker<'_, E> {
    /// Principal variation search of a non-root node at distance `ply` from the root.
    /// `PV` nodes have an open window; the others are searched with a null window and may be
    /// pruned. `cut_node` marks nodes expected to fail high.
    pub(super) fn negamax<const PV: bool>(
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
        let tt_entry = self.shared.tt.probe(board.hash(), ply);
        if !PV && excluded.is_none() {
            if let Some(score) = tt_entry.and_then(|e| tt_cutoff(e, board, depth, alpha, beta)) {
                return score;
            }
        }

        // Tablebases: right after a capture or pawn move, a position with few enough pieces has
        // an exact result. A win or loss is a bound (a mate may be nearer), a draw exact.
        #[cfg(feature = "syzygy")]
        if excluded.is_none() {
            if let Some(score) = self.probe_tablebase(board, alpha, beta, depth, ply, in_check) {
                return score;
            }
        }

        let (raw_eval, static_eval, eval, correction) = self.static_eval(board, in_check, tt_entry);
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 2].static_eval != NO_EVAL
            && static_eval > self.stack[ply - 2].static_eval;
        let node = Node { depth, ply, in_check, cut_node, raw_eval, static_eval, eval, correction, improving };

        if !PV && !in_check && excluded.is_none() {
            if let Some(score) = reverse_futility(&node, beta) {
                return score;
            }
            if let Some(score) = self.null_move(board, &node, beta) {
                return score;
            }
        }

        self.search_moves::<PV>(board, alpha, beta, &node, tt_entry)
    }

    /// The move loop of a node that nothing pruned: its moves in the picker's order, each pruned,
    /// extended or reduced by the rules, searched by principal variation search; then what the
    /// node teaches the TT and the histories. `tt_entry` is the node's entry.
    #[inline(always)]
    fn search_moves<const PV: bool>(
        &mut self,
        board: &Board,
        mut alpha: i32,
        beta: i32,
        node: &Node,
        tt_entry: Option<TtEntry>,
    ) -> i32 {
        let Node { depth, ply, in_check, cut_node, .. } = *node;
        let excluded = self.stack[ply].excluded;
        let tt_move = tt_entry.and_then(|e| e.mv);
        // A capture or promotion from the TT is likely the best move: the quiet ones reduce more.
        let tt_noisy = tt_move.is_some_and(|m| is_noisy(board, m));
        let quiet_ctx = QuietContext {
            conts: [
                if ply >= 1 { self.stack[ply - 1].moved } else { None },
                if ply >= 2 { self.stack[ply - 2].moved } else { None },
            ],
            threats: board.attacks_by(!board.side_to_move()),
        };
        let killers = self.history.killers(ply);
        let counter = if enabled(Rule::CounterMove) { self.history.counter(quiet_ctx.conts[0]) } else { None };
        self.history.clear_killers(ply + 1);
        let mut picker = MovePicker::new(board, tt_move, killers, counter, quiet_ctx);

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
                Some((piece, _)) if quiet => self.history.quiet_score(us, mv, piece, &quiet_ctx),
                _ => 0,
            };
            let reduction = self.shared.lmr.get(depth, searched + 1);
            let lmr_depth = (depth - 1 - reduction).max(0);

            // Pruning of late moves, once a move that does not lose has been found.
            let candidate = Candidate { mv, quiet, lmr_depth };
            if ply >= 1
                && best_score > -MATE_BOUND
                && prune_late_move(board, &mut picker, candidate, quiets_tried.len(), node, alpha)
            {
                continue;
            }

            let singular = match tt_entry {
                Some(e) if Some(mv) == tt_move && excluded.is_none() => {
                    match self.singular_extension::<PV>(board, mv, e, node, beta) {
                        Ok(extension) => extension,
                        Err(cutoff) => return cutoff,
                    }
                }
                _ => 0,
            };

            let child = self.make(board, mv, ply, moved);
            searched += 1;
            let gives_check = child.in_check();
            // One ply at most, two for a singular move far above the others.
            let extension = (self.check_extension(&child, ply) + singular).min(singular.max(1));
            let new_depth = depth - 1 + extension;

            // Principal variation search: later moves get a null window first, reduced when
            // late (late move reductions), and are re-searched only if they beat alpha.
            let mut score = 0;
            if !PV || searched > 1 {
                let late = searched > 1 + PV as usize && (quiet || picker.in_bad_noisy_stage());
                let refutation = Some(mv) == killers[0] || Some(mv) == killers[1] || Some(mv) == counter;
                let reduced = match late {
                    true => {
                        let late_move = LateMove { quiet, gives_check, refutation, history, tt_noisy };
                        lmr::reduced_depth(new_depth, reduction, PV, node, late_move)
                    }
                    false => new_depth,
                };
                let child_cut = reduced < new_depth || !cut_node;
                score = -self.negamax::<false>(&child, -alpha - 1, -alpha, reduced, ply + 1, child_cut);
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
                        self.update_histories(board, candidate, &quiets_tried, &captures_tried, node, &quiet_ctx);
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
        self.learn(board, best_move, best_score, bound, node);
        best_score
    }

    /// A move that beats beta teaches the histories: a quiet one raises its history and lowers
    /// the quiet moves tried before it (and the captures tried: they did not cut); a capture
    /// raises its capture history and lowers the captures tried before it.
    #[inline]
    fn update_histories(
        &mut self,
        board: &Board,
        cutoff: Candidate,
        quiets_tried: &[Move],
        captures_tried: &[Move],
        node: &Node,
        quiet_ctx: &QuietContext,
    ) {
        let Candidate { mv, quiet, .. } = cutoff;
        if quiet {
            self.history.update_quiet(board, mv, quiets_tried, node.depth, node.ply, quiet_ctx);
            self.history.update_captures(board, None, captures_tried, node.depth);
        } else {
            self.history.update_captures(board, Some(mv), captures_tried, node.depth);
        }
    }

    /// Null-move pruning: if passing still beats beta, a real move will too. Not when the side to
    /// move has only pawns (zugzwang), nor twice in a row; deep cutoffs are verified by a reduced
    /// search in which this side may not pass anywhere in the subtree. The score to return, when
    /// the node is cut.
    fn null_move(&mut self, board: &Board, node: &Node, beta: i32) -> Option<i32> {
        let Node { depth, ply, eval, cut_node, .. } = *node;
        if !(enabled(Rule::NullMove)
            && depth >= nmp_min_depth()
            && eval >= beta
            && ply >= 1
            && self.stack[ply - 1].moved.is_some()
            && self.verifying[board.side_to_move().index()] == 0
            && board.has_non_pawn_material(board.side_to_move())
            && beta.abs() < MATE_BOUND)
        {
            return None;
        }
        let reduction = nmp_base_reduction()
            + depth / nmp_depth_divisor()
            + ((eval - beta) / nmp_eval_divisor()).min(nmp_eval_max_reduction());
        let child = board.null_move()?;
        self.stack[ply].moved = None;
        self.eval.push_null(board, &child);
        self.keys.push(child.hash());
        let score = -self.negamax::<false>(&child, -beta, -beta + 1, depth - reduction, ply + 1, !cut_node);
        self.unmake();
        if self.stopped {
            return Some(0);
        }
        if score < beta {
            return None;
        }
        let score = if score >= MATE_BOUND { beta } else { score };
        if depth < nmp_verify_depth() {
            return Some(score);
        }
        let us = board.side_to_move().index();
        self.verifying[us] += 1;
        let verified = self.negamax::<false>(board, beta - 1, beta, depth - reduction, ply, false);
        self.verifying[us] -= 1;
        (verified >= beta).then_some(score)
    }

    /// Singular extension of the TT move `mv`: when every other move fails low against the TT
    /// score less a margin, the TT move is the only good one and is searched a ply deeper
    /// (`Ok(1)`; two, `Ok(2)`, when they all fall far short at a non-PV node). If even without it
    /// the node beats beta, several moves do: multi-cut (`Err` with the score to return). If the
    /// TT move is not singular but already beats beta, it is searched a ply shallower (`Ok(-1)`).
    fn singular_extension<const PV: bool>(
        &mut self,
        board: &Board,
        mv: Move,
        e: TtEntry,
        node: &Node,
        beta: i32,
    ) -> Result<i32, i32> {
        let Node { depth, ply, cut_node, .. } = *node;
        if !(enabled(Rule::Singular)
            && depth >= se_min_depth()
            && e.depth >= depth - se_tt_depth_margin()
            && e.bound != Bound::Upper
            && e.score.abs() < Score::MAX_EVAL.0)
        {
            return Ok(0);
        }
        let singular_beta = e.score - se_margin() * depth;
        self.stack[ply].excluded = Some(mv);
        let score = self.negamax::<false>(board, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
        self.stack[ply].excluded = None;
        if self.stopped {
            return Err(0);
        }
        if score < singular_beta {
            // Far below: two plies (not at PV nodes, and not past the root depth, so that
            // double extensions cannot chain without end).
            let double = !PV && score < singular_beta - se_double_margin() && ply < self.root_depth as usize;
            Ok(1 + double as i32)
        } else if singular_beta >= beta {
            Err(singular_beta)
        } else if e.score >= beta {
            Ok(-1)
        } else {
            Ok(0)
        }
    }

    /// What a finished node teaches later searches: the correction history learns how far the
    /// search landed from the static evaluation (when the result says something about it: a quiet
    /// best move or none, an exact score, or a bound on the far side of the evaluation), and the
    /// TT keeps the result.
    #[inline(always)]
    fn learn(&mut self, board: &Board, best_move: Option<Move>, best_score: i32, bound: Bound, node: &Node) {
        let Node { depth, ply, in_check, raw_eval, static_eval, correction, .. } = *node;
        if !in_check
            && best_move.is_none_or(|mv| !is_noisy(board, mv))
            && best_score.abs() < Score::MAX_EVAL.0
            && !(bound == Bound::Lower && best_score <= static_eval)
            && !(bound == Bound::Upper && best_score >= static_eval)
        {
            self.history.update_correction(correction, depth, best_score, static_eval);
        }
        let eval = raw_eval.max(-Score::MAX_EVAL.0);
        self.shared.tt.store(board.hash(), TtEntry { mv: best_move, score: best_score, eval, depth, bound }, ply);
    }

    /// The static evaluation (`NO_EVAL` in check): `(raw, corrected, refined, keys)`. The raw one
    /// is the evaluator's (taken from the TT entry when there is one, and what the TT stores); the
    /// corrected one adds the correction history's entries at `keys` (by pawns and by each side's
    /// other pieces); the refined one is the corrected one sharpened by the entry's score when
    /// its bound allows.
    pub(super) fn static_eval(
        &mut self,
        board: &Board,
        in_check: bool,
        tt_entry: Option<TtEntry>,
    ) -> (i32, i32, i32, CorrectionKeys) {
        if in_check {
            return (NO_EVAL, NO_EVAL, NO_EVAL, CorrectionKeys::default());
        }
        let raw = match tt_entry {
            Some(e) => e.eval,
            None => self.eval.evaluate(board).0,
        };
        let keys = CorrectionKeys::of(board);
        let corrected = self.history.corrected_eval(keys, raw);
        let refined = match tt_entry {
            Some(e)
                if e.score.abs() < MATE_BOUND && bound_allows_cutoff(e.bound, e.score, corrected, corrected + 1) =>
            {
                e.score
            }
            _ => corrected,
        };
        (raw, corrected, refined, keys)
    }

    #[cfg(feature = "syzygy")]
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
        let tb = self.shared.tablebase?;
        if board.halfmove_clock() != 0 || !tb.covers(board) {
            return None;
        }
        let wdl = tb.probe_wdl(board).ok()?;
        self.shared.tb_hits.fetch_add(1, Relaxed);
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
        let depth = (depth + 6).min(MAX_PLY as i32 - 1);
        self.shared.tt.store(board.hash(), TtEntry { mv: None, score, eval, depth, bound }, ply);
        Some(score)
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend(tail[0].iter().copied().take(MAX_PLY - 1));
    }
}

/// The TT entry's score when it decides the node: deep enough, a bound on the right side of the
/// window, and not near the fifty-move rule (which the entry cannot know about).
#[inline]
fn tt_cutoff(e: TtEntry, board: &Board, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
    (e.depth >= depth && board.halfmove_clock() < 90 && bound_allows_cutoff(e.bound, e.score, alpha, beta))
        .then_some(e.score)
}

/// Reverse futility pruning: a node far enough above beta that no quiet move can bring it below
/// returns (the score to return).
#[inline]
fn reverse_futility(node: &Node, beta: i32) -> Option<i32> {
    let Node { depth, improving, eval, .. } = *node;
    (enabled(Rule::ReverseFutility)
        && depth <= rfp_max_depth()
        && eval.abs() < MATE_BOUND
        && eval - rfp_margin() * (depth - improving as i32) >= beta)
        .then_some((eval + beta) / 2)
}

/// The pruning of a late move (once a move that does not lose has been found): whether to skip
/// `mv`. Late move pruning skips the quiet moves after enough of them at low depth (checks
/// excepted); futility pruning skips quiet moves that cannot bring a hopeless static eval up to
/// alpha (checks excepted: they may mate); SEE pruning skips moves that lose too much material for
/// the depth.
#[inline(always)]
fn prune_late_move(
    board: &Board,
    picker: &mut MovePicker,
    candidate: Candidate,
    quiets_tried: usize,
    node: &Node,
    alpha: i32,
) -> bool {
    let Node { depth, in_check, improving, eval, .. } = *node;
    let Candidate { mv, quiet, lmr_depth } = candidate;
    if enabled(Rule::LateMovePruning)
        && depth <= lmp_max_depth()
        && quiets_tried as i32 >= (lmp_base() + depth * depth) / (2 - improving as i32)
    {
        picker.skip_quiets(board);
        if quiet && !board.gives_check(mv) {
            return true;
        }
    }
    if enabled(Rule::Futility)
        && quiet
        && !in_check
        && lmr_depth <= fp_max_depth()
        && eval + fp_base() + fp_per_depth() * lmr_depth <= alpha
    {
        picker.skip_quiets(board);
        if !board.gives_check(mv) {
            return true;
        }
    }
    if enabled(Rule::SeePruning) && depth <= see_prune_max_depth() {
        let threshold = if quiet { see_quiet_margin() * lmr_depth } else { see_noisy_margin() * depth * depth };
        if !board.see_ge(mv, threshold) {
            return true;
        }
    }
    false
}
