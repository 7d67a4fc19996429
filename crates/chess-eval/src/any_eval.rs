//! [`AnyEval`]: the classical evaluation or a net, chosen at run time, behind one type, so that a
//! search (generic over its evaluator, with static dispatch) can play with either without being
//! compiled twice. The choice is one well-predicted branch per call.

use chess_core::{Board, Move};

use crate::{Classical, Evaluator, Nnue, Score};

/// The classical evaluation or a net.
///
/// ```
/// use std::sync::Arc;
/// use chess_core::Board;
/// use chess_eval::{AnyEval, Classical, Evaluator, Network, Nnue};
///
/// let board = Board::startpos();
/// let mut classical = AnyEval::from(Classical::default());
/// let net = Arc::new(Network::random(16, 1));
/// let mut nnue = AnyEval::from(Nnue::new(Arc::clone(&net)));
/// assert_eq!(classical.evaluate(&board), Classical::default().evaluate(&board));
/// assert_eq!(nnue.evaluate(&board).0, net.evaluate(&board));
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AnyEval {
    /// The hand-written, tuned evaluation.
    Classical(Classical),
    /// A neural network.
    Nnue(Nnue),
}

impl From<Classical> for AnyEval {
    fn from(eval: Classical) -> Self {
        AnyEval::Classical(eval)
    }
}

impl From<Nnue> for AnyEval {
    fn from(eval: Nnue) -> Self {
        AnyEval::Nnue(eval)
    }
}

impl Evaluator for AnyEval {
    #[inline]
    fn evaluate(&mut self, board: &Board) -> Score {
        match self {
            AnyEval::Classical(e) => e.evaluate(board),
            AnyEval::Nnue(e) => e.evaluate(board),
        }
    }

    #[inline]
    fn reset(&mut self, root: &Board) {
        match self {
            AnyEval::Classical(e) => e.reset(root),
            AnyEval::Nnue(e) => e.reset(root),
        }
    }

    #[inline]
    fn push(&mut self, before: &Board, mv: Move, after: &Board) {
        match self {
            AnyEval::Classical(e) => e.push(before, mv, after),
            AnyEval::Nnue(e) => e.push(before, mv, after),
        }
    }

    #[inline]
    fn push_null(&mut self, before: &Board, after: &Board) {
        match self {
            AnyEval::Classical(e) => e.push_null(before, after),
            AnyEval::Nnue(e) => e.push_null(before, after),
        }
    }

    #[inline]
    fn pop(&mut self) {
        match self {
            AnyEval::Classical(e) => e.pop(),
            AnyEval::Nnue(e) => e.pop(),
        }
    }
}
