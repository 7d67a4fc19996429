//! Perft for cozy-chess, written like `chess_core::perft` and `chess_core::perft_full` so the two
//! libraries do the same work. Shared by the bench and the callgrind example (`#[path]` module:
//! cozy-chess is a dev-dependency only, so the library cannot hold it).

use std::hint::black_box;

use cozy_chess::Board;

/// Bulk counting: a depth-1 node returns its move count without making the moves.
pub fn cozy_bulk(board: &Board, depth: u32) -> u64 {
    let mut n = 0;
    match depth {
        0 => 1,
        1 => {
            board.generate_moves(|mvs| {
                n += mvs.len() as u64;
                false
            });
            n
        }
        _ => {
            board.generate_moves(|mvs| {
                for mv in mvs {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    n += cozy_bulk(&child, depth - 1);
                }
                false
            });
            n
        }
    }
}

/// Every leaf move made on a board copy (key updated), the copy black-boxed.
pub fn cozy_full(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|mvs| {
        for mv in mvs {
            let mut child = board.clone();
            child.play_unchecked(mv);
            n += if depth == 1 {
                black_box(&child);
                1
            } else {
                cozy_full(&child, depth - 1)
            };
        }
        false
    });
    n
}
