//! The root: the moves searched at the top of the tree and what the search learned about each,
//! and the root move loop.

use chess_core::{Board, Move};

use super::{Line, Worker, INFINITE, MATE_BOUND};
use crate::history::MAX_PLY;
use crate::movepick::{is_noisy, moved_piece};
use crate::params::*;
use crate::report::Reporter;
use crate::tt::Bound;
use chess_eval::Evaluator;

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
    /// The nodes this thread has spent below the move, over every iteration so far.
    pub nodes: u64,
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

impl<E: Evaluator> Worker<'_, E> {
    /// The root move loop: like [`negamax`](Self::negamax) without pruning, over the root moves
    /// from `pv_index` on, recording each move's score and line.
    pub(super) fn root(
        &mut self,
        board: &Board,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        reporter: &mut dyn Reporter,
    ) -> i32 {
        let mut best = -INFINITE;
        self.pv[0].clear();
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main() && self.elapsed_ms() > 1000 {
                reporter.current_move(mv, i + 1, depth);
            }
            let searched = i - self.pv_index;
            let nodes_before = self.nodes;
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
                    (self.shared.lmr.get(depth, searched) - 1).max(0)
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
            self.root_moves[i].nodes += self.nodes - nodes_before;
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
                // A fail high leaves no line below the move (no reply raised the child's alpha):
                // the move keeps the line it had, rather than stand alone, until a search
                // inside the window gives it a new one.
                let keep_line = rm.bound == Bound::Lower && child_pv.is_empty() && rm.pv.len() > 1;
                if !keep_line {
                    rm.pv.clear();
                    rm.pv.push(mv);
                    rm.pv.extend(child_pv.iter().copied().take(MAX_PLY - 1));
                }
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
}
