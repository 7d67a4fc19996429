//! Which moves give check, decided for a whole position at once: the squares from which each
//! kind of piece would attack the enemy king, and our pieces that would uncover a check by moving.

use crate::attacks::{between, bishop_attacks, bishop_rays, knight_attacks, pawn_attacks, rook_attacks, rook_rays};
use crate::{BitBoard, Board, Move, Role, Square};

/// The checks the side to move can give in one position, computed once and asked move by move
/// (or set-wise, with [`direct`](Self::direct)): cheaper than [`Board::gives_check`] on each of
/// many moves, with the same answers.
///
/// ```
/// use chess_core::{Board, CheckSquares, Role};
///
/// // The knight on e4 is alone between the rook on e1 and the king on e8: any move of it
/// // uncovers a check.
/// let board: Board = "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1".parse().unwrap();
/// let checks = CheckSquares::new(&board);
/// assert!(checks.discoverers().has("e4".parse().unwrap()));
/// assert!(checks.gives_check(&board, board.parse_uci("e4c3").unwrap()));
/// // A knight on d6 or f6 attacks e8: a direct check square.
/// assert!(checks.direct(Role::Knight).has("d6".parse().unwrap()));
/// assert!(!checks.gives_check(&board, board.parse_uci("f1g2").unwrap()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckSquares {
    /// By [`Role::index`]: where a piece of that role (of the side to move) checks the king.
    direct: [BitBoard; 6],
    /// Our pieces alone between one of our sliders and the enemy king.
    discoverers: BitBoard,
}

impl CheckSquares {
    /// The checks of the side to move in `board`.
    pub fn new(board: &Board) -> CheckSquares {
        let us = board.side_to_move();
        let king = board.king(!us);
        let occ = board.occupied();
        let ours = board.colored(us);
        let diagonal = bishop_attacks(king, occ);
        let straight = rook_attacks(king, occ);
        let rooks = board.pieces(Role::Rook) | board.pieces(Role::Queen);
        let bishops = board.pieces(Role::Bishop) | board.pieces(Role::Queen);
        let sliders = ((rook_rays(king) & rooks) | (bishop_rays(king) & bishops)) & ours;
        let mut discoverers = BitBoard::EMPTY;
        for slider in sliders {
            let blockers = between(king, slider) & occ;
            if blockers.len() == 1 && blockers.is_subset(ours) {
                discoverers |= blockers;
            }
        }
        CheckSquares {
            direct: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                diagonal,
                straight,
                diagonal | straight,
                BitBoard::EMPTY,
            ],
            discoverers,
        }
    }

    /// The squares from which a piece of `role` of the side to move attacks the enemy king (with
    /// the board's occupancy: a slider that moves along its own line to the king is included).
    #[inline]
    pub fn direct(&self, role: Role) -> BitBoard {
        self.direct[role.index()]
    }

    /// Our pieces whose every move off the line uncovers a check by one of our sliders (a move
    /// along the line may not: [`gives_check`](Self::gives_check) tells).
    #[inline]
    pub fn discoverers(&self) -> BitBoard {
        self.discoverers
    }

    /// Whether the plain moves (no promotion, no en passant) of a `role` on `from` give check
    /// exactly when they land in [`direct`](Self::direct): not a king's (castling, and the
    /// checks it uncovers) nor a discoverer's, whose moves [`Board::gives_check`] decides.
    #[inline]
    pub fn set_wise(&self, role: Role, from: Square) -> bool {
        role != Role::King && !self.discoverers.has(from)
    }

    /// Whether `mv`, a legal move of `board` (the position these checks were computed for), gives
    /// check: the same answer as [`Board::gives_check`].
    #[inline]
    pub fn gives_check(&self, board: &Board, mv: Move) -> bool {
        let from = mv.from();
        let Some(role) = board.role_on(from) else { return false };
        if !self.set_wise(role, from) || mv.promotion().is_some() || board.is_en_passant(mv) {
            return board.gives_check(mv);
        }
        self.direct(role).has(mv.to())
    }
}
