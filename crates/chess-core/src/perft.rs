//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use crate::{Board, Move};

/// Leaf count at `depth`, with bulk counting at the last ply (the moves of a depth-1 node are
/// counted, not made).
///
/// ```
/// use chess_core::{perft, Board};
/// assert_eq!(perft(&Board::startpos(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut n = 0;
            board.generate_moves(|pm| {
                n += pm.len() as u64;
                false
            });
            n
        }
        _ => {
            let mut n = 0;
            board.generate_moves(|pm| {
                for mv in pm {
                    let mut child = *board;
                    child.play_unchecked(mv);
                    n += perft(&child, depth - 1);
                }
                false
            });
            n
        }
    }
}

/// Leaf count at `depth` with every leaf move made (board copied, move played, key updated):
/// slower than [`perft`], and a fuller test of [`Board::play_unchecked`].
pub fn perft_full(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|pm| {
        for mv in pm {
            let mut child = *board;
            child.play_unchecked(mv);
            n += if depth == 1 {
                core::hint::black_box(&child);
                1
            } else {
                perft_full(&child, depth - 1)
            };
        }
        false
    });
    n
}

/// Perft split by root move, in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    board
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *board;
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
