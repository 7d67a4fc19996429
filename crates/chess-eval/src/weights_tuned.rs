// The tuned evaluation weights, written by `chess-tune tune` (Texel tuning on positions from
// self-play; docs/evaluation.md): rerun the tuner rather than editing numbers by hand. Included
// by `weights.rs`, which holds the hand-written rest (phases, the piece-square table builder, the
// king-danger curve). `S(mg, eg)`: middlegame and endgame values in centipawns.

/// Material, by role (pawn, knight, bishop, rook, queen, king).
pub const MATERIAL: [S; 6] = [S(85, 104), S(382, 305), S(394, 319), S(538, 535), S(1322, 845), S(0, 0)];

#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      1,   1,   1,   1,   1,   1,   1,   1,
    126,  16,  41,  59,  59,  41,  16, 126,
     12,  39,  42,  41,  41,  42,  39,  12,
      3,  13,  22,  23,  23,  22,  13,   3,
     -9,   4,  10,  22,  22,  10,   4,  -9,
     -7,   5,  -6,   8,   8,  -6,   5,  -7,
    -14,   2,  -1, -21, -21,  -1,   2, -14,
      1,   1,   1,   1,   1,   1,   1,   1,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
     -7,  -7,  -7,  -7,  -7,  -7,  -7,  -7,
     21,  73,  56,  29,  29,  56,  73,  21,
     47,  36,  31,   5,   5,  31,  36,  47,
     24,  14,   6,   0,   0,   6,  14,  24,
      8,  10,  -3,   0,   0,  -3,  10,   8,
      6,   5,   1,   0,   0,   1,   5,   6,
      5,   7,   4,  -2,  -2,   4,   7,   5,
     -7,  -7,  -7,  -7,  -7,  -7,  -7,  -7,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -141, -101, -91, -86, -86, -91, -101, -141,
    -29,  -3,  -7,  -3,  -3,  -7,  -3, -29,
    -20,  17,   2,  62,  62,   2,  17, -20,
     18,   0,  41,  13,  13,  41,   0,  18,
     -6,  12,   8,  22,  22,   8,  12,  -6,
    -25,   5,   0,  14,  14,   0,   5, -25,
    -32, -38,  -2,   9,   9,  -2, -38, -32,
    -121, -19,   2, -11, -11,   2, -19, -121,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -13,   2,  12,  17,  17,  12,   2, -13,
     -9, -23,   1,   8,   8,   1, -23,  -9,
    -12,  -7,  35,  18,  18,  35,  -7, -12,
     -9,   4,  12,  27,  27,  12,   4,  -9,
    -13,  15,  24,  20,  20,  24,  15, -13,
    -28, -13,  -1,  11,  11,  -1, -13, -28,
    -25, -19, -22, -16, -16, -22, -19, -25,
    -13, -21, -27, -24, -24, -27, -21, -13,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -101,  47, -164, -27, -27, -164,  47, -101,
     -2,   2,  -2, -14, -14,  -2,   2,  -2,
     -2,  -1,  29,  12,  12,  29,  -1,  -2,
    -15,   5,  21,  27,  27,  21,   5, -15,
    -14,  -6,   5,  13,  13,   5,  -6, -14,
    -12,  10,   7,   5,   5,   7,  10, -12,
     12,  14,   0,   2,   2,   0,  14,  12,
    -18,  -2, -11, -15, -15, -11,  -2, -18,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
     48, -11,  26,   1,   1,  26, -11,  48,
     -4,   1,  -9,   5,   5,  -9,   1,  -4,
    -22,   5,   8,   0,   0,   8,   5, -22,
     -6,   5,   7,   8,   8,   7,   5,  -6,
     -2,  -1,   6,  12,  12,   6,  -1,  -2,
    -10,   4,   5,   6,   6,   5,   4, -10,
    -14,  -7,  -2,  -4,  -4,  -2,  -7, -14,
    -16,   4,  -8,   4,   4,  -8,   4, -16,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
      2,  63,  -2,  39,  39,  -2,  63,   2,
      9,  27,  18,  37,  37,  18,  27,   9,
      5,  16,  43,  50,  50,  43,  16,   5,
    -21, -26,   4, -10, -10,   4, -26, -21,
    -27,   4,   0,  -4,  -4,   0,   4, -27,
    -11,  -9,  -8, -12, -12,  -8,  -9, -11,
    -34, -19,  -8,  -7,  -7,  -8, -19, -34,
     -8,  -7,   4,  11,  11,   4,  -7,  -8,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     27,  14,  27,  19,  19,  27,  14,  27,
     32,  26,  27,  29,  29,  27,  26,  32,
     29,  18,   5,   9,   9,   5,  18,  29,
     16,  28,   9,  24,  24,   9,  28,  16,
     14,   0,   0,   3,   3,   0,   0,  14,
    -13,  -9,  -8,  -5,  -5,  -8,  -9, -13,
      0, -15,  -8, -13, -13,  -8, -15,   0,
     -5, -11, -11, -15, -15, -11, -11,  -5,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -37,  29,   9,  16,  16,   9,  29, -37,
      9, -46,  -6,  11,  11,  -6, -46,   9,
    -24,  -8,  -3,  -9,  -9,  -3,  -8, -24,
      0, -10,  15, -19, -19,  15, -10,   0,
    -18,   6, -10,  -7,  -7, -10,   6, -18,
     -9,   4,  -5,   2,   2,  -5,   4,  -9,
    -36,  10,   7,  10,  10,   7,  10, -36,
    -18,  19,   4,   0,   0,   4,  19, -18,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
     33,  11,   3, -14, -14,   3,  11,  33,
    -18,  89,  43,  25,  25,  43,  89, -18,
     60,  41,  53,  68,  68,  53,  41,  60,
     -4,  26,   3,  63,  63,   3,  26,  -4,
     26,   1,  62,  46,  46,  62,   1,  26,
     16,   6,  19,   6,   6,  19,   6,  16,
     27, -22, -14, -21, -21, -14, -22,  27,
    -15, -95, -44, -27, -27, -44, -95, -15,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40,  25, -39, -26, -26, -39,  25, -40,
    -24, -111, -130, -145, -145, -130, -111, -24,
    -72, -167, -137, -264, -264, -137, -167, -72,
    -144, -95, -74, -108, -108, -74, -95, -144,
    -75, -45, -60, -50, -50, -60, -45, -75,
     -5, -10, -34, -39, -39, -34, -10,  -5,
      3,  16, -11, -11, -11, -11,  16,   3,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -60, -40, -30, -20, -20, -30, -40, -60,
    -30,  23,  -7,   0,   0,  -7,  23, -30,
    -43,  27,  29,  11,  11,  29,  27, -43,
    -27,  13,  12,  25,  25,  12,  13, -27,
    -36, -13,  -1,   7,   7,  -1, -13, -36,
    -50, -38, -20, -17, -17, -20, -38, -50,
    -76, -51, -43, -38, -38, -43, -51, -76,
    -105, -81, -75, -81, -81, -75, -81, -105,
];

// Pawn structure.
/// Each extra pawn on a file.
pub const DOUBLED: S = S(-10, -20);
/// A pawn with no friendly pawn on the adjacent files.
pub const ISOLATED: S = S(-13, -9);
/// A pawn whose stop square is attacked by an enemy pawn and that no friendly pawn can support.
pub const BACKWARD: S = S(-12, -12);
/// A passed pawn, by its relative rank (index 0 = rank 1).
#[rustfmt::skip]
pub const PASSED: [S; 8] = [
    S(0, 0), S(-10, 6), S(-9, 9), S(9, 29), S(16, 35), S(43, 56), S(81, 94), S(0, 0),
];
/// Extra for a passed pawn whose stop square is empty, by relative rank.
#[rustfmt::skip]
pub const PASSED_FREE: [S; 8] = [
    S(0, 0), S(15, 8), S(4, 16), S(-5, 18), S(9, 39), S(23, 56), S(55, 81), S(0, 0),
];
/// Extra for a passed pawn defended by a friendly pawn, by relative rank.
#[rustfmt::skip]
pub const PASSED_SUPPORTED: [S; 8] = [
    S(0, 0), S(0, 0), S(40, -25), S(10, 4), S(41, 1), S(76, 3), S(191, -37), S(0, 0),
];
/// A pawn defended by a friendly pawn or standing beside one (a phalanx).
pub const CONNECTED: S = S(7, 6);

// Pieces.
/// Having both bishops.
pub const BISHOP_PAIR: S = S(33, 62);
/// A rook on a file with no pawns.
pub const ROOK_OPEN_FILE: S = S(33, 3);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN_FILE: S = S(19, 6);
/// For the side to move.
pub const TEMPO: S = S(7, 2);

/// Knight mobility by number of safe squares (not own pieces, not attacked by enemy pawns), 0..=8.
#[rustfmt::skip]
pub const KNIGHT_MOBILITY: [S; 9] = [
    S(-35, -68), S(-14, -33), S(-6, -10), S(-1, -3), S(5, 6), S(12, 17), S(15, 16), S(20, 10),
    S(12, -9),
];
/// Bishop mobility, 0..=13 squares.
#[rustfmt::skip]
pub const BISHOP_MOBILITY: [S; 14] = [
    S(-31, -50), S(-20, -30), S(-10, -19), S(-3, -4), S(4, -1), S(8, 11), S(10, 14), S(16, 19),
    S(25, 23), S(20, 29), S(35, 21), S(18, 27), S(130, -18), S(-32, 7),
];
/// Rook mobility, 0..=14 squares.
#[rustfmt::skip]
pub const ROOK_MOBILITY: [S; 15] = [
    S(-22, -52), S(-13, -29), S(-8, -10), S(-7, -11), S(-8, 3), S(-6, 14), S(-6, 20), S(-1, 20),
    S(1, 29), S(6, 29), S(12, 33), S(10, 38), S(16, 40), S(26, 28), S(104, -2),
];
/// Queen mobility, 0..=27 squares.
#[rustfmt::skip]
pub const QUEEN_MOBILITY: [S; 28] = [
    S(-5, -166), S(-17, -62), S(-11, -81), S(-15, -31), S(-15, -18), S(-11, -12), S(-8, 2), S(-5, 4),
    S(-4, 16), S(-3, 16), S(-1, 26), S(0, 31), S(3, 43), S(-1, 44), S(-5, 58), S(11, 45),
    S(0, 56), S(8, 42), S(28, 21), S(41, 14), S(39, -8), S(197, -110), S(125, -82), S(391, -229),
    S(372, -221), S(401, -265), S(-8, -23), S(-8, -22),
];

// King safety.
/// Each own pawn directly in front of the king (on the king's file and the two beside it), by
/// distance: one rank ahead, two ranks ahead.
pub const SHIELD: [S; 2] = [S(18, -8), S(7, -5)];
/// A file next to (or at) the king with no own pawn.
pub const KING_OPEN_FILE: S = S(-15, -5);
