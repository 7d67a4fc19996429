//! What the human types: a line read into a command or a move ([`parse_input`]), a move's text
//! turned into a legal move or the reason there is none ([`resolve_move`], worded from
//! chess-core's [`Board::explain`]), and the answer to the promotion question.

use std::fmt;
use std::path::PathBuf;

use chess_core::{excerpt, Board, Move, MoveRejection, Role, Square};

/// A line of input, read by [`parse_input`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Input {
    /// An empty line.
    Nothing,
    Command(Command),
    /// Something that looks like a move (it has a digit, or is castling); whether it is one is
    /// for [`resolve_move`] to say.
    Move(String),
    Invalid(InputError),
}

/// The commands of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Command {
    Undo,
    Hint,
    Flip,
    Fen,
    Pgn,
    Save(PathBuf),
    Resign,
    Review,
    New,
    Help,
    Quit,
}

/// A line that is neither a command nor a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum InputError {
    #[error("Unknown command {:?}: type help for the commands, or a move such as e4, Nf3 or e2e4.", excerpt(.0))]
    Unknown(String),
    #[error("save needs a file name: save FILE")]
    MissingFile,
    #[error("{0} takes no argument (type help for the commands)")]
    UnexpectedArgument(String),
    /// The line held a terminal's key codes (an arrow or function key) beside other text: what
    /// was meant cannot be told, so nothing is played.
    #[error("The line had arrow or function keys in it, which this prompt does not edit with: type it again.")]
    KeyCodes,
}

/// Read one line of input: a command (any case), a move, or an error.
///
/// A line of nothing but key codes (an arrow or function key pressed at the prompt) is an empty
/// line; key codes beside text are an error, never guessed around: `Nf3` typed after two presses
/// of the left arrow and a `b` is not `Nf3b` or `Nbf3`.
pub(super) fn parse_input(line: &str) -> Input {
    let line = match without_key_codes(line) {
        Some(text) if !text.trim().is_empty() => return Input::Invalid(InputError::KeyCodes),
        Some(_) => return Input::Nothing,
        None => line.trim(),
    };
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    if word.is_empty() {
        return Input::Nothing;
    }
    let command = match word.to_ascii_lowercase().as_str() {
        "save" if rest.is_empty() => return Input::Invalid(InputError::MissingFile),
        "save" => return Input::Command(Command::Save(PathBuf::from(rest))),
        "undo" | "takeback" => Command::Undo,
        "hint" => Command::Hint,
        "flip" => Command::Flip,
        "fen" => Command::Fen,
        "pgn" => Command::Pgn,
        "resign" => Command::Resign,
        "review" => Command::Review,
        "new" => Command::New,
        "help" | "?" => Command::Help,
        "quit" | "exit" => Command::Quit,
        _ if looks_like_move(word) => return Input::Move(line.split_whitespace().collect()),
        _ => return Input::Invalid(InputError::Unknown(word.to_owned())),
    };
    if rest.is_empty() {
        Input::Command(command)
    } else {
        Input::Invalid(InputError::UnexpectedArgument(word.to_ascii_lowercase()))
    }
}

/// The line without the escape sequences a terminal sends for special keys (`ESC [ ... final`,
/// `ESC O x`, `ESC x`), or `None` when it has none.
fn without_key_codes(line: &str) -> Option<String> {
    const ESC: char = '\u{1b}';
    if !line.contains(ESC) {
        return None;
    }
    let mut text = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != ESC {
            text.push(c);
            continue;
        }
        match chars.next() {
            // A control sequence: parameter and intermediate bytes, then one final byte.
            Some('[') => {
                while chars.next_if(|c| ('\u{20}'..='\u{3f}').contains(c)).is_some() {}
                chars.next_if(|c| ('\u{40}'..='\u{7e}').contains(c));
            }
            // A function key (`ESC O P` is F1) or an Alt-chord: one more character.
            Some('O') => {
                chars.next();
            }
            _ => {}
        }
    }
    Some(text)
}

/// Whether a word is meant as a move: every move names a square (so has a digit), except castling.
fn looks_like_move(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit()) || is_castling_text(word)
}

fn is_castling_text(s: &str) -> bool {
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    matches!(s.to_ascii_uppercase().replace('0', "O").as_str(), "O-O" | "O-O-O")
}

/// The answer to the promotion question: `q`, `queen`, `=Q`... in any case.
pub(super) fn parse_promotion(answer: &str) -> Option<Role> {
    let answer = answer.trim().trim_start_matches('=').to_ascii_lowercase();
    let role = match answer.as_str() {
        "queen" => Role::Queen,
        "rook" => Role::Rook,
        "bishop" => Role::Bishop,
        "knight" => Role::Knight,
        _ if answer.chars().count() == 1 => Role::from_char(answer.chars().next()?)?,
        _ => return None,
    };
    Role::PROMOTIONS.contains(&role).then_some(role)
}

/// Why a move's text gives no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum MoveError {
    /// Not readable as a move.
    Unreadable(String),
    /// Readable, but no legal move matches, and why.
    Illegal { text: String, reason: MoveRejection },
    /// Several legal moves match: their SAN.
    Ambiguous { text: String, candidates: Vec<String> },
    /// A pawn move to the last rank without its promotion piece.
    NeedsPromotion { from: Square, to: Square },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable(text) => write!(
                f,
                "{:?} is not a move I can read (moves look like e4, Nf3, exd5, O-O, e8=Q or e2e4); \
                 type help for the commands.",
                excerpt(text)
            ),
            MoveError::Illegal { text, reason } => write!(f, "{} is not legal here: {reason}.", excerpt(text)),
            MoveError::Ambiguous { text, candidates } => match candidates.split_last() {
                Some((last, others)) if !others.is_empty() => {
                    write!(f, "{text} is ambiguous: {} or {last}?", others.join(", "))
                }
                _ => write!(f, "{text} is ambiguous: say which piece moves (its file or rank, e.g. Nbd2)."),
            },
            MoveError::NeedsPromotion { from, to } => write!(f, "{from}{to} promotes: say to which piece."),
        }
    }
}

/// The legal move `text` means in `board` (SAN or UCI), or why there is none: chess-core's
/// [`Board::explain`] says why, this only words it for the terminal.
pub(super) fn resolve_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    board.explain(text).map_err(|why| match why {
        MoveRejection::Unreadable(_) => MoveError::Unreadable(text.to_owned()),
        MoveRejection::Ambiguous(candidates) => MoveError::Ambiguous { text: text.to_owned(), candidates },
        MoveRejection::MissingPromotion { from, to } => MoveError::NeedsPromotion { from, to },
        reason => MoveError::Illegal { text: text.to_owned(), reason },
    })
}

/// The legal moves in SAN, sorted.
pub(super) fn legal_moves_san(board: &Board) -> Vec<String> {
    let mut moves: Vec<String> = board.legal_moves().into_iter().map(|m| board.san(m)).collect();
    moves.sort();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn commands_moves_and_errors_are_told_apart() {
        assert_eq!(parse_input("  "), Input::Nothing);
        assert_eq!(parse_input("undo"), Input::Command(Command::Undo));
        assert_eq!(parse_input("  HINT "), Input::Command(Command::Hint));
        assert_eq!(parse_input("quit"), Input::Command(Command::Quit));
        assert_eq!(parse_input("Review"), Input::Command(Command::Review));
        assert_eq!(parse_input("save my game.pgn"), Input::Command(Command::Save("my game.pgn".into())));
        assert_eq!(parse_input("save"), Input::Invalid(InputError::MissingFile));
        assert_eq!(parse_input("flip now"), Input::Invalid(InputError::UnexpectedArgument("flip".into())));
        assert_eq!(parse_input("hello"), Input::Invalid(InputError::Unknown("hello".into())));
        for mv in ["e4", "Nf3", "exd5", "e8=Q", "e2e4", "e7e8q", "O-O", "0-0-0", "o-o", "e9"] {
            assert_eq!(parse_input(mv), Input::Move(mv.into()), "{mv}");
        }
        assert_eq!(parse_input("e2 e4"), Input::Move("e2e4".into()));
        assert!(InputError::Unknown("x".into()).to_string().contains("help"));
    }

    #[test]
    fn key_codes_are_ignored_alone_and_refused_beside_text() {
        // F3 (`ESC O R`), the up arrow (`ESC [ A`), F5 (`ESC [ 1 5 ~`), Alt-x, shift-up.
        for keys in ["\u{1b}OR", "\u{1b}[A", " \u{1b}[15~ ", "\u{1b}x", "\u{1b}[1;2A\u{1b}[B", "\u{1b}"] {
            assert_eq!(parse_input(keys), Input::Nothing, "{keys:?}");
        }
        // Never a guess at what was meant: not Nf3, not Nbf3.
        for line in ["Nf3\u{1b}[D\u{1b}[Db", "\u{1b}[Ae4", "e4\u{1b}OR", "undo\u{1b}[A"] {
            assert_eq!(parse_input(line), Input::Invalid(InputError::KeyCodes), "{line:?}");
        }
        assert!(InputError::KeyCodes.to_string().contains("type it again"));
    }

    #[test]
    fn promotion_answers() {
        assert_eq!(parse_promotion("q"), Some(Role::Queen));
        assert_eq!(parse_promotion(" N "), Some(Role::Knight));
        assert_eq!(parse_promotion("=R"), Some(Role::Rook));
        assert_eq!(parse_promotion("bishop"), Some(Role::Bishop));
        for bad in ["k", "p", "x", "queens", ""] {
            assert_eq!(parse_promotion(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn moves_in_san_and_uci() {
        let start = Board::startpos();
        let e4 = start.parse_uci("e2e4").unwrap();
        assert_eq!(resolve_move(&start, "e4"), Ok(e4));
        assert_eq!(resolve_move(&start, "e2e4"), Ok(e4));
        assert_eq!(resolve_move(&start, "Nf3"), resolve_move(&start, "g1f3"));
        let castle = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(resolve_move(&castle, "O-O"), Ok(castle.parse_uci("e1g1").unwrap()));
        assert_eq!(resolve_move(&castle, "e1c1"), Ok(castle.parse_uci("e1c1").unwrap()));
        assert!(matches!(resolve_move(&start, "Zz9"), Err(MoveError::Unreadable(_))));
    }

    #[test]
    fn illegal_moves_say_why() {
        let start = Board::startpos();
        let why = |b: &Board, text: &str| match resolve_move(b, text) {
            Err(e @ MoveError::Illegal { .. }) => e.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(why(&start, "e5"), "e5 is not legal here: no pawn of yours can go to e5.");
        assert_eq!(why(&start, "Ke3"), "Ke3 is not legal here: your king cannot go to e3.");
        assert_eq!(why(&start, "Nd2"), "Nd2 is not legal here: your own pawn is on d2.");
        assert_eq!(why(&start, "e2e5"), "e2e5 is not legal here: the pawn on e2 cannot go to e5.");
        assert_eq!(why(&start, "e3e4"), "e3e4 is not legal here: there is no piece on e3.");
        assert_eq!(why(&start, "e7e5"), "e7e5 is not legal here: the pawn on e7 is Black's.");
        assert!(why(&start, "O-O").contains("squares between king and rook"));
        assert_eq!(why(&start, "e2e4q"), "e2e4q is not legal here: only a pawn reaching the last rank promotes.");
        assert_eq!(why(&start, "e4=Q"), "e4=Q is not legal here: only a pawn reaching the last rank promotes.");
        assert_eq!(why(&start, "Ngd2"), "Ngd2 is not legal here: your own pawn is on d2.");
        assert_eq!(why(&start, "Nbd4"), "Nbd4 is not legal here: no knight of yours can go to d4.");
        assert_eq!(why(&start, "exd3"), "exd3 is not legal here: no pawn of yours can go to d3.");
        // The e2 knight is pinned by the e8 rook.
        let pinned = board("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
        assert!(why(&pinned, "Nc3").ends_with("it would leave your king in check: the rook on e8 pins your knight."));
        let check = board("4r1k1/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(why(&check, "Nb3").ends_with("it does not get your king out of check."));
        // Only the f3 knight could reach d4, and it is pinned by the h5 bishop; the b1 knight cannot.
        let two = board("6k1/8/8/7b/8/5N2/8/1N1K4 w - - 0 1");
        assert!(why(&two, "Nfd4").ends_with("it would leave your king in check: the bishop on h5 pins your knight."));
        assert!(why(&two, "Nbd4").ends_with("no knight of yours can go to d4."));
    }

    #[test]
    fn ambiguous_moves_list_the_candidates() {
        let b = board("4k3/pppp4/8/8/8/8/8/1N2KN2 w - - 0 1");
        let err = resolve_move(&b, "Nd2").unwrap_err();
        assert_eq!(err.to_string(), "Nd2 is ambiguous: Nbd2 or Nfd2?");
        assert_eq!(resolve_move(&b, "Nbd2"), Ok(b.parse_uci("b1d2").unwrap()));
    }

    #[test]
    fn a_promotion_without_its_piece_asks_for_it() {
        let b = board("3r4/4P1k1/8/8/8/8/8/K7 w - - 0 1");
        for text in ["e8", "e7e8", "e8+"] {
            assert_eq!(resolve_move(&b, text), Err(MoveError::NeedsPromotion { from: Square::E7, to: Square::E8 }));
        }
        assert_eq!(resolve_move(&b, "exd8"), Err(MoveError::NeedsPromotion { from: Square::E7, to: Square::D8 }));
        assert_eq!(resolve_move(&b, "e7e8n"), Ok(Move::new(Square::E7, Square::E8, Some(Role::Knight))));
    }

    /// python-chess's SAN of a few hundred random games (chess-core's fixture, standard and
    /// Chess960), typed line by line: each is read as a move and plays the move of the game.
    #[test]
    fn typed_san_of_random_games_plays_the_games_moves() {
        let mut plies = 0;
        for line in include_str!("../../../chess-core/tests/data/san_games.txt").lines().filter(|l| !l.starts_with('#'))
        {
            let (fen, moves) = line.split_once('|').unwrap();
            let mut b = board(fen.trim());
            for pair in moves.split_whitespace() {
                let (uci, san) = pair.split_once(':').unwrap();
                let mv = b.parse_uci(uci).unwrap();
                assert_eq!(parse_input(san), Input::Move(san.to_owned()), "{san}");
                assert_eq!(resolve_move(&b, san), Ok(mv), "{san} in {b}");
                b.play(mv);
                plies += 1;
            }
        }
        assert!(plies > 20_000, "{plies}");
    }

    /// 2,000 random games (from the standard start and the fixture's Chess960 starts), each move
    /// typed as its SAN: the terminal reads it as a move and plays that move.
    #[test]
    fn typed_san_of_two_thousand_random_games_plays_their_moves() {
        let starts: Vec<&str> = include_str!("../../../chess-core/tests/data/san_games.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('|').next())
            .collect();
        // A small linear congruential generator: reproducible without a dependency.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as usize) % n
        };
        let mut plies = 0;
        for n in 0..2_000 {
            let mut b = board(starts[n % starts.len()].trim());
            for _ in 0..150 {
                let moves = b.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[next(moves.len())];
                let san = b.san(mv);
                assert_eq!(parse_input(&san), Input::Move(san.clone()), "{san}");
                assert_eq!(resolve_move(&b, &san), Ok(mv), "{san} in {b}");
                b.play(mv);
                plies += 1;
            }
        }
        assert!(plies > 200_000, "{plies}");
    }
}
