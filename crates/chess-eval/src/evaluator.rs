//! The [`Evaluator`] trait: the seam through which a search sees positions.

use chess_core::{Board, Move};

use crate::Score;

/// A static evaluation of chess positions, as a search uses it.
///
/// # Contract
/// - **Perspective**: the score is from the side to move's point of view (positive = good for
///   the side to move), as negamax wants.
/// - **Units**: centipawns, a pawn being worth about 100 in the middlegame.
/// - **Range**: always within `-Score::MAX_EVAL ..= Score::MAX_EVAL`, clear of mate scores.
/// - **Determinism**: the same position (and the same sequence of hook calls) gives the same
///   score; no randomness, clocks or global state. Searches rely on it for reproducible results.
///
/// # Incremental evaluators
/// An evaluator that keeps per-ply state (a neural-network accumulator, incrementally updated
/// piece-square sums) follows the search through the hooks: [`push`](Self::push) after a move is
/// made, [`push_null`](Self::push_null) after a null move, [`pop`](Self::pop) when it is taken back
/// (calls nest like a stack), and [`reset`](Self::reset) at the root. They default to no-ops, so
/// a from-scratch evaluator ignores them. Each search thread owns its own evaluator (hence
/// `Clone`).
///
/// ```
/// use chess_core::Board;
/// use chess_eval::{Evaluator, Score};
///
/// /// Material only.
/// #[derive(Clone)]
/// struct Material;
/// impl Evaluator for Material {
///     fn evaluate(&mut self, board: &Board) -> Score {
///         use chess_core::Role::*;
///         let value = |c| {
///             [(Pawn, 100), (Knight, 300), (Bishop, 300), (Rook, 500), (Queen, 900)]
///                 .iter()
///                 .map(|&(r, v)| board.colored_pieces(c, r).len() as i32 * v)
///                 .sum::<i32>()
///         };
///         let us = board.side_to_move();
///         Score(value(us) - value(!us))
///     }
/// }
/// assert_eq!(Material.evaluate(&Board::startpos()), Score(0));
/// ```
pub trait Evaluator: Clone + Send {
    /// The score of `board` for its side to move.
    fn evaluate(&mut self, board: &Board) -> Score;

    /// A new search starts at `root`: drop any per-ply state.
    fn reset(&mut self, root: &Board) {
        let _ = root;
    }

    /// `mv` was made on `before`, giving `after`.
    #[inline(always)]
    fn push(&mut self, before: &Board, mv: Move, after: &Board) {
        let _ = (before, mv, after);
    }

    /// A null move was made (the side to move passed).
    #[inline(always)]
    fn push_null(&mut self, before: &Board, after: &Board) {
        let _ = (before, after);
    }

    /// The last `push` or `push_null` was taken back.
    #[inline(always)]
    fn pop(&mut self) {}
}
