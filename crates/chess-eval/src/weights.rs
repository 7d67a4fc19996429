//! Every evaluation weight, in one place. `S(mg, eg)`: middlegame and endgame values in
//! centipawns, blended by game phase.
//!
//! Piece-square tables are written as a board seen from white's side (rank 8 on the first row)
//! and are added to the material value.
//!
//! The linear weights (material, piece-square tables, pawn structure, pieces, mobility, the
//! king's shield) are in `weights_tuned.rs`, written by `chess-tune tune` (Texel tuning on
//! positions from self-play; see `docs/evaluation.md`) and included here: rerun the tuner rather
//! than editing those numbers by hand. This file holds the rest, by hand: the game phase, the
//! table builder, and the king-attack weights, which are not linear.

use crate::trace::S;

include!("weights_tuned.rs");

/// Phase weight of each role; 24 is a full middlegame, 0 a pawn ending.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting position.
pub const MAX_PHASE: i32 = 24;

const fn pst(mg: &[i32; 64], eg: &[i32; 64]) -> [S; 64] {
    // Rows are written rank 8 first: the table index of square `sq` (A1 = 0) for white is
    // `sq ^ 56`.
    let mut out = [S(0, 0); 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = S(mg[sq ^ 56], eg[sq ^ 56]);
        sq += 1;
    }
    out
}

/// Piece-square bonuses by role, indexed by square from white's side (mirror for black).
pub const PST: [[S; 64]; 6] = [
    pst(&PAWN_MG, &PAWN_EG),
    pst(&KNIGHT_MG, &KNIGHT_EG),
    pst(&BISHOP_MG, &BISHOP_EG),
    pst(&ROOK_MG, &ROOK_EG),
    pst(&QUEEN_MG, &QUEEN_EG),
    pst(&KING_MG, &KING_EG),
];

/// Weight of an attack on the king zone by role (knight, bishop, rook, queen).
pub const ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// King-zone attack units -> penalty (middlegame only), growing faster than linearly.
pub const fn king_danger(units: i32) -> S {
    let u = if units > 60 { 60 } else { units };
    S(-(u * u) / 4, -u)
}
