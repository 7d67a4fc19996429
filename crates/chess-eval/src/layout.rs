//! The layout of the classical evaluation's weights: each table of [`crate::weights`] named by a
//! [`Param`], and all of them as one flat vector of [`NUM_WEIGHTS`] pairs `S(mg, eg)`.
//!
//! The evaluator reports every term as "`count` times weight `index` of table `param`"; a tuner
//! (behind the `tuning` feature: `chess_eval::tuning`) reads and writes the weights through the
//! same layout.
//!
//! ```
//! use chess_eval::layout::{weights, Param, NUM_WEIGHTS};
//! use chess_eval::weights::MATERIAL;
//!
//! assert_eq!(Param::Material.offset(), 0);
//! assert_eq!(Param::PstPawn.offset(), MATERIAL.len());
//! assert_eq!(weights().len(), NUM_WEIGHTS);
//! assert_eq!(weights()[Param::Material.offset() + 1], MATERIAL[1]); // the knight
//! ```

use chess_core::Role;

use crate::trace::S;
use crate::weights::*;

/// One table of evaluation weights (a single weight is a table of one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
}
