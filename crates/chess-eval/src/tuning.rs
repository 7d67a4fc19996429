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
//! use chess_eval::tuning::{weights, Param};
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

use chess_core::{Color, Role};

use crate::trace::{Term, S};
use crate::weights::*;
use crate::Classical;

/// One table of evaluation weights (a single weight is a table of one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Param {
    /// [`MATERIAL`], by role.
    Material,
    /// Pawn piece-square table ([`PST`]`[0]`), by square from the owner's side.
    PstPawn,
    /// Knight piece-square table.
    PstKnight,
    /// Bishop piece-square table.
    PstBishop,
    /// Rook piece-square table.
    PstRook,
    /// Queen piece-square table.
    PstQueen,
    /// King piece-square table.
    PstKing,
    /// [`DOUBLED`].
    Doubled,
    /// [`ISOLATED`].
    Isolated,
    /// [`BACKWARD`].
    Backward,
    /// [`CONNECTED`].
    Connected,
    /// [`PASSED`], by relative rank.
    Passed,
    /// [`PASSED_FREE`], by relative rank.
    PassedFree,
    /// [`PASSED_SUPPORTED`], by relative rank.
    PassedSupported,
    /// [`BISHOP_PAIR`].
    BishopPair,
    /// [`ROOK_OPEN_FILE`].
    RookOpenFile,
    /// [`ROOK_HALF_OPEN_FILE`].
    RookHalfOpenFile,
    /// [`TEMPO`].
    Tempo,
    /// [`KNIGHT_MOBILITY`], by safe squares.
    KnightMobility,
    /// [`BISHOP_MOBILITY`], by safe squares.
    BishopMobility,
    /// [`ROOK_MOBILITY`], by safe squares.
    RookMobility,
    /// [`QUEEN_MOBILITY`], by safe squares.
    QueenMobility,
    /// [`SHIELD`], by distance from the king.
    Shield,
    /// [`KING_OPEN_FILE`].
    KingOpenFile,
}

impl Param {
    /// Number of tables.
    pub const NUM: usize = 24;
    /// Every table, in the order of the flat weight vector.
    pub const ALL: [Param; Param::NUM] = [
        Param::Material,
        Param::PstPawn,
        Param::PstKnight,
        Param::PstBishop,
        Param::PstRook,
        Param::PstQueen,
        Param::PstKing,
        Param::Doubled,
        Param::Isolated,
        Param::Backward,
        Param::Connected,
        Param::Passed,
        Param::PassedFree,
        Param::PassedSupported,
        Param::BishopPair,
        Param::RookOpenFile,
        Param::RookHalfOpenFile,
        Param::Tempo,
        Param::KnightMobility,
        Param::BishopMobility,
        Param::RookMobility,
        Param::QueenMobility,
        Param::Shield,
        Param::KingOpenFile,
    ];

    /// The piece-square table of `role`.
    #[inline(always)]
    pub const fn pst(role: Role) -> Param {
        match role {
            Role::Pawn => Param::PstPawn,
            Role::Knight => Param::PstKnight,
            Role::Bishop => Param::PstBishop,
            Role::Rook => Param::PstRook,
            Role::Queen => Param::PstQueen,
            Role::King => Param::PstKing,
        }
    }

    /// The weights of this table, as compiled in.
    #[inline(always)]
    pub const fn values(self) -> &'static [S] {
        match self {
            Param::Material => &MATERIAL,
            Param::PstPawn => &PST[0],
            Param::PstKnight => &PST[1],
            Param::PstBishop => &PST[2],
            Param::PstRook => &PST[3],
            Param::PstQueen => &PST[4],
            Param::PstKing => &PST[5],
            Param::Doubled => core::slice::from_ref(&DOUBLED),
            Param::Isolated => core::slice::from_ref(&ISOLATED),
            Param::Backward => core::slice::from_ref(&BACKWARD),
            Param::Connected => core::slice::from_ref(&CONNECTED),
            Param::Passed => &PASSED,
            Param::PassedFree => &PASSED_FREE,
            Param::PassedSupported => &PASSED_SUPPORTED,
            Param::BishopPair => core::slice::from_ref(&BISHOP_PAIR),
            Param::RookOpenFile => core::slice::from_ref(&ROOK_OPEN_FILE),
            Param::RookHalfOpenFile => core::slice::from_ref(&ROOK_HALF_OPEN_FILE),
            Param::Tempo => core::slice::from_ref(&TEMPO),
            Param::KnightMobility => &KNIGHT_MOBILITY,
            Param::BishopMobility => &BISHOP_MOBILITY,
            Param::RookMobility => &ROOK_MOBILITY,
            Param::QueenMobility => &QUEEN_MOBILITY,
            Param::Shield => &SHIELD,
            Param::KingOpenFile => core::slice::from_ref(&KING_OPEN_FILE),
        }
    }

    /// Number of weights in this table.
    pub const fn len(self) -> usize {
        self.values().len()
    }

    /// Whether the table is empty (never: every table has at least one weight).
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Where this table starts in the flat weight vector.
    #[inline(always)]
    pub const fn offset(self) -> usize {
        OFFSETS[self as usize]
    }

    /// The name of the constant in [`crate::weights`].
    pub const fn name(self) -> &'static str {
        match self {
            Param::Material => "MATERIAL",
            Param::PstPawn => "PAWN",
            Param::PstKnight => "KNIGHT",
            Param::PstBishop => "BISHOP",
            Param::PstRook => "ROOK",
            Param::PstQueen => "QUEEN",
            Param::PstKing => "KING",
            Param::Doubled => "DOUBLED",
            Param::Isolated => "ISOLATED",
            Param::Backward => "BACKWARD",
            Param::Connected => "CONNECTED",
            Param::Passed => "PASSED",
            Param::PassedFree => "PASSED_FREE",
            Param::PassedSupported => "PASSED_SUPPORTED",
            Param::BishopPair => "BISHOP_PAIR",
            Param::RookOpenFile => "ROOK_OPEN_FILE",
            Param::RookHalfOpenFile => "ROOK_HALF_OPEN_FILE",
            Param::Tempo => "TEMPO",
            Param::KnightMobility => "KNIGHT_MOBILITY",
            Param::BishopMobility => "BISHOP_MOBILITY",
            Param::RookMobility => "ROOK_MOBILITY",
            Param::QueenMobility => "QUEEN_MOBILITY",
            Param::Shield => "SHIELD",
            Param::KingOpenFile => "KING_OPEN_FILE",
        }
    }
}

/// Where each table starts in the flat weight vector, in [`Param::ALL`] order.
const OFFSETS: [usize; Param::NUM] = {
    let mut out = [0; Param::NUM];
    let mut i = 1;
    while i < Param::NUM {
        out[i] = out[i - 1] + Param::ALL[i - 1].len();
        i += 1;
    }
    out
};

/// Length of the flat weight vector.
pub const NUM_WEIGHTS: usize = Param::KingOpenFile.offset() + Param::KingOpenFile.len();

/// The compiled-in weights as one flat vector, in [`Param::ALL`] order.
pub fn weights() -> Vec<S> {
    Param::ALL.iter().flat_map(|p| p.values().iter().copied()).collect()
}

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

/// Receives the evaluation term by term: the evaluator sums weights, the tuner counts them.
pub(crate) trait Sink {
    /// The following calls belong to `term` of `color`.
    fn begin(&mut self, term: Term, color: Color);
    /// `count` times weight `index` of `param`.
    fn add(&mut self, param: Param, index: usize, count: i32);
    /// A value not linear in a weight.
    fn add_fixed(&mut self, value: S);
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

    #[test]
    fn layout_covers_every_weight_once() {
        let mut at = 0;
        for p in Param::ALL {
            assert_eq!(p.offset(), at, "{p:?}");
            at += p.len();
        }
        assert_eq!(at, NUM_WEIGHTS);
        assert_eq!(NUM_WEIGHTS, 6 + 6 * 64 + 4 + 3 * 8 + 4 + 9 + 14 + 15 + 28 + 2 + 1);
        assert_eq!(weights().len(), NUM_WEIGHTS);
    }

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
