//! Zobrist keys, the splitmix64 sequence from a fixed seed: a table made at compile time, or with
//! the `small` feature each key computed where it is used (the same keys).
//!
//! A position's key XORs one key per piece on its square, one per castling right (by colour and
//! rook file), one for the en-passant file when an en-passant capture is legal, and one when
//! black is to move. [`Board::play_unchecked`](crate::Board::play_unchecked) updates it
//! incrementally; [`Board::compute_hash`](crate::Board::compute_hash) recomputes it.

use crate::{Color, File, Role, Square};

const SEED: u64 = 0x0C0F_FEE0_5EED_2026;
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// splitmix64's output for a state.
const fn mix(s: u64) -> u64 {
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The `i`-th key of the splitmix64 sequence from [`SEED`] (its state after `i + 1` steps).
#[inline(always)]
const fn nth(i: usize) -> u64 {
    mix(SEED.wrapping_add(GOLDEN.wrapping_mul(i as u64 + 1)))
}

const N_PIECE: usize = 2 * 6 * 64;
const N: usize = N_PIECE + 2 * 8 + 8 + 1;

/// The keys as a table: the default build looks them up.
#[cfg(not(feature = "small"))]
static KEYS: [u64; N] = {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = nth(i);
        i += 1;
    }
    keys
};

/// Key `i`, looked up in the table.
#[cfg(not(feature = "small"))]
#[inline(always)]
fn key(i: usize) -> u64 {
    KEYS[i]
}

/// Key `i`, computed (six operations, and 6 KB of incompressible table less in the rules-only
/// WebAssembly module): the same keys as the table's.
#[cfg(feature = "small")]
#[inline(always)]
fn key(i: usize) -> u64 {
    nth(i)
}

/// Key of `role` of `color` on `sq`.
#[inline(always)]
pub fn piece(color: Color, role: Role, sq: Square) -> u64 {
    key((color as usize * 6 + role as usize) * 64 + sq as usize)
}

/// Key of a castling right of `color` with its rook on `file`.
#[inline(always)]
pub fn castling(color: Color, file: File) -> u64 {
    key(N_PIECE + color as usize * 8 + file as usize)
}

/// Key of the en-passant file.
#[inline(always)]
pub fn en_passant(file: File) -> u64 {
    key(N_PIECE + 16 + file as usize)
}

/// Key XORed in when black is to move.
#[inline(always)]
pub fn black_to_move() -> u64 {
    key(N - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_are_the_splitmix_sequence_whichever_way_they_are_read() {
        // The first and last keys of the sequence, as the table has always held them: a position's
        // key is the same in every build (the rules-only module computes them).
        assert_eq!(key(0), 0x5d76_13dd_4c15_7382);
        assert_eq!(black_to_move(), 0x0bd9_8469_895f_66d3);
        let mut state = SEED;
        for i in 0..N {
            state = state.wrapping_add(GOLDEN);
            assert_eq!(key(i), mix(state), "key {i}");
        }
    }
}
