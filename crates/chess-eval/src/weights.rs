//! Every evaluation weight, in one place. `S(mg, eg)`: middlegame and endgame values in
//! centipawns, blended by game phase.
//!
//! Piece-square tables are written as a board seen from white's side (rank 8 on the first row)
//! and are added to the material value.
//!
//! This file is written by `chess-tune tune` (Texel tuning on positions from self-play; see
//! `docs/evaluation.md`). Rerun the tuner rather than editing numbers by hand; the weights of
//! `ATTACK_WEIGHT` and `king_danger` are not linear and stay hand-set.

use crate::trace::S;

/// Material, by role (pawn, knight, bishop, rook, queen, king).
pub const MATERIAL: [S; 6] = [S(85, 110), S(320, 300), S(335, 320), S(470, 530), S(960, 990), S(0, 0)];

/// Phase weight of each role; 24 is a full middlegame, 0 a pawn ending.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the starting position.
pub const MAX_PHASE: i32 = 24;

#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  70,  60,  70,  70,  60,  70,  60,
     10,  15,  25,  35,  35,  25,  15,  10,
      0,   5,  10,  25,  25,  10,   5,   0,
     -5,   0,   5,  20,  20,   5,   0,  -5,
     -5,   0,  -5,   5,   5,  -5,   0,  -5,
     -5,   5,   5, -15, -15,   5,   5,  -5,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     90,  85,  80,  75,  75,  80,  85,  90,
     50,  45,  40,  35,  35,  40,  45,  50,
     25,  20,  15,  10,  10,  15,  20,  25,
     10,   8,   5,   0,   0,   5,   8,  10,
      3,   2,   0,   0,   0,   0,   2,   3,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -80, -40, -30, -25, -25, -30, -40, -80,
    -35, -20,   0,   5,   5,   0, -20, -35,
    -25,   5,  15,  20,  20,  15,   5, -25,
    -20,   5,  15,  25,  25,  15,   5, -20,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -25,   0,  10,  10,  10,  10,   0, -25,
    -35, -20,  -5,   0,   0,  -5, -20, -35,
    -60, -30, -30, -25, -25, -30, -30, -60,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -25,  -5,   5,  10,  10,   5,  -5, -25,
    -20,   0,  10,  15,  15,  10,   0, -20,
    -20,   0,  10,  15,  15,  10,   0, -20,
    -25,  -5,   5,  10,  10,   5,  -5, -25,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -10,   5,   5,  10,  10,   5,   5, -10,
    -10,   0,  10,  10,  10,  10,   0, -10,
    -10,  10,  10,  10,  10,  10,  10, -10,
    -10,  10,   0,   5,   5,   0,  10, -10,
    -20, -10, -15, -10, -10, -15, -10, -20,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
     -8,   0,   5,   5,   5,   5,   0,  -8,
     -5,   0,   5,  10,  10,   5,   0,  -5,
     -5,   0,   5,  10,  10,   5,   0,  -5,
     -8,   0,   5,   5,   5,   5,   0,  -8,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
      5,  10,  10,  10,  10,  10,  10,   5,
     15,  20,  20,  20,  20,  20,  20,  15,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
     -5,  -5,   0,   5,   5,   0,  -5,  -5,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     10,  10,  10,  10,  10,  10,  10,  10,
     10,  10,  10,  10,  10,  10,  10,  10,
      5,   5,   5,   5,   5,   5,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     -5,  -5,  -5,  -5,  -5,  -5,  -5,  -5,
     -5,  -5,  -5,  -5,  -5,  -5,  -5,  -5,
     -5,  -5,   0,   0,   0,   0,  -5,  -5,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -10,   0,   5,   0,   0,   5,   0, -10,
    -20, -10, -10,  -5,  -5, -10, -10, -20,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -10,   5,  10,  10,  10,  10,   5, -10,
     -5,   5,  10,  15,  15,  10,   5,  -5,
     -5,   5,  10,  15,  15,  10,   5,  -5,
    -10,   5,  10,  10,  10,  10,   5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -20, -10, -10,  -5,  -5, -10, -10, -20,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -20, -30, -30, -40, -40, -30, -30, -20,
     10,  10, -10, -25, -25, -10,  10,  10,
     20,  30,  10, -10, -10,  10,  30,  20,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -60, -40, -30, -20, -20, -30, -40, -60,
    -30, -15,   0,   5,   5,   0, -15, -30,
    -25,   0,  15,  25,  25,  15,   0, -25,
    -20,   5,  25,  35,  35,  25,   5, -20,
    -20,   5,  25,  35,  35,  25,   5, -20,
    -25,   0,  15,  25,  25,  15,   0, -25,
    -30, -15,   0,   5,   5,   0, -15, -30,
    -60, -40, -30, -20, -20, -30, -40, -60,
];

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

// Pawn structure.
/// Each extra pawn on a file.
pub const DOUBLED: S = S(-10, -25);
/// A pawn with no friendly pawn on the adjacent files.
pub const ISOLATED: S = S(-12, -15);
/// A pawn whose stop square is attacked by an enemy pawn and that no friendly pawn can support.
pub const BACKWARD: S = S(-8, -10);
/// A passed pawn, by its relative rank (index 0 = rank 1).
#[rustfmt::skip]
pub const PASSED: [S; 8] = [
    S(0, 0), S(5, 10), S(5, 15), S(10, 30), S(25, 55), S(45, 95), S(70, 140), S(0, 0),
];
/// Extra for a passed pawn whose stop square is empty, by relative rank.
#[rustfmt::skip]
pub const PASSED_FREE: [S; 8] = [
    S(0, 0), S(0, 0), S(0, 5), S(0, 10), S(5, 20), S(10, 35), S(15, 55), S(0, 0),
];
/// Extra for a passed pawn defended by a friendly pawn, by relative rank.
#[rustfmt::skip]
pub const PASSED_SUPPORTED: [S; 8] = [
    S(0, 0), S(0, 0), S(2, 5), S(5, 10), S(10, 20), S(15, 35), S(20, 50), S(0, 0),
];
/// A pawn defended by a friendly pawn or standing beside one (a phalanx).
pub const CONNECTED: S = S(6, 5);

// Pieces.
/// Having both bishops.
pub const BISHOP_PAIR: S = S(30, 50);
/// A rook on a file with no pawns.
pub const ROOK_OPEN_FILE: S = S(25, 10);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN_FILE: S = S(12, 5);
/// For the side to move.
pub const TEMPO: S = S(15, 5);

/// Knight mobility by number of safe squares (not own pieces, not attacked by enemy pawns), 0..=8.
#[rustfmt::skip]
pub const KNIGHT_MOBILITY: [S; 9] = [
    S(-30, -40), S(-15, -25), S(-5, -10), S(0, 0), S(5, 5), S(10, 10), S(15, 12), S(18, 14),
    S(20, 15),
];
/// Bishop mobility, 0..=13 squares.
#[rustfmt::skip]
pub const BISHOP_MOBILITY: [S; 14] = [
    S(-30, -45), S(-18, -30), S(-8, -15), S(-2, -5), S(3, 2), S(8, 8), S(12, 13), S(15, 17),
    S(18, 20), S(20, 23), S(22, 25), S(24, 27), S(26, 28), S(28, 30),
];
/// Rook mobility, 0..=14 squares.
#[rustfmt::skip]
pub const ROOK_MOBILITY: [S; 15] = [
    S(-25, -45), S(-15, -28), S(-8, -15), S(-4, -6), S(-2, 0), S(0, 6), S(3, 12), S(6, 18),
    S(9, 23), S(11, 28), S(13, 32), S(15, 36), S(17, 39), S(18, 41), S(19, 43),
];
/// Queen mobility, 0..=27 squares.
#[rustfmt::skip]
pub const QUEEN_MOBILITY: [S; 28] = [
    S(-20, -30), S(-15, -25), S(-10, -20), S(-7, -14), S(-4, -9), S(-2, -5), S(0, -2), S(1, 1),
    S(2, 4), S(3, 7), S(4, 10), S(5, 12), S(6, 14), S(7, 16), S(8, 18), S(9, 20),
    S(10, 21), S(11, 22), S(12, 23), S(12, 24), S(13, 25), S(13, 26), S(14, 27), S(14, 28),
    S(15, 29), S(15, 30), S(16, 31), S(16, 32),
];

// King safety.
/// Each own pawn directly in front of the king (on the king's file and the two beside it), by
/// distance: one rank ahead, two ranks ahead.
pub const SHIELD: [S; 2] = [S(12, 0), S(6, 0)];
/// A file next to (or at) the king with no own pawn.
pub const KING_OPEN_FILE: S = S(-20, 0);
/// Weight of an attack on the king zone by role (knight, bishop, rook, queen).
pub const ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// King-zone attack units -> penalty (middlegame only), growing faster than linearly.
pub const fn king_danger(units: i32) -> S {
    let u = if units > 60 { 60 } else { units };
    S(-(u * u) / 4, -u)
}
