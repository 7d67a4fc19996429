//! Static exchange evaluation ([`Board::see_ge`]): the material balance of the capture sequence on
//! one square, each side recapturing with its least valuable piece and free to stop when it likes.
//! The search orders and prunes moves by it; the AI's blunder guard and the review's reasons use
//! it too.

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::{Board, Move, Role};

/// Piece values for exchanges (the king cannot be captured, so it counts as priceless).
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// The value of `role` in exchanges.
#[inline(always)]
pub const fn see_value(role: Role) -> i32 {
    SEE_VALUES[role as usize]
}

impl Board {
    /// Whether the exchange started by `mv` (static exchange evaluation) wins at least
    /// `threshold` centipawns for the side that plays it, valuing pieces by [`see_value`].
    ///
    /// ```
    /// use chess_core::Board;
    ///
    /// // Rxd5 wins a pawn; the d5 pawn is defended by nothing.
    /// let board: Board = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1".parse().unwrap();
    /// let mv = board.parse_uci("d1d5").unwrap();
    /// assert!(board.see_ge(mv, 100));
    /// assert!(!board.see_ge(mv, 101));
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        see_ge(self, mv, threshold)
    }
}

fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    if board.is_castling(mv) {
        return threshold <= 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let captured = board.captured_role(mv).map_or(0, see_value);
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = board.role_on(from) else { return false };
    swap = see_value(mover) - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = board.occupied().without(from).with(to);
    if board.is_en_passant(mv) {
        occupied = occupied.without(to.forward(!board.side_to_move(), 1));
    }
    let diagonal = board.pieces(Role::Bishop) | board.pieces(Role::Queen);
    let straight = board.pieces(Role::Rook) | board.pieces(Role::Queen);
    let mut attackers = board.attackers_to(to, occupied) & occupied;
    let mut side = board.side_to_move();
    // 1 while the side that made the last capture is ahead of the threshold.
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & board.colored(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        // The least valuable attacker recaptures.
        let Some(role) = Role::ALL.into_iter().find(|&r| ours.intersects(board.pieces(r))) else { break };
        if role == Role::King {
            // The king may only take if the other side has nothing left to recapture with.
            return if (attackers & board.colored(!side)).is_nonempty() { !result } else { result };
        }
        swap = see_value(role) - swap;
        if swap < result as i32 {
            break;
        }
        let Some(sq) = (ours & board.pieces(role)).first() else { break };
        occupied = occupied.without(sq);
        // Sliders behind the piece that moved join in.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str) -> (bool, bool, bool) {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        (see_ge(&board, mv, -1), see_ge(&board, mv, 0), see_ge(&board, mv, 1))
    }

    /// The exact exchange value, by bisection on the threshold.
    fn value(fen: &str, uci: &str) -> i32 {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        let (mut lo, mut hi) = (-2000i32, 2000i32);
        while lo < hi {
            let mid = (lo + hi + 1).div_euclid(2);
            if see_ge(&board, mv, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    #[test]
    fn exchange_values() {
        // Undefended pawn.
        assert_eq!(value("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
        // Defended knight taken by a rook: wins a knight, loses a rook.
        assert_eq!(value("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"), -200);
        // Pawn takes defended knight.
        assert_eq!(value("4k3/8/2n5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
        // Queen takes a pawn defended by a pawn.
        assert_eq!(value("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"), -800);
        // X-ray: two rooks on a file against one defender.
        assert_eq!(value("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // A quiet move to an attacked square loses the piece.
        assert_eq!(value("4k3/8/8/4p3/8/8/8/2B1K3 w - - 0 1", "c1f4"), -300);
        // En passant wins a pawn.
        assert_eq!(value("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // The king recaptures an undefended rook, but not a defended one.
        assert_eq!(value("4k3/8/8/8/8/8/1r6/KN6 b - - 0 1", "b2b1"), -200);
        assert_eq!(value("4k3/8/8/8/8/3b4/1r6/KN6 b - - 0 1", "b2b1"), 300);
    }

    #[test]
    fn thresholds() {
        assert_eq!(see("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), (true, true, true));
        assert_eq!(see("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"), (false, false, false));
        assert_eq!(see("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1"), (true, true, false));
    }
}
