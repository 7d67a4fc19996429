//! The PGN reader on what people and programs write (hand-written edge cases), and the writer
//! and reader together on generated games with tags, comments and NAGs.

use chess_core::{read_pgn, Annotation, Game, PgnError, PgnGame, PgnGames};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn first(text: &str) -> PgnGame {
    read_pgn(text).unwrap_or_else(|e| panic!("{e}\n{text}")).remove(0)
}

fn sans(text: &str) -> Vec<String> {
    first(text).game.san_moves()
}

#[test]
fn castling_with_zeros_after_a_move_number() {
    let text = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 5. d3 *";
    assert_eq!(sans(text)[6..8], ["O-O", "O-O"]);
    assert_eq!(sans("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4.0-0 4...0-0 *")[6..8], ["O-O", "O-O"]);
    assert_eq!(sans("1.d4 d5 2.Nc3 Nc6 3.Bf4 Bf5 4.Qd2 Qd7 5.0-0-0 0-0-0 *")[8..], ["O-O-O", "O-O-O"]);
}

#[test]
fn the_en_passant_mark_of_printed_games() {
    // Apart after its move, glued to it, in either case: read past; after another move, refused.
    for text in [
        "1. e4 a6 2. e5 d5 3. exd6 e.p. Qxd6 *",
        "1. e4 a6 2. e5 d5 3. exd6ep Qxd6 *",
        "1. e4 a6 2. e5 d5 3. exd6 E.P. Qxd6 *",
    ] {
        assert_eq!(sans(text), ["e4", "a6", "e5", "d5", "exd6", "Qxd6"], "{text}");
    }
    assert!(read_pgn("1. e4 e.p. e5 *").is_err());
    assert!(read_pgn("1. e4 a6 2. e5 d5 3. e6 e.p. *").is_err());
}

#[test]
fn tag_values_with_brackets_quotes_and_backslashes() {
    let game = first("[Event \"Rapid [blitz]\"]\n[White \"Smith [GM]\"]\n[Black \"O\\\"Neil \\\\ co\"]\n\n1. e4 *");
    assert_eq!(game.tag("Event"), Some("Rapid [blitz]"));
    assert_eq!(game.tag("White"), Some("Smith [GM]"));
    assert_eq!(game.tag("Black"), Some("O\"Neil \\ co"));
    // Our own export of such tags reads back the same.
    let mut g = Game::new();
    g.play_san("e4").unwrap();
    let pgn = g.to_pgn(&[("White", "Smith [GM]"), ("Black", "a \"quoted\"\nname"), ("Odd]\"Name", "x")]);
    assert!(pgn.contains("[Black \"a \\\"quoted\\\" name\"]"), "{pgn}");
    assert!(pgn.contains("[OddName \"x\"]"), "{pgn}");
    let back = first(&pgn);
    assert_eq!(back.tag("White"), Some("Smith [GM]"));
    assert_eq!(back.tag("Black"), Some("a \"quoted\" name"));
    assert_eq!(back.game, g);
}

#[test]
fn byte_order_mark_escape_lines_and_symbols() {
    assert_eq!(sans("\u{feff}[Event \"x\"]\n\n1. e4 e5 *"), ["e4", "e5"]);
    assert_eq!(sans("% a comment line for programs\n[Event \"x\"]\n%another\n1. e4 e5 *"), ["e4", "e5"]);
    let game = first("1. e4 !? e5 ?! 2. Nf3! Nc6?? 3. Bb5!! $14 a6 $2 *");
    assert_eq!(game.game.san_moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    let nags: Vec<Vec<u8>> = game.annotations.iter().map(|a| a.nags.clone()).collect();
    assert_eq!(nags, [vec![5], vec![6], vec![1], vec![4], vec![3, 14], vec![2]]);
}

#[test]
fn several_games_in_one_text() {
    let text = "[Event \"one\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n\n1. d4 d5 0-1\n[Event \"three\"]\n1. c4 *\n";
    let games = read_pgn(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games.iter().map(|g| g.tag("Event").unwrap()).collect::<Vec<_>>(), ["one", "two", "three"]);
    assert_eq!(games.iter().map(|g| g.result.as_str()).collect::<Vec<_>>(), ["1-0", "0-1", "*"]);
    assert_eq!(games[1].game.san_moves(), ["d4", "d5"]);
    // Game::from_pgn reads the first one, whatever follows.
    assert_eq!(Game::from_pgn(text).unwrap().san_moves(), ["e4", "e5"]);
    // Without a result between them, the next tag section starts the next game.
    assert_eq!(read_pgn("1. e4\n[Event \"b\"]\n1. d4").unwrap().len(), 2);
    assert!(read_pgn("").unwrap().is_empty());
    assert!(read_pgn(" \n\n").unwrap().is_empty());
}

#[test]
fn a_bad_game_is_named_by_number_and_line_and_the_next_is_read() {
    let text = "1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5\n2. Ke3 *\n\n1. d4 *";
    let err = read_pgn(text).unwrap_err();
    assert_eq!((err.game, err.line), (2, 6));
    assert_eq!(err.to_string(), "game 2, line 6: move 2. Ke3: illegal move \"Ke3\"");
    let all: Vec<_> = PgnGames::new(text).collect();
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[1].is_err());
    assert_eq!(all[2].as_ref().unwrap().game.san_moves(), ["d4"]);
    let err = read_pgn("[White \"unclosed]\n1. e4 *").unwrap_err();
    assert!(matches!(err.error, PgnError::Tag(_)), "{err}");
    assert_eq!(read_pgn("1. e4 {never closed").unwrap_err().error, PgnError::Unterminated("comment"));
}

#[test]
fn variations_are_read_past_comments_inside_them_too() {
    let text = "1. e4 (1. d4 {a comment with ) inside} d5 (1... Nf6 2. c4)) 1... e5 {main} 2. Nf3 *";
    let game = first(text);
    assert_eq!(game.game.san_moves(), ["e4", "e5", "Nf3"]);
    assert_eq!(game.annotations[1].comment.as_deref(), Some("main"));
}

#[test]
fn a_bad_value_is_quoted_in_part() {
    let long = format!("1. {} *", "Q".repeat(100_000));
    let err = read_pgn(&long).unwrap_err().to_string();
    assert!(err.len() < 300, "{}", err.len());
}

/// Random games with random tags, comments and NAGs: written, read and written again, the text
/// is the same and the games are equal.
#[test]
fn a_thousand_generated_games_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    let words = ["a", "good", "move", "[sic]", "(why?)", "x;y", "$5", "1-0", "%", "Nf3", "\"q\"", "\\"];
    let mut text = String::new();
    let mut originals = Vec::new();
    for n in 0..1000 {
        let mut game = Game::new();
        let mut annotations = Vec::new();
        for _ in 0..rng.gen_range(0..120) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            let mut a = Annotation::default();
            if rng.gen_bool(0.1) {
                a.nags = (0..rng.gen_range(1..3)).map(|_| rng.gen_range(1..140)).collect();
            }
            if rng.gen_bool(0.1) {
                let len = rng.gen_range(1..6);
                a.comment = Some((0..len).map(|_| words[rng.gen_range(0..words.len())]).collect::<Vec<_>>().join(" "));
            }
            annotations.push(a);
        }
        let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.gen_range(0..4)];
        let mut pgn = PgnGame::new(game);
        pgn.annotations = annotations;
        pgn.result = if pgn.game.result() == "*" { result.to_owned() } else { pgn.game.result().to_owned() };
        pgn.comment = rng.gen_bool(0.2).then(|| "before the first move".to_owned());
        pgn.tags = vec![
            ("Event".into(), format!("Game [{n}]")),
            ("Site".into(), "?".into()),
            ("Date".into(), "2026.11.25".into()),
            ("Round".into(), n.to_string()),
            ("White".into(), "Smith, \"J\"".into()),
            ("Black".into(), "O'Neil \\ B".into()),
            ("Result".into(), pgn.result.clone()),
            ("Annotator".into(), "chess-core".into()),
        ];
        text.push_str(&pgn.to_pgn());
        text.push('\n');
        originals.push(pgn);
    }
    let games = read_pgn(&text).unwrap();
    assert_eq!(games.len(), 1000);
    for (read, original) in games.iter().zip(&originals) {
        assert_eq!(read.game.moves(), original.game.moves());
        assert_eq!(read.game.result(), original.result, "the written result is the game's");
        assert_eq!(
            (&read.tags, &read.comment, &read.annotations),
            (&original.tags, &original.comment, &original.annotations)
        );
    }
    let again: String = games.iter().map(|g| g.to_pgn() + "\n").collect();
    assert_eq!(again, text);
}

/// A result the board does not give is the game's decision: a resignation, a loss on time (the
/// Termination tag says so) or an agreed draw; a result the board contradicts is the board's.
#[test]
fn the_written_result_decides_a_game_the_board_did_not_end() {
    use chess_core::{Color, Decision};
    let resigned = first("1. e4 e5 1-0");
    assert_eq!(resigned.game.decision(), Some(Decision::Resignation { loser: Color::Black }));
    assert_eq!(resigned.game.result(), "1-0");
    let flagged = first("[Termination \"Time forfeit\"]\n\n1. e4 0-1");
    assert_eq!(flagged.game.decision(), Some(Decision::TimeForfeit { loser: Color::White }));
    assert_eq!(first("1. e4 e5 1/2-1/2").game.decision(), Some(Decision::DrawAgreed));
    assert_eq!(first("1. e4 e5 *").game.decision(), None);
    let mated = first("1. f3 e5 2. g4 Qh4# 1-0");
    assert_eq!((mated.game.decision(), mated.game.result()), (None, "0-1"));
    // Written back, the result and the tags are as read.
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. e4 0-1\n";
    assert_eq!(first(text).to_pgn(), text);
}

/// A missing tag of the roster is written as the PGN standard's unknown: `?`, and `????.??.??`
/// for the date; a date given, `?` included, is written as given.
#[test]
fn a_missing_date_is_the_standards_unknown_date() {
    let game = PgnGame::new(chess_core::Game::new());
    let text = game.to_pgn();
    assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"), "{text}");
    assert!(first("[Date \"?\"]\n\n*").to_pgn().contains("[Date \"?\"]\n"));
    assert!(first("[Date \"2026.??.??\"]\n\n*").to_pgn().contains("[Date \"2026.??.??\"]\n"));
}
