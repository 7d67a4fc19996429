//! Quiescence search: captures and promotions (every evasion in check) until the position is
//! quiet, so that the horizon does not cut an exchange in half.

use chess_core::Board;
use chess_eval::{Evaluator, Score};

use super::{bound_allows_cutoff, node_bound, Worker, INFINITE, MATE};
use crate::history::MAX_PLY;
use crate::movepick::MovePicker;
use crate::params::*;
use crate::tt::TtEntry;
use chess_core::see_value;

impl<E: Evaluator> Worker<'_, E> {
    /// Captures and promotions only (all evasions when in check), until the position is quiet.
    pub(super) fn quiescence<const PV: bool>(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
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

        let tt_entry = self.shared.tt.probe(board.hash(), ply);
        if let Some(e) = tt_entry {
            if !PV && bound_allows_cutoff(e.bound, e.score, alpha, beta) {
                return e.score;
            }
        }

        let original_alpha = alpha;
        let (raw_eval, _, eval, _) = self.static_eval(board, in_check, tt_entry);
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
        let eval = raw_eval.max(-Score::MAX_EVAL.0);
        self.shared.tt.store(board.hash(), TtEntry { mv: best_move, score: best_score, eval, depth: 0, bound }, ply);
        best_score
    }
}
