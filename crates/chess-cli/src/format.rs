//! How the terminal commands write numbers for people: move numbers, counts. `play` and
//! `analyze` both call these, so that a move number reads the same everywhere (scores in pawns
//! are `Score::in_pawns` and `Score::in_pawns_for_white`, the one form of every front end; the
//! UCI protocol's own `score cp 35` / `score mate 3` is `Score`'s `Display`).

use chess_core::{Board, Color};

/// A move with its number, `san` being played in `before`: `12. e4` for White, `12...Nf6` for
/// Black (the form under the board and in the move list).
pub fn numbered_move(before: &Board, san: &str) -> String {
    let number = before.fullmove_number();
    match before.side_to_move() {
        Color::White => format!("{number}. {san}"),
        Color::Black => format!("{number}...{san}"),
    }
}

/// SAN moves with move numbers, starting from `board`: `12... Nf6 13. Bg5 h6` (the form of a
/// principal variation).
pub fn numbered_line(board: &Board, san: &[String]) -> String {
    let mut number = board.fullmove_number();
    let mut white = board.side_to_move() == Color::White;
    let mut out = String::new();
    for (i, mv) in san.iter().enumerate() {
        if white {
            out += &format!("{number}. ");
        } else if i == 0 {
            out += &format!("{number}... ");
        }
        out += mv;
        out.push(' ');
        if !white {
            number += 1;
        }
        white = !white;
    }
    out.trim_end().to_owned()
}

/// A count with thousands separators: `10,234`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers() {
        let start = Board::startpos();
        let after_e4: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse().unwrap();
        assert_eq!(numbered_move(&start, "e4"), "1. e4");
        assert_eq!(numbered_move(&after_e4, "c5"), "1...c5");
        let line = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        assert_eq!(numbered_line(&start, &line(&["e4", "e5", "Nf3"])), "1. e4 e5 2. Nf3");
        assert_eq!(numbered_line(&after_e4, &line(&["c5", "Nf3", "d6"])), "1... c5 2. Nf3 d6");
        assert_eq!(numbered_line(&start, &[]), "");
    }

    #[test]
    fn counts() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(10_234), "10,234");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
