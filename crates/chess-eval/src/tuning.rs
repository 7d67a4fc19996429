//! The evaluation as a linear function of its weights, for tuning.
//!
//! Almost every term of [`Classical`] is a weight from [`crate::weights`] times a count (how many
//! doubled pawns, which square a knight stands on, how many safe squares a rook reaches). A
//! [`Param`] names one table of weights; together they form one flat vector of
//! [`NUM_WEIGHTS`] pairs `S(mg, eg)`. [`Classical::coefficients`] lists, for a position, the count
//! of every weight it uses (white's minus black's), so that
//!
//! ```text
//! white_score = blend(Σ coefficient · weight + fixed, phase)
//! ```
//!
//! exactly, where `fixed` is the part that is not linear in a weight (the king-danger curve).
//! A Texel tuner fits the weights to game results with that formula, without calling the
//! evaluator again (see the `chess-tune` tool and `docs/evaluation.md`).
//!
//! ```
//! use chess_core::Board;
//! use chess_eval::layout::{weights, Param};
//! use chess_eval::Classical;
//!
//! let board: Board = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1".parse().unwrap();
//! let c = Classical::default().coefficients(&board);
//! // Two white pawns, no black ones.
//! let pawn = Param::Material.offset();
//! assert!(c.entries.contains(&(pawn, 2)));
//! // The linear form gives the evaluation back exactly.
//! assert_eq!(c.white_score(&weights()), Classical::default().trace(&board).white_score);
//! ```
//!
//! Compiled only with the `tuning` feature (the `chess-tune` tool enables it), so that the engine
//! and the browser build carry none of it.

use chess_core::Color;

use crate::layout::{Param, NUM_WEIGHTS};
use crate::sink::Sink;
use crate::trace::{Term, S};
use crate::Classical;

/// A position's evaluation as a linear function of the weights (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Coefficients {
    /// Game phase, `0..=24`.
    pub phase: i32,
    /// `(index in the flat weight vector, white's count minus black's)`, without zeros.
    pub entries: Vec<(usize, i32)>,
    /// The part not linear in any weight, white minus black.
    pub fixed: S,
}

impl Coefficients {
    /// The evaluation from white's point of view with the weights `w` (before the final clamp
    /// to the evaluation range).
    pub fn white_score(&self, w: &[S]) -> i32 {
        let total = self.entries.iter().fold(self.fixed, |acc, &(i, n)| acc + w[i] * n);
        crate::classical::blend(total, self.phase)
    }
}

/// Counts weights, white minus black.
pub(crate) struct CoefficientSink {
    sign: i32,
    counts: Vec<i32>,
    fixed: S,
}

impl Sink for CoefficientSink {
    fn begin(&mut self, _term: Term, color: Color) {
        self.sign = if color == Color::White { 1 } else { -1 };
    }
    fn add(&mut self, param: Param, index: usize, count: i32) {
        debug_assert!(index < param.len());
        self.counts[param.offset() + index] += self.sign * count;
    }
    fn add_fixed(&mut self, value: S) {
        self.fixed += value * self.sign;
    }
}

impl Classical {
    /// The evaluation of `board` as a linear function of the weights, for tuning.
    pub fn coefficients(&self, board: &chess_core::Board) -> Coefficients {
        let mut sink = CoefficientSink { sign: 1, counts: vec![0; NUM_WEIGHTS], fixed: S(0, 0) };
        self.walk(board, &mut sink);
        let entries = sink.counts.iter().enumerate().filter(|(_, &n)| n != 0).map(|(i, &n)| (i, n)).collect();
        Coefficients { phase: crate::phase(board), entries, fixed: sink.fixed }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::weights;

    #[test]
    fn linear_form_reproduces_the_evaluation() {
        let w = weights();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
            "6k1/5ppp/8/8/8/8/q4PPP/1R4K1 b - - 0 1",
        ] {
            let board: chess_core::Board = fen.parse().unwrap();
            for config in [crate::EvalConfig::FULL, crate::EvalConfig::MATERIAL_PST] {
                let eval = Classical::new(config);
                assert_eq!(eval.coefficients(&board).white_score(&w), eval.trace(&board).white_score, "{fen}");
            }
        }
    }
}
