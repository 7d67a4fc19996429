//! How the terminal commands write numbers for people: scores in pawns, move numbers, counts.
//! `play` and `analyze` both call these, so that a score or a move number reads the same
//! everywhere (the UCI protocol's own `score cp 35` / `score mate 3` is `Score`'s `Display`).

use chess_core::{Board, Color};
use chess_eval::Score;

/// A score from the side to move's point of view, in pawns (`+0.34`, `-1.20`) or as a mate in
/// moves (`#3` mates, `#-2` is mated).
pub fn score(score: Score) -> String {
    signed(score, 1)
}

/// A score found for `mover` (the side to move when it was found), from White's point of view:
/// `+0.35` is good for White, `#3` a mate in 3 for White, `#-3` for Black, `+TB` a win for White
/// that the endgame tablebases prove.
pub fn score_for_white(score: Score, mover: Color) -> String {
    signed(
        score,
        match mover {
            Color::White => 1,
            Color::Black => -1,
        },
    )
}

fn signed(score: Score, sign: i32) -> String {
    match score.mate_moves() {
        Some(moves) => format!("#{}", sign * moves),
        // Above every evaluation: a win (or loss) the endgame tablebases prove.
        None if score.0.abs() > Score::MAX_EVAL.0 => if sign * score.0 > 0 { "+TB" } else { "-TB" }.to_owned(),
        None => format!("{:+.2}", f64::from(sign * score.0) / 100.0),
    }
}

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
    fn scores_from_either_point_of_view() {
        assert_eq!(score(Score(34)), "+0.34");
        assert_eq!(score(Score(-120)), "-1.20");
        assert_eq!(score(Score(0)), "+0.00");
        assert_eq!(score(Score::mate_in(5)), "#3");
        assert_eq!(score(Score::mated_in(4)), "#-2");
        assert_eq!(score_for_white(Score(35), Color::White), "+0.35");
        assert_eq!(score_for_white(Score(-120), Color::White), "-1.20");
        assert_eq!(score_for_white(Score(21), Color::Black), "-0.21");
        assert_eq!(score_for_white(Score::mate_in(5), Color::White), "#3");
        assert_eq!(score_for_white(Score::mate_in(5), Color::Black), "#-3");
        assert_eq!(score_for_white(Score::mated_in(4), Color::White), "#-2");
        assert_eq!(score_for_white(Score::mated_in(4), Color::Black), "#2");
        assert_eq!(score(Score::TB_WIN - 29), "+TB");
        assert_eq!(score_for_white(Score::TB_WIN - 3, Color::Black), "-TB");
    }

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
