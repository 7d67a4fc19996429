//! The PGN reader on what people and programs write (hand-written edge cases), and the writer
//! and reader together on generated games with tags, comments and NAGs.

use chess_core::{
    read_pgn, Annotation, Board, Color, Game, PgnError, PgnGame, PgnGames, Variation, VariationMove,
    MAX_VARIATION_DEPTH,
};
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

/// The movetext of `text` written back: what follows the tags.
fn movetext(game: &PgnGame) -> String {
    let text = game.to_pgn();
    text.split_once("\n\n").map(|(_, moves)| moves.replace('\n', " ").trim_end().to_owned()).unwrap_or_default()
}

/// The SAN of a variation's moves from `start`.
fn line_sans(variation: &Variation, start: &Board) -> Vec<String> {
    variation.san(start)
}

#[test]
fn variations_are_kept_comments_inside_them_too() {
    let text = "1. e4 (1. d4 {a comment with ) inside} d5 (1... Nf6 2. c4)) 1... e5 {main} 2. Nf3 *";
    let game = first(text);
    assert_eq!(game.game.san_moves(), ["e4", "e5", "Nf3"]);
    assert_eq!(game.annotations[1].comment.as_deref(), Some("main"));
    let d4 = &game.annotations[0].variations[0];
    assert_eq!(line_sans(d4, &Board::startpos()), ["d4", "d5"]);
    assert_eq!(d4.moves[0].annotation.comment.as_deref(), Some("a comment with ) inside"));
    let after_d4 = Board::from_fen("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(line_sans(&d4.moves[1].annotation.variations[0], &after_d4), ["Nf6", "c4"]);
    // Black's move after a comment gets its number.
    assert_eq!(movetext(&game), text.replace("inside} d5", "inside} 1... d5"));
}

#[test]
fn nested_variations_are_written_with_their_move_numbers() {
    // The brief's example: a move number after a variation's end when Black's move follows.
    let text = "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 12\"]\n\n\
                12. d4 (12. d3 d6 (12... Nf6) 13. c4) 12... exd4 *";
    let game = first(text);
    let d3 = &game.annotations[0].variations[0];
    assert_eq!(d3.moves.len(), 3);
    assert_eq!(d3.moves[1].annotation.variations[0].moves.len(), 1);
    assert_eq!(movetext(&game), "12. d4 (12. d3 d6 (12... Nf6) 13. c4) 12... exd4 *");
    // Three deep, each closing where it opened.
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5 (3. d3)) 3. exd5) 2... d6) 2. Nf3 *";
    let game = first(text);
    let c5 = &game.annotations[1].variations[0];
    let c3 = &c5.moves[1].annotation.variations[0];
    let nf6 = &c3.moves[1].annotation.variations[0];
    let d3 = &nf6.moves[1].annotation.variations[0];
    assert_eq!((c5.moves.len(), c3.moves.len(), nf6.moves.len(), d3.moves.len()), (3, 3, 2, 1));
    assert_eq!(movetext(&game), text);
}

#[test]
fn a_variation_at_blacks_move_and_several_at_one_move() {
    let game = first("1. e4 e5 (1... c5) (1... e6 2. d4) 2. Nf3 Nc6 (2... d6 3. d4) *");
    let after_e4 = *game.game.positions().get(1).unwrap();
    let at_e5: Vec<Vec<String>> = game.annotations[1].variations.iter().map(|v| line_sans(v, &after_e4)).collect();
    assert_eq!(at_e5, [vec!["c5"], vec!["e6", "d4"]]);
    assert_eq!(after_e4.side_to_move(), Color::Black);
    assert_eq!(game.annotations[3].variations.len(), 1);
    assert_eq!(movetext(&game), "1. e4 e5 (1... c5) (1... e6 2. d4) 2. Nf3 Nc6 (2... d6 3. d4) *");
}

#[test]
fn comments_and_nags_inside_variations() {
    let text = "1. e4 {main} (1. d4 $1 {queen's pawn} d5 !? {symmetry} 2. c4 $14) ({before the move} 1. c4) 1... e5 *";
    let game = first(text);
    let [d4, c4] = &game.annotations[0].variations[..] else { panic!("{:?}", game.annotations[0]) };
    assert_eq!(game.annotations[0].comment.as_deref(), Some("main"));
    assert_eq!(d4.moves[0].annotation.nags, [1]);
    assert_eq!(d4.moves[0].annotation.comment.as_deref(), Some("queen's pawn"));
    assert_eq!(d4.moves[1].annotation.nags, [5]);
    assert_eq!(d4.moves[1].annotation.comment.as_deref(), Some("symmetry"));
    assert_eq!(d4.moves[2].annotation.nags, [14]);
    assert_eq!(c4.comment.as_deref(), Some("before the move"));
    assert!(c4.moves[0].annotation.comment.is_none());
    assert_eq!(
        movetext(&game),
        "1. e4 {main} (1. d4 $1 {queen's pawn} 1... d5 $5 {symmetry} 2. c4 $14) ({before the move} 1. c4) 1... e5 *"
    );
    // A comment or NAG after a variation's end is the move's before it: written before it.
    let game = first("1. e4 (1. d4) {after} $2 e5 *");
    assert_eq!((game.annotations[0].comment.as_deref(), &game.annotations[0].nags[..]), (Some("after"), &[2][..]));
    assert_eq!(movetext(&game), "1. e4 $2 {after} (1. d4) 1... e5 *");
    // A variation with no moves replaces nothing: left out, its comment with it.
    assert_eq!(movetext(&first("1. e4 ( ) ({only words}) e5 *")), "1. e4 e5 *");
}

#[test]
fn a_variation_on_the_first_move_and_on_the_last() {
    let game = first("1. e4 (1. d4 d5) (1. Nf3) *");
    assert_eq!(game.game.san_moves(), ["e4"]);
    let firsts: Vec<Vec<String>> =
        game.annotations[0].variations.iter().map(|v| line_sans(v, &Board::startpos())).collect();
    assert_eq!(firsts, [vec!["d4", "d5"], vec!["Nf3"]]);
    assert_eq!(movetext(&game), "1. e4 (1. d4 d5) (1. Nf3) *");
    // A variation of the last move, before the result; the result stays the game's.
    let game = first("1. f3 e5 2. g4 Qh4# (2... d5) 0-1");
    assert_eq!((game.game.result(), game.annotations[3].variations.len()), ("0-1", 1));
    assert_eq!(movetext(&game), "1. f3 e5 2. g4 Qh4# (2... d5) 0-1");
    // From a set-up position with Black to move.
    let game = first("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 (1... Ke7 2. e4) 2. e4 *");
    assert_eq!(movetext(&game), "1... Kd7 (1... Ke7 2. e4) 2. e4 *");
}

#[test]
fn a_variation_before_any_move_is_refused() {
    // A variation replaces the move before it: at the start of the game or of a line there is
    // none.
    for (text, line) in [("(1. d4) 1. e4 *", 1), ("1. e4\n((1. c4) 1. d4) *", 2), ("{start} ( *", 1)] {
        let err = read_pgn(text).unwrap_err();
        assert_eq!((err.line, &err.error), (line, &PgnError::VariationWithoutMove), "{text}");
    }
    assert_eq!(
        PgnError::VariationWithoutMove.to_string(),
        "a variation before any move (a variation replaces the move before it)"
    );
    // The next game is read after it.
    let games: Vec<_> = PgnGames::new("(1. d4) 1. e4 *\n\n1. d4 *").collect();
    assert_eq!(games[1].as_ref().unwrap().game.san_moves(), ["d4"]);
}

#[test]
fn an_illegal_move_in_a_variation_is_named_with_its_line() {
    let text = "[Event \"x\"]\n\n1. e4 e5\n(1... c5 2. Nf3\n(2. Ke3))\n2. Nf3 *";
    let err = read_pgn(text).unwrap_err();
    assert_eq!((err.game, err.line), (1, 5));
    assert_eq!(err.to_string(), "game 1, line 5: move 2. Ke3: illegal move \"Ke3\"");
    // A move of the main line played in its variation (from the wrong position) too.
    let err = read_pgn("1. e4 (1... e5) *").unwrap_err();
    assert_eq!(err.to_string(), "game 1, line 1: move 1. e5: illegal move \"e5\"");
    assert!(matches!(err.error, PgnError::Move { color: Color::White, .. }));
}

#[test]
fn an_unterminated_variation_is_an_error_where_it_opens() {
    for text in
        ["1. e4 e5\n(1... c5 2. Nf3 *", "1. e4 e5\n(1... c5 (1... e6", "1. e4 e5\n(1... c5\n[Event \"b\"]\n1. d4 *"]
    {
        let games: Vec<_> = PgnGames::new(text).collect();
        let err = games[0].as_ref().unwrap_err();
        assert_eq!((err.line, &err.error), (2, &PgnError::Unterminated("variation")), "{text}");
    }
    // The next game's tags start the next game.
    let games: Vec<_> = PgnGames::new("1. e4 e5\n(1... c5\n[Event \"b\"]\n1. d4 *").collect();
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
    // A `)` that closes nothing is read past, as before.
    assert_eq!(movetext(&first("1. e4 ) e5 *")), "1. e4 e5 *");
}

#[test]
fn variations_nest_up_to_the_cap() {
    // `(2... d5` in `(2... d5` in ...: each replaces the one before, from the same position.
    let nested = |depth: usize| format!("1. e4 e5 {}{} *", "(1... d5 ".repeat(depth), ")".repeat(depth));
    let game = first(&nested(MAX_VARIATION_DEPTH));
    let mut depth = 0;
    let mut annotation = &game.annotations[1];
    while let Some(v) = annotation.variations.first() {
        depth += 1;
        annotation = &v.moves[0].annotation;
    }
    assert_eq!(depth, MAX_VARIATION_DEPTH);
    assert_eq!(game.to_pgn(), first(&game.to_pgn()).to_pgn());
    let err = read_pgn(&nested(MAX_VARIATION_DEPTH + 1)).unwrap_err();
    assert_eq!(err.error, PgnError::TooDeep);
    assert_eq!(err.to_string(), format!("game 1, line 1: variations nested more than {MAX_VARIATION_DEPTH} deep"));
    // A hostile text of 100,000 `(`, one after the other or each after a move: an error at once.
    for text in [format!("1. e4 {}", "(".repeat(100_000)), format!("1. e4 e5 {}", "(1... d5 ".repeat(100_000))] {
        let start = std::time::Instant::now();
        let err = read_pgn(&text).unwrap_err();
        assert!(matches!(err.error, PgnError::TooDeep | PgnError::VariationWithoutMove), "{err}");
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }
}

/// A random line of up to `len` moves from `board`, each with a random comment, NAGs and
/// (while `depth` allows) variations of its own.
fn random_line(rng: &mut ChaCha8Rng, board: &Board, len: usize, depth: usize) -> Vec<VariationMove> {
    let mut board = *board;
    let mut moves = Vec::new();
    for _ in 0..len {
        let legal = board.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.gen_range(0..legal.len())];
        let annotation = random_annotation(rng, &board, depth);
        moves.push(VariationMove { mv, annotation });
        board.play(mv);
    }
    moves
}

/// Random NAGs, comment and variations (from `before`, the position before the move).
fn random_annotation(rng: &mut ChaCha8Rng, before: &Board, depth: usize) -> Annotation {
    let mut a = Annotation::default();
    if rng.gen_bool(0.1) {
        a.nags = vec![rng.gen_range(1..140)];
    }
    if rng.gen_bool(0.1) {
        a.comment = Some(["a (b) c", "x", "[%clk 0:01:00]", "1-0 { ;"][rng.gen_range(0..4)].to_owned());
    }
    if depth > 0 {
        while rng.gen_bool(0.15) {
            let len = rng.gen_range(1..6);
            let comment = rng.gen_bool(0.2).then(|| "idea".to_owned());
            let moves = random_line(rng, before, len, depth - 1);
            if !moves.is_empty() {
                a.variations.push(Variation { comment, moves });
            }
        }
    }
    a
}

/// Random games with random variations, nested up to four deep: written, read and written
/// again, the text is the same and the trees are equal.
#[test]
fn generated_games_with_variations_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(82);
    let mut text = String::new();
    let mut originals = Vec::new();
    let mut count = 0;
    for _ in 0..300 {
        let mut game = Game::new();
        let mut annotations = Vec::new();
        for _ in 0..rng.gen_range(0..60) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            annotations.push(random_annotation(&mut rng, game.board(), 4));
            game.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
        count += annotations.iter().map(|a| a.variations.len()).sum::<usize>();
        let mut pgn = PgnGame::new(game);
        pgn.annotations = annotations;
        pgn.result = pgn.game.result().to_owned();
        text.push_str(&pgn.to_pgn());
        text.push('\n');
        originals.push(pgn);
    }
    assert!(count > 300, "{count} variations");
    let games = read_pgn(&text).unwrap();
    assert_eq!(games.len(), originals.len());
    for (read, original) in games.iter().zip(&originals) {
        assert_eq!(read.game.moves(), original.game.moves());
        assert_eq!(read.annotations, original.annotations);
    }
    let again: String = games.iter().map(|g| g.to_pgn() + "\n").collect();
    assert_eq!(again, text);
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
