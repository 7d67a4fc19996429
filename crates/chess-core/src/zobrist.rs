//! Zobrist keys, generated at compile time from a fixed seed (splitmix64).
//!
//! A position's key XORs one key per piece on its square, one per castling right (by colour and
//! rook file), one for the en-passant file when an en-passant capture is legal, and one when
//! black is to move. [`Board::play_unchecked`](crate::Board::play_unchecked) updates it
//! incrementally; [`Board::compute_hash`](crate::Board::compute_hash) recomputes it.

use crate::{Color, File, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const N_PIECE: usize = 2 * 6 * 64;
const N: usize = N_PIECE + 2 * 8 + 8 + 1;

static KEYS: [u64; N] = {
    let mut keys = [0u64; N];
    let mut state = 0x0C0F_FEE0_5EED_2026u64;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

/// Key of `role` of `color` on `sq`.
#[inline(always)]
pub fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS[(color as usize * 6 + role as usize) * 64 + sq as usize]
}

/// Key of a castling right of `color` with its rook on `file`.
#[inline(always)]
pub fn castling(color: Color, file: File) -> u64 {
    KEYS[N_PIECE + color as usize * 8 + file as usize]
}

/// Key of the en-passant file.
#[inline(always)]
pub fn en_passant(file: File) -> u64 {
    KEYS[N_PIECE + 16 + file as usize]
}

/// Key XORed in when black is to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    KEYS[N - 1]
}
