//! Endings the net over-rates: how much of its score the side ahead can hope to keep.
//!
//! A net learns what positions like this one scored in its games, and some material balances
//! look won while the theory calls them drawn: two knights cannot force mate, a rook against a
//! minor piece without pawns is a draw with correct defence, bishops of opposite colours halve an
//! extra pawn's worth. Without tablebases (the browser has none) the score shown and searched
//! would say +9 where the game is dead. [`scale`] gives the fraction, in 64ths, of a score that
//! such an ending keeps; [`scaled`] applies it.
//!
//! The rules, for the side the score favours (the *strong* side):
//! - it has no pawns, and its pieces are worth at most a minor piece more than the other side's:
//!   nothing (0) if it has less than a rook (a lone minor piece cannot mate), 4 of 64 if the
//!   defender has at most a minor piece (rook against minor), 14 of 64 otherwise (rook and minor
//!   against rook, queen against rook and minor);
//! - it has two knights and nothing else, and the defender has a bare king: nothing;
//! - each side has one bishop, on squares of opposite colours, and nothing else but pawns: half.
//!
//! The rules are those classical engines have long used (Stockfish's classical scale factors
//! among them), written again here on the net's output.
//!
//! ```
//! use chess_core::Board;
//! use chess_eval::endgame;
//!
//! let knights: Board = "8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1".parse().unwrap();
//! assert_eq!(endgame::scale(&knights, 900), 0);
//! let rook_v_bishop: Board = "8/8/4k3/3b4/8/8/3R4/4K3 w - - 0 1".parse().unwrap();
//! assert_eq!(endgame::scaled(&rook_v_bishop, 260), 16); // 260 · 4 / 64
//! ```

use chess_core::{see_value, BitBoard, Board, Color, Role};

/// The whole score: no scaling.
pub const NORMAL: i32 = 64;

/// A side's pieces (not pawns, not the king) in centipawns, valued as exchanges value them
/// ([`see_value`]: knight and bishop 300, rook 500, queen 900).
fn piece_material(board: &Board, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|role| board.colored_pieces(color, role).len() as i32 * see_value(role))
        .sum()
}

/// The fraction of `score` (from the side to move's point of view) that the ending on `board`
/// keeps, in 64ths: [`NORMAL`] for most positions, less for the drawish endings in the module's
/// list.
pub fn scale(board: &Board, score: i32) -> i32 {
    let us = board.side_to_move();
    let strong = if score >= 0 { us } else { !us };
    let weak = !strong;
    let pawns = |c| board.colored_pieces(c, Role::Pawn);
    // What a side has besides its king and pawns.
    let pieces = |c| board.colored(c) ^ pawns(c) ^ board.colored_pieces(c, Role::King);

    if pawns(strong).is_empty() {
        let (ours, theirs) = (piece_material(board, strong), piece_material(board, weak));
        let (minor, rook) = (see_value(Role::Bishop), see_value(Role::Rook));
        if ours - theirs <= minor {
            return if ours < rook {
                0
            } else if theirs <= minor {
                4
            } else {
                14
            };
        }
        let two_knights = pieces(strong) == board.colored_pieces(strong, Role::Knight);
        if two_knights && ours == 2 * see_value(Role::Knight) && board.colored(weak).len() == 1 {
            return 0;
        }
    }
    let bishops = |c| board.colored_pieces(c, Role::Bishop);
    let lone_bishop = |c: Color| bishops(c).len() == 1 && pieces(c) == bishops(c);
    if lone_bishop(strong) && lone_bishop(weak) {
        let light = |bb: BitBoard| bb.intersects(BitBoard::LIGHT_SQUARES);
        if light(bishops(strong)) != light(bishops(weak)) {
            return NORMAL / 2;
        }
    }
    NORMAL
}

/// `score` (side to move's view) scaled for the ending on `board`: `score · scale / 64`.
pub fn scaled(board: &Board, score: i32) -> i32 {
    match scale(board, score) {
        NORMAL => score,
        factor => score * factor / NORMAL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale_of(fen: &str, score: i32) -> i32 {
        scale(&fen.parse().unwrap(), score)
    }

    #[test]
    fn pawnless_endings_a_minor_apart() {
        // A lone minor piece cannot mate, whoever has what.
        assert_eq!(scale_of("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1", 300), 0);
        assert_eq!(scale_of("8/8/4k3/8/8/2B5/8/4K3 b - - 0 1", -300), 0);
        // Rook against a minor piece: 4 of 64, the side ahead seen from either side to move.
        assert_eq!(scale_of("8/8/4k3/3b4/8/8/3R4/4K3 w - - 0 1", 260), 4);
        assert_eq!(scale_of("8/8/4k3/3b4/8/8/3R4/4K3 b - - 0 1", -260), 4);
        assert_eq!(scale_of("8/8/4k3/3n4/8/8/3R4/4K3 w - - 0 1", 260), 4);
        // Rook and minor against rook, queen against rook and minor: 14.
        assert_eq!(scale_of("8/8/4k3/3r4/8/2N5/3R4/4K3 w - - 0 1", 200), 14);
        assert_eq!(scale_of("8/8/4k3/2nr4/8/8/3Q4/4K3 w - - 0 1", 150), 14);
    }

    #[test]
    fn winning_material_is_not_scaled() {
        // Rook against a bare king, queen against rook, bishop and knight: wins.
        assert_eq!(scale_of("8/8/4k3/8/8/8/3R4/4K3 w - - 0 1", 900), NORMAL);
        assert_eq!(scale_of("8/8/4k3/3r4/8/8/3Q4/4K3 w - - 0 1", 500), NORMAL);
        assert_eq!(scale_of("8/8/4k3/8/8/2NB4/8/4K3 w - - 0 1", 900), NORMAL);
        // The side ahead has a pawn: the pawnless rule does not apply.
        assert_eq!(scale_of("8/8/4k3/3b4/8/8/3RP3/4K3 w - - 0 1", 300), NORMAL);
        // The start position and a middlegame.
        assert_eq!(scale(&Board::startpos(), 20), NORMAL);
    }

    #[test]
    fn two_knights_cannot_force_mate() {
        assert_eq!(scale_of("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1", 900), 0);
        assert_eq!(scale_of("8/8/4k3/8/8/2NN4/8/4K3 b - - 0 1", -900), 0);
        // Against a pawn they can (the defender is not stalemated): not scaled.
        assert_eq!(scale_of("8/8/4k3/4p3/8/2NN4/8/4K3 w - - 0 1", 500), NORMAL);
    }

    #[test]
    fn opposite_bishops_halve() {
        // Light-squared bishop against dark-squared, an extra pawn.
        let fen = "8/5k2/8/3b4/8/2B5/1P6/4K3 w - - 0 1";
        assert_eq!(scale_of(fen, 120), NORMAL / 2);
        assert_eq!(scaled(&fen.parse().unwrap(), 120), 60);
        // Same-coloured bishops: not scaled.
        assert_eq!(scale_of("8/5k2/8/4b3/8/2B5/1P6/4K3 w - - 0 1", 120), NORMAL);
        // A knight more: not scaled.
        assert_eq!(scale_of("8/5k2/8/3b4/8/2BN4/1P6/4K3 w - - 0 1", 400), NORMAL);
    }

    #[test]
    fn the_score_sign_picks_the_strong_side() {
        // Black, to move, has the rook: its positive score is scaled by the rook-minor rule.
        assert_eq!(scale_of("8/8/4k3/3r4/8/8/3B4/4K3 b - - 0 1", 250), 4);
        // A score of 0 keeps 0 whatever the rule.
        assert_eq!(scaled(&"8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1".parse().unwrap(), 0), 0);
    }
}
