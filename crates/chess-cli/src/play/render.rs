//! What the terminal shows: the board (either side at the bottom, the last move marked), the end
//! of a game in words, the game as PGN, and the AI's thinking. Numbers are written by
//! [`crate::format`].

use chess_ai::review::Review;
use chess_ai::Analysis;
use chess_ai::Info;
use chess_core::{Board, Color, File, Game, GameStatus, Move, Rank, Square};

use crate::format;

/// The move that led to a position, as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LastMove {
    /// The squares marked on the board (for castling, the king's).
    pub(super) from: Square,
    pub(super) to: Square,
    /// The move with its number: `12. e4`, `12...Nf6`.
    pub(super) label: String,
}

impl LastMove {
    /// `mv`, played in `before`.
    pub(super) fn new(before: &Board, mv: Move) -> LastMove {
        LastMove {
            from: mv.from(),
            to: before.landing_square(mv),
            label: format::numbered_move(before, &before.san(mv)),
        }
    }
}

/// The board in Unicode, `orientation`'s side at the bottom, with rank and file coordinates; the
/// squares of the last move are bracketed and the move written below, then `Check!` when the
/// side to move is in check.
///
/// ```text
///     a  b  c  d  e  f  g  h
///  8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8
///  ...
///  4  ·  ·  ·  · [♙] ·  ·  ·  4
///  ...
/// ```
pub(super) fn render(board: &Board, orientation: Color, last_move: Option<&LastMove>) -> String {
    let mut files = File::ALL;
    let mut ranks = Rank::ALL;
    match orientation {
        Color::White => ranks.reverse(),
        Color::Black => files.reverse(),
    }
    let marked = |sq: Square| last_move.is_some_and(|l| l.from == sq || l.to == sq);
    let coordinates: String = files.iter().map(|f| format!("  {}", f.char())).collect();
    let mut out = format!(" {coordinates}\n");
    for rank in ranks {
        out.push_str(&format!("{} ", rank.char()));
        for file in files {
            let sq = Square::new(file, rank);
            let symbol = board.piece_on(sq).map_or('·', |p| p.unicode());
            let (open, close) = if marked(sq) { ('[', ']') } else { (' ', ' ') };
            out.push_str(&format!("{open}{symbol}{close}"));
        }
        out.push_str(&format!(" {}\n", rank.char()));
    }
    out.push_str(&format!(" {coordinates}\n"));
    if let Some(last) = last_move {
        out.push_str(&format!("Last move: {}\n", last.label));
    }
    if board.in_check() {
        out.push_str("Check!\n");
    }
    out
}

/// The PGN result of a win for `winner`.
fn winner_result(winner: Color) -> &'static str {
    match winner {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

/// The end of a game in words: `Checkmate: White wins (1-0)`, `Draw by stalemate (1/2-1/2)`,
/// `You resigned: Black wins (0-1)` (`resigned` is who resigned).
pub(super) fn outcome_text(status: GameStatus, resigned: Option<Color>) -> String {
    match (resigned, status) {
        (Some(loser), _) => {
            format!("You resigned: {} wins ({})", (!loser).name(), winner_result(!loser))
        }
        (None, GameStatus::Checkmate { winner }) => {
            format!("Checkmate: {} wins ({})", winner.name(), status.result())
        }
        (None, GameStatus::Ongoing) => "The game goes on (*)".to_owned(),
        (None, draw) => format!("Draw by {} ({})", draw.reason(), draw.result()),
    }
}

/// `game` as PGN between `white` and `black` (a resignation recorded in the game is written by
/// chess-core), annotated with `review` when there is one.
pub(super) fn game_pgn(game: &Game, white: &str, black: &str, review: Option<&Review>) -> String {
    let pgn = game.to_pgn_game(&[("Event", "Casual game"), ("White", white), ("Black", black)]);
    match review {
        Some(r) => r.annotate(&pgn).to_pgn(),
        None => pgn.to_pgn(),
    }
}

/// What follows the AI's move: `book`, or `+0.21, depth 7, 10,234 nodes, 45 ms`.
pub(super) fn answer_details(answer: &Analysis, mover: Color) -> String {
    if answer.from_book {
        return "book".to_owned();
    }
    format!(
        "{}, depth {}, {} nodes, {} ms",
        answer.score().in_pawns_for_white(mover),
        answer.depth,
        format::thousands(answer.nodes),
        answer.time_ms
    )
}

/// The progress of a search: `thinking... depth 6 score +0.35 nodes 12,345`.
pub(super) fn progress_line(info: &Info, mover: Color) -> String {
    format!(
        "thinking... depth {} score {} nodes {}",
        info.depth,
        info.score.in_pawns_for_white(mover),
        format::thousands(info.nodes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Decision;

    #[test]
    fn the_board_is_drawn_from_either_side() {
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let last = LastMove::new(game.start(), game.moves()[0]);
        assert_eq!(last.label, "1. e4");
        let white = render(game.board(), Color::White, Some(&last));
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0], "   a  b  c  d  e  f  g  h");
        assert_eq!(lines[1], "8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8");
        assert_eq!(lines[5], "4  ·  ·  ·  · [♙] ·  ·  ·  4");
        assert_eq!(lines[7], "2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙  2");
        assert_eq!(lines[8], "1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1");
        assert_eq!(lines[9], lines[0]);
        assert_eq!(lines[10], "Last move: 1. e4");
        assert_eq!(lines.len(), 11);

        let black = render(game.board(), Color::Black, None);
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0], "   h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], "1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖  1");
        assert_eq!(lines[8], "8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8");
        assert_eq!(lines.len(), 10);
    }

    #[test]
    fn check_and_castling_are_shown() {
        let mut game = Game::from_fen("r7/k7/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let before = *game.board();
        let castle = game.play_san("O-O").unwrap();
        let last = LastMove::new(&before, castle);
        assert_eq!((last.from, last.to), (Square::E1, Square::G1));
        assert!(!render(game.board(), Color::White, Some(&last)).contains("Check!"));
        let mv = game.play_san("Rg8").unwrap();
        let last = LastMove::new(&game.positions()[1], mv);
        assert_eq!(last.label, "1...Rg8+");
        assert!(render(game.board(), Color::White, Some(&last)).ends_with("Last move: 1...Rg8+\nCheck!\n"));
    }

    #[test]
    fn results_in_words() {
        let mate = GameStatus::Checkmate { winner: Color::White };
        assert_eq!(outcome_text(mate, None), "Checkmate: White wins (1-0)");
        assert_eq!(outcome_text(GameStatus::Stalemate, None), "Draw by stalemate (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::ThreefoldRepetition, None), "Draw by threefold repetition (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::FiftyMoveRule, None), "Draw by fifty-move rule (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::InsufficientMaterial, None), "Draw by insufficient material (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::FivefoldRepetition, None), "Draw by fivefold repetition (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::SeventyFiveMoveRule, None), "Draw by seventy-five-move rule (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::Ongoing, Some(Color::White)), "You resigned: Black wins (0-1)");
    }

    #[test]
    fn a_resigned_game_gets_its_result_in_the_pgn() {
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let ongoing = game_pgn(&game, "Human", "AI", None);
        let mut resigned = game.clone();
        resigned.decide(Decision::Resignation { loser: Color::White });
        let pgn = game_pgn(&resigned, "Human", "AI", None);
        assert!(pgn.contains("[Result \"0-1\"]\n[Termination \"White resigns\"]"), "{pgn}");
        assert!(pgn.ends_with("1. e4 0-1\n"), "{pgn}");
        assert_eq!(Game::from_pgn(&pgn).unwrap().moves(), game.moves());
        assert!(ongoing.ends_with("1. e4 *\n") && !ongoing.contains("Termination"), "{ongoing}");
    }
}
