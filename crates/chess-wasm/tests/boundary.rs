//! The JSON boundary, tested natively: the same code runs in the wasm build.

use chess_ai::SearchControl;
use chess_ai::{Ai, Mode};
use chess_wasm::engine::{limits_from_json, options_from_json};
use chess_wasm::position::{Explanation, Position};

#[test]
fn state_of_the_start_position() {
    let p = Position::new(None).unwrap();
    let s = p.state();
    assert_eq!(s.turn, "white");
    assert_eq!(s.pieces.len(), 32);
    assert_eq!(s.piece_on("e1").unwrap(), "K");
    assert_eq!(s.piece_on("d8").unwrap(), "q");
    assert!(s.castling.white_short && s.castling.black_long);
    assert_eq!((s.status, s.result, s.is_finished), ("ongoing", "*", false));
    assert_eq!(p.legal_moves().len(), 20);
    assert_eq!(p.legal_moves()[0].uci, "b1a3", "sorted by from-square, then to-square");
}

#[test]
fn moves_in_san_uci_and_from_to() {
    let mut p = Position::new(None).unwrap();
    assert_eq!(p.play("e4").unwrap().uci, "e2e4");
    assert_eq!(p.play("E7E5").unwrap().san, "e5");
    assert_eq!(p.play_from_to("G1", "f3", None).unwrap().san, "Nf3");
    let err = p.play("Ke3").unwrap_err().to_string();
    assert!(err.contains("Ke3"), "{err}");
    assert!(p.play_from_to("z9", "e4", None).unwrap_err().to_string().contains("invalid square"));
    assert_eq!(p.history().len(), 3);
    assert_eq!(p.history()[2].fen, p.fen());
    assert_eq!(p.undo().as_deref(), Some("g1f3"));
    assert_eq!(p.history().len(), 2);
}

#[test]
fn promotion_to_any_piece_and_castling_to_the_king_square() {
    let mut p = Position::new(Some("8/P5k1/8/8/8/8/8/R3K2R w KQ - 0 1")).unwrap();
    let knight = p.clone().play_from_to("a7", "a8", Some("n")).unwrap();
    assert_eq!((knight.san.as_str(), knight.promotion.as_deref()), ("a8=N", Some("n")));
    let queen = p.clone().play_from_to("a7", "a8", None).unwrap();
    assert_eq!(queen.promotion.as_deref(), Some("q"));
    let castle = p.play_from_to("e1", "g1", None).unwrap();
    assert!(castle.castle);
    assert_eq!((castle.san.as_str(), castle.to.as_str(), castle.uci.as_str()), ("O-O", "g1", "e1g1"));
    // The king onto its own rook castles too.
    let mut p = Position::new(Some("8/P5k1/8/8/8/8/8/R3K2R w KQ - 0 1")).unwrap();
    assert_eq!(p.play_from_to("e1", "a1", None).unwrap().san, "O-O-O");
    // A promotion piece for a move that is no promotion is refused, not read as another move.
    let mut p = Position::new(None).unwrap();
    let err = p.play_from_to("e2", "e4", Some("n")).unwrap_err().to_string();
    assert!(err.contains("not a promotion"), "{err}");
}

#[test]
fn a_king_move_beside_a_chess960_castling_is_the_king_move() {
    // Chess960: the king on f1, its rook on h1. Kg1 and O-O both put the king on g1; the squares
    // f1-g1 mean the king move (as UCI's f1g1 does), f1-h1 (the king onto its rook) the castling.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBha - 0 1";
    let mut p = Position::new(Some(fen)).unwrap();
    let king = p.clone().play_from_to("f1", "g1", None).unwrap();
    assert_eq!((king.san.as_str(), king.castle), ("Kg1", false));
    assert_eq!(p.clone().play("f1g1").unwrap().san, "Kg1");
    let castle = p.play_from_to("f1", "h1", None).unwrap();
    assert_eq!((castle.san.as_str(), castle.castle), ("O-O", true));
    assert_eq!(p.state().piece_on("f1").unwrap(), "R");
}

#[test]
fn every_end_reason() {
    let mut mate = Position::new(None).unwrap();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        mate.play(m).unwrap();
    }
    let s = mate.state();
    assert_eq!((s.status, s.winner, s.result), ("checkmate", Some("black"), "0-1"));
    assert!(mate.play("a3").unwrap_err().to_string().contains("game is over"));

    let mut repeat = Position::new(None).unwrap();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        repeat.play(m).unwrap();
    }
    assert_eq!(repeat.state().status, "threefold-repetition");
    assert_eq!(repeat.state().result, "1/2-1/2");
    repeat.play("e4").unwrap();
    assert_eq!(repeat.state().status, "ongoing", "the players may play on instead of claiming the draw");

    let fifty = Position::new(Some("8/8/8/4k3/8/8/4K3/4R3 w - - 99 80")).unwrap();
    let mut fifty = fifty;
    fifty.play("Ra1").unwrap();
    assert_eq!(fifty.state().status, "fifty-move-rule");

    assert_eq!(Position::new(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).unwrap().state().status, "stalemate");
    assert_eq!(Position::new(Some("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")).unwrap().state().status, "insufficient-material");

    let mut resigned = Position::new(None).unwrap();
    resigned.play("e4").unwrap();
    resigned.resign("black").unwrap();
    let s = resigned.state();
    assert_eq!((s.status, s.winner, s.result, s.is_finished), ("resignation", Some("white"), "1-0", true));
    let pgn = resigned.pgn(&[("White".into(), "Ann".into())]);
    assert!(pgn.contains("[Result \"1-0\"]") && pgn.contains("[Termination \"Black resigns\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with("1. e4 1-0"), "{pgn}");
    assert!(resigned.resign("white").is_err(), "a finished game cannot be resigned again");
    assert!(resigned.resign("purple").is_err());
    assert_eq!(resigned.play("e5").unwrap_err().to_string(), "the game is over (resignation)");

    // A resignation where a draw could have been claimed (the players went on) decides the game.
    let mut on = Position::new(None).unwrap();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        on.play(m).unwrap();
    }
    assert_eq!(on.state().status, "threefold-repetition");
    on.resign("white").unwrap();
    let s = on.state();
    assert_eq!((s.status, s.winner, s.result, s.is_finished), ("resignation", Some("black"), "0-1", true));
    assert!(on.pgn(&[]).contains("[Termination \"White resigns\"]"));
}

/// The draw rules each on its own (`ChessGame.isThreefoldRepetition()`, `isDrawByFiftyMoves()`,
/// `isInsufficientMaterial()`, `isDraw()`), where the status names another end first.
#[test]
fn draws_hold_each_on_its_own() {
    use chess_wasm::position::Draws;
    let none = Draws { threefold_repetition: false, fifty_move_rule: false, insufficient_material: false, draw: false };
    assert_eq!(Position::new(None).unwrap().draws(), none);
    // Five repetitions: the status says fivefold, and the position has occurred three times too.
    let mut repeat = Position::new(None).unwrap();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(16) {
        repeat.play(m).unwrap();
    }
    assert_eq!(repeat.state().status, "fivefold-repetition");
    assert_eq!(repeat.draws(), Draws { threefold_repetition: true, draw: true, ..none });
    // 150 plies: the 75-move rule first, the fifty-move rule holds too.
    let clock = Position::new(Some("7k/8/8/8/8/8/R7/K7 w - - 150 120")).unwrap();
    assert_eq!(clock.state().status, "seventy-five-move-rule");
    assert_eq!(clock.draws(), Draws { fifty_move_rule: true, draw: true, ..none });
    // Mated on the hundredth ply: a mate, no draw.
    let mated = Position::new(Some("R6k/6pp/8/8/8/8/8/K7 b - - 100 80")).unwrap();
    assert_eq!((mated.state().status, mated.draws()), ("checkmate", none));
    // A stalemate, an agreed draw and a flag the other side cannot win on are draws; a resignation is not.
    assert!(Position::new(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).unwrap().draws().draw);
    let mut agreed = Position::new(None).unwrap();
    agreed.agree_draw().unwrap();
    assert_eq!(agreed.draws(), Draws { draw: true, ..none });
    let mut flagged = Position::new(Some("8/8/8/4k3/8/8/3P4/4K3 w - - 0 1")).unwrap();
    flagged.flag("white").unwrap();
    assert_eq!(flagged.draws(), Draws { draw: true, ..none });
    let mut resigned = Position::new(None).unwrap();
    resigned.resign("white").unwrap();
    assert_eq!(resigned.draws(), none);
}

#[test]
fn fivefold_repetition_and_the_75_move_rule_end_the_game() {
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut repeat = Position::new(None).unwrap();
    for m in shuffle.iter().cycle().take(12) {
        repeat.play(m).unwrap();
    }
    assert_eq!(repeat.state().status, "threefold-repetition", "four times: a claim, not an end");
    for m in shuffle.iter().cycle().take(4) {
        repeat.play(m).unwrap();
    }
    let s = repeat.state();
    assert_eq!((s.status, s.winner, s.result, s.is_finished), ("fivefold-repetition", None, "1/2-1/2", true));
    assert_eq!(repeat.play("e4").unwrap_err().to_string(), "the game is over (fivefold-repetition)");
    assert_eq!(
        repeat.play_from_to("e2", "e4", None).unwrap_err().to_string(),
        "the game is over (fivefold-repetition)"
    );
    assert!(matches!(repeat.explain("e4"), Explanation::Illegal { reason: "game-over", .. }));
    assert!(repeat.resign("white").is_err(), "a drawn game cannot be resigned");
    assert!(repeat.agree_draw().is_err());
    assert!(repeat.pgn(&[]).trim_end().ends_with("1/2-1/2"));
    repeat.undo();
    assert_eq!(repeat.state().status, "threefold-repetition");
    repeat.play("e5").unwrap();

    let mut quiet = Position::new(Some("7k/8/8/8/8/8/R7/K7 w - - 148 120")).unwrap();
    assert_eq!(quiet.state().status, "fifty-move-rule");
    quiet.play("Rb2").unwrap();
    quiet.play("Kg8").unwrap();
    let s = quiet.state();
    assert_eq!((s.status, s.result, s.is_finished, s.half_move), ("seventy-five-move-rule", "1/2-1/2", true, 150));
    assert_eq!(quiet.play("Rb8+").unwrap_err().to_string(), "the game is over (seventy-five-move-rule)");
    assert!(quiet.flag("white").is_err(), "no clock runs in a finished game");
    // A mate on the 150th ply stands.
    let mut mate = Position::new(Some("7k/8/6K1/8/8/8/8/R7 w - - 149 120")).unwrap();
    mate.play("Ra8#").unwrap();
    assert_eq!((mate.state().status, mate.state().result), ("checkmate", "1-0"));
}

#[test]
fn no_move_after_a_fallen_flag_or_an_agreed_draw() {
    let mut flagged = Position::new(None).unwrap();
    flagged.play("e4").unwrap();
    flagged.flag("black").unwrap();
    assert_eq!(flagged.play("e5").unwrap_err().to_string(), "the game is over (time-forfeit)");
    assert_eq!(flagged.play_from_to("e7", "e5", None).unwrap_err().to_string(), "the game is over (time-forfeit)");
    assert!(flagged.pgn(&[]).trim_end().ends_with("1. e4 1-0"), "{}", flagged.pgn(&[]));
    let mut agreed = Position::new(None).unwrap();
    agreed.play("d4").unwrap();
    agreed.agree_draw().unwrap();
    assert_eq!(agreed.play("d5").unwrap_err().to_string(), "the game is over (draw-agreed)");
    assert_eq!(agreed.state().status, "draw-agreed");
    assert!(matches!(agreed.explain("d5"), Explanation::Illegal { reason: "game-over", .. }));
}

#[test]
fn pgn_round_trip_and_bad_input() {
    let mut p = Position::new(None).unwrap();
    for m in ["d4", "d5", "c4", "e6"] {
        p.play(m).unwrap();
    }
    let back = Position::from_pgn(&p.pgn(&[])).unwrap();
    assert_eq!(back.fen(), p.fen());
    assert!(Position::from_pgn("1. e4 e5 2. Ke3").is_err());
    for bad in ["", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "garbage", "8/8/8/8/8/8/8/8 w - - 0 1"] {
        if bad.is_empty() {
            continue;
        }
        let err = Position::new(Some(bad)).unwrap_err().to_string();
        assert!(err.starts_with("invalid FEN"), "{bad}: {err}");
    }
}

#[test]
fn explain_says_why() {
    let p = Position::new(None).unwrap();
    match p.explain("Nf3") {
        Explanation::Legal { mv, .. } => assert_eq!(mv.uci, "g1f3"),
        other => panic!("{other:?}"),
    }
    match p.explain("Qxh7") {
        Explanation::Illegal { reason, message, .. } => {
            assert_eq!(reason, "piece-cannot-move-there");
            assert_eq!(message, "no queen of yours can go to h7");
        }
        other => panic!("{other:?}"),
    }
    let pinned = Position::new(Some("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")).unwrap();
    match pinned.explain("Nc3") {
        Explanation::Illegal { reason, message, .. } => {
            assert_eq!(reason, "piece-pinned");
            assert!(message.contains("the rook on e8 pins your knight"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let mut q = pinned.clone();
    let err = q.play("Nc3").unwrap_err().to_string();
    assert_eq!(err, "Nc3: it would leave your king in check: the rook on e8 pins your knight");
}

#[test]
fn set_and_remove_pieces_restart_the_game() {
    let mut p = Position::new(None).unwrap();
    p.play("e4").unwrap();
    p.remove_piece("H1").unwrap();
    let s = p.state();
    assert!(!s.castling.white_short && s.castling.white_long, "the h1 rook's right goes with it");
    assert!(p.history().is_empty());
    // A position set up by hand may hold more than a game can reach (a second queen beside
    // eight pawns), as js-chess-engine and chess.js accept it, but no more than the board can play.
    // Three queens, two rooks, two bishops, two knights and eight pawns could have 243 moves.
    p.set_piece("e5", "Q").unwrap();
    p.set_piece("d5", "Q").unwrap();
    assert_eq!(p.state().piece_on("e5").unwrap(), "Q");
    let err = p.set_piece("c5", "Q").unwrap_err().to_string();
    assert!(err.contains("more pieces than a position can hold moves for"), "{err}");
    assert!(p.state().piece_on("c5").is_none());
    let three_rooks = "rnb1kbnr/pppppppp/8/3r4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut hand_set = Position::new(Some(three_rooks)).unwrap();
    hand_set.play("e4").unwrap();
    let again = Position::from_pgn(&hand_set.pgn(&[])).unwrap();
    assert_eq!(again.fen(), hand_set.fen(), "its PGN reads back");
    assert!(p.set_piece("e5", "X").is_err());
    assert!(p.set_piece("e5", "QQ").is_err());
    let err = p.remove_piece("e8").unwrap_err().to_string();
    assert!(err.contains("no king"), "{err}");
    assert_eq!(p.state().piece_on("e8").unwrap(), "k", "a refused edit changes nothing");
}

#[test]
fn options_and_limits_are_validated() {
    assert!(options_from_json("", 1).is_ok());
    assert!(options_from_json(r#"{"level": 6}"#, 1).unwrap_err().to_string().contains("level 6"));
    assert!(options_from_json(r#"{"level": 2, "elo": 1500}"#, 1).is_err());
    assert!(options_from_json(r#"{"lvl": 2}"#, 1).unwrap_err().to_string().contains("unknown option 'lvl'"));
    assert!(options_from_json(r#"{"randomness": -5}"#, 1).is_err());
    assert!(options_from_json(r#"{"level": "3"}"#, 1).is_err());
    assert!(options_from_json("[1,2", 1).is_err());
    let o = options_from_json(r#"{"elo": 1500, "depthOptions": {"base": 4, "check": false}}"#, 9).unwrap();
    assert_eq!(o.seed, Some(9));
    assert_eq!(o.depth_options.base, Some(4));
    assert!(limits_from_json(r#"{"moveTimeMs": 0}"#).is_err());
    assert!(limits_from_json(r#"{"depth": 1000}"#).is_err());
    assert!(limits_from_json("").unwrap().unlimited_by_caller);
    assert!(!limits_from_json(r#"{"clock": {"timeMs": 60000, "incrementMs": 1000}}"#).unwrap().unlimited_by_caller);
    assert!(limits_from_json(r#"{"infinite": true}"#).unwrap().endless);
    assert!(!limits_from_json(r#"{"infinite": true, "nodes": 5000}"#).unwrap().endless);
    assert!(!limits_from_json("").unwrap().endless);
    // A level is one of 1 to 5, whatever the value's type.
    for (json, got) in [(r#""3""#, r#"the string "3""#), ("2.5", "2.5"), ("-1", "-1"), ("300", "300")] {
        let err = options_from_json(&format!(r#"{{"level": {json}}}"#), 1).unwrap_err().to_string();
        assert_eq!(err, format!("invalid options: level must be a whole number from 1 to 5, got {got}"));
    }
}

fn answer(options: &str, fen: &str, limits: &str) -> serde_json::Value {
    let ai = Ai::new(options_from_json(options, 1).unwrap()).unwrap();
    let position = Position::new(Some(fen)).unwrap();
    let mut reports = 0;
    let text =
        chess_wasm::think(&ai, &position, Mode::Play, limits, Some(&SearchControl::new()), &mut |_| reports += 1)
            .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_ai_answers_in_json() {
    let a =
        answer(r#"{"fullStrength": true, "book": false}"#, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", r#"{"depth": 4}"#);
    assert_eq!(a["best"]["uci"], "a1a8");
    assert_eq!(a["best"]["san"], "Ra8#");
    assert_eq!(a["best"]["score"]["moves"], 1);
    assert_eq!(a["best"]["whiteScore"], serde_json::json!({"kind": "mate", "moves": 1}));
    assert_eq!(a["depth"], 4);
    // The same mate for Black to move: the mover's score and White's, turned by the engine.
    let b =
        answer(r#"{"fullStrength": true, "book": false}"#, "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", r#"{"depth": 4}"#);
    assert_eq!(b["best"]["san"], "Ra1#");
    assert_eq!(b["best"]["score"], serde_json::json!({"kind": "mate", "moves": 1}));
    assert_eq!(b["best"]["whiteScore"], serde_json::json!({"kind": "mate", "moves": -1}));
    let e4 = answer(
        r#"{"fullStrength": true, "book": false}"#,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        r#"{"depth": 5}"#,
    );
    let cp = e4["best"]["score"]["cp"].as_i64().unwrap();
    assert_eq!(e4["best"]["whiteScore"], serde_json::json!({"kind": "cp", "cp": -cp}));
    let over = Position::new(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).unwrap();
    let ai = Ai::new(options_from_json("", 1).unwrap()).unwrap();
    let err = chess_wasm::think(&ai, &over, Mode::Play, "", None, &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("stalemate"), "{err}");
}

/// A fixture of `tests/data/` that the npm package's tests read too.
fn fixture(name: &str) -> serde_json::Value {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The fixture the npm package's tests also read: the same options, position and seed give the
/// same move natively and in the wasm build.
#[test]
fn same_move_fixture_holds_natively() {
    let cases: Vec<serde_json::Value> = serde_json::from_value(fixture("same_move.json")).unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        let a = answer(&case["options"].to_string(), case["fen"].as_str().unwrap(), &case["limits"].to_string());
        assert_eq!(a["best"]["uci"], case["expected"], "{case}");
    }
}

/// Writes tests/data/same_move.json from the native build:
/// `cargo test --release -p chess-wasm --test boundary -- --ignored write_same_move_fixture`.
#[test]
#[ignore = "regenerates the fixture"]
fn write_same_move_fixture() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
        "8/5pk1/6p1/8/3R4/6P1/5PK1/2r5 b - - 0 40",
    ];
    let mut cases = Vec::new();
    for (i, fen) in fens.iter().enumerate() {
        for level in [1, 3, 5] {
            let seed = 1000 + i as u64 * 10 + level;
            let options = serde_json::json!({"level": level, "seed": seed, "nodes": 20000, "book": false});
            let limits = serde_json::json!({});
            let a = answer(&options.to_string(), fen, &limits.to_string());
            cases.push(
                serde_json::json!({"fen": fen, "options": options, "limits": limits, "expected": a["best"]["uci"]}),
            );
        }
        let options = serde_json::json!({"fullStrength": true, "book": false});
        let limits = serde_json::json!({"depth": 7});
        let a = answer(&options.to_string(), fen, &limits.to_string());
        cases.push(serde_json::json!({"fen": fen, "options": options, "limits": limits, "expected": a["best"]["uci"]}));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/same_move.json");
    std::fs::write(path, serde_json::to_string_pretty(&cases).unwrap() + "\n").unwrap();
}

#[test]
fn classic_fen_keeps_the_en_passant_target() {
    let mut p = Position::new(None).unwrap();
    p.play("e4").unwrap();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(p.classic_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(p.state().en_passant_target.as_deref(), Some("e3"));
    p.play("Nf6").unwrap();
    assert_eq!(p.classic_fen(), p.fen());
    let from_fen = Position::new(Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")).unwrap();
    assert_eq!(from_fen.classic_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(from_fen.state().en_passant, None);
}

#[test]
fn levels_carry_their_elo_and_budget() {
    let levels: serde_json::Value = serde_json::from_str(&chess_wasm::levels()).unwrap();
    let levels = levels.as_array().unwrap();
    assert_eq!(levels.len(), 5);
    for (i, level) in levels.iter().enumerate() {
        let profile = chess_ai::Profile::of(chess_ai::Strength::Level(i as u8 + 1));
        assert_eq!(level["level"], i + 1);
        assert_eq!(level["elo"], chess_ai::LEVEL_ELO[i]);
        assert_eq!(level["depth"].as_i64(), profile.depth.map(i64::from));
        assert_eq!(level["nodes"].as_u64(), profile.nodes);
        assert_eq!(level["hashMb"].as_u64(), Some(profile.hash_mb as u64));
        assert!(profile.depth.is_some() || profile.nodes.is_some(), "level {} has a budget", i + 1);
    }
}

#[test]
fn an_empty_fen_is_an_error_and_none_is_the_start_position() {
    assert_eq!(Position::new(None).unwrap().state().fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for empty in ["", "   "] {
        let err = Position::new(Some(empty)).unwrap_err().to_string();
        assert!(err.starts_with("invalid FEN: "), "{empty:?}: {err}");
    }
}

#[test]
fn fen_errors_say_invalid_fen_once() {
    for bad in ["", "garbage", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"] {
        let err = Position::new(Some(bad)).unwrap_err().to_string();
        assert!(err.starts_with("invalid FEN: "), "{bad:?}: {err}");
        assert_eq!(err.matches("invalid FEN").count(), 1, "{bad:?}: {err}");
    }
    let err = Position::new(Some("8/8/8/8/8/8/8/8 w - - 0 1")).unwrap_err().to_string();
    assert!(err.starts_with("invalid FEN: illegal position: "), "{err}");
}

#[test]
fn legal_moves_from_a_square_name_the_bad_square() {
    let p = Position::new(None).unwrap();
    assert_eq!(p.legal_moves_from(None).unwrap().len(), 20);
    let knight: Vec<_> = p.legal_moves_from(Some("B1")).unwrap().into_iter().map(|m| m.san).collect();
    assert_eq!(knight, ["Na3", "Nc3"]);
    assert!(p.legal_moves_from(Some("e4")).unwrap().is_empty(), "an empty square has no moves");
    for bad in ["z9", "", "e44"] {
        let err = p.legal_moves_from(Some(bad)).unwrap_err().to_string();
        assert_eq!(err, format!("invalid square '{bad}': squares are written a1 to h8"));
    }
}

#[test]
fn the_hash_is_limited_to_what_wasm32_holds() {
    use chess_wasm::engine::MAX_WASM_HASH_MB;
    assert_eq!(MAX_WASM_HASH_MB, 1024);
    for mb in [0, 1, 1024] {
        let o = options_from_json(&format!(r#"{{"hashMb": {mb}}}"#), 1).unwrap();
        assert_eq!(o.hash_mb, Some(mb));
    }
    for mb in [1025_u64, 3000, 5000, 1 << 40] {
        let err = options_from_json(&format!(r#"{{"hashMb": {mb}}}"#), 1).unwrap_err().to_string();
        assert_eq!(err, format!("invalid options: hashMb must be between 0 and 1024 in WebAssembly (MiB), got {mb}"));
    }
    assert!(options_from_json(r#"{"hashMb": -1}"#, 1).is_err());
    // Within the limit, a table the machine cannot give is an error too (chess-search allocates
    // fallibly), which the bindings throw as an Error with this message.
    let alloc = chess_ai::OptionsError::HashAlloc(chess_ai::HashAllocError { mb: 1024 });
    assert_eq!(
        chess_wasm::Error::from(alloc).to_string(),
        "invalid options: cannot allocate a 1024 MiB transposition table: not enough memory"
    );
}

/// Full strength in the browser evaluates with the package's net (the compiled-in
/// `s6-128-hm-1000`, or a loaded one), never the classical evaluation; the other options the JSON
/// does not set come from `AiOptions::default()` (they were written out field by field, with
/// `net: None`, so the browser's full strength played the classical evaluation).
#[test]
fn options_the_json_does_not_set_are_the_native_defaults() {
    let native = chess_ai::AiOptions::default();
    for json in ["", r#"{"fullStrength": true}"#, r#"{"level": 3}"#, r#"{"elo": 1500, "book": false}"#] {
        let o = options_from_json(json, 1).unwrap();
        let net = o.net.as_ref().expect("the package's net");
        assert_eq!(net.name(), chess_wasm::net::COMPILED, "{json}");
        // (`tablebase` exists only with chess-ai's `syzygy` feature, which the wasm build leaves off.)
        assert_eq!((o.threads, o.eval), (native.threads, native.eval), "{json}");
    }
}

/// A PGN comes back whole: tags in order, comments, NAGs, the result and the termination
/// (`fromPgn(pgn).pgn()` dropped all but the moves); several games give several positions.
#[test]
fn pgn_keeps_tags_comments_nags_and_the_result() {
    let text = "[Event \"Club [rapid]\"]\n[Site \"?\"]\n[Date \"2026.11.25\"]\n[Round \"1\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n[Annotator \"me\"]\n\n{Start} 1. e4 $1 {best by test} 1... e5 2. Nf3 $2 $14 1/2-1/2\n";
    let p = Position::from_pgn(text).unwrap();
    assert_eq!(p.pgn(&[]), text);
    let state = p.state();
    assert_eq!((state.status, state.result), ("draw-agreed", "1/2-1/2"));
    assert_eq!(p.tags()[0], ("Event".to_owned(), "Club [rapid]".to_owned()));
    let history = p.history();
    assert_eq!((history[0].comment.as_deref(), history[0].nags.as_slice()), (Some("best by test"), &[1][..]));
    assert_eq!(history[2].nags, [2, 14]);
    // Caller tags go over the game's; the result stays the game's.
    let out = p.pgn(&[("White".into(), "Anne".into()), ("Result".into(), "1-0".into())]);
    assert!(out.contains("[White \"Anne\"]") && out.contains("[Result \"1/2-1/2\"]"), "{out}");

    let mut q = Position::from_pgn(text).unwrap();
    q.undo();
    q.play("Nc3").unwrap();
    q.annotate(3, Some("  a   quiet move "), Some(vec![5])).unwrap();
    q.annotate(0, None, None).unwrap();
    q.set_tags(&[("Annotator".into(), String::new()), ("ECO".into(), "C20".into())]).unwrap();
    let out = q.pgn(&[]);
    assert!(out.ends_with("1. e4 $1 {best by test} 1... e5 2. Nc3 $5 {a quiet move} *\n"), "{out}");
    assert!(out.contains("[ECO \"C20\"]") && !out.contains("Annotator"), "{out}");
    assert!(q.annotate(9, Some("x"), None).unwrap_err().to_string().contains("ply 9 does not exist"));
    assert!(q.set_tags(&[("Result".into(), "1-0".into())]).is_err());
    assert!(q.set_tags(&[("Bad Name".into(), "x".into())]).is_err());
    q.resign("white").unwrap();
    assert!(q.pgn(&[]).contains("[Termination \"White resigns\"]"));

    let games = Position::read_pgn(&format!("{text}\n[Event \"two\"]\n\n1. d4 *\n")).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tags(), [("Event".to_owned(), "two".to_owned())]);
    let err = Position::read_pgn("1. e4 *\n\n1. e4 e5\n2. Ke3 *").unwrap_err();
    assert_eq!(err.to_string(), "invalid PGN: game 2, line 4: move 2. Ke3: illegal move \"Ke3\"");
}

/// A value of the wrong type or sign is named in the caller's words, not serde's.
#[test]
fn bad_option_values_are_named_in_the_callers_words() {
    let message = |json: &str| options_from_json(json, 1).unwrap_err().to_string();
    assert_eq!(
        message(r#"{"moveTimeMs": -5}"#),
        "invalid options: moveTimeMs must be a whole number of 0 or more, got -5"
    );
    assert_eq!(message(r#"{"nodes": 1.5}"#), "invalid options: nodes must be a whole number of 0 or more, got 1.5");
    assert_eq!(
        message(r#"{"level": "3"}"#),
        "invalid options: level must be a whole number from 1 to 5, got the string \"3\""
    );
    assert_eq!(message(r#"{"book": 1}"#), "invalid options: book must be true or false, got 1");
    assert_eq!(
        message(r#"{"depthOptions": {"base": "x"}}"#),
        "invalid options: depthOptions.base must be a whole number, got the string \"x\""
    );
    assert!(
        message(r#"{"lvl": 2}"#).starts_with("invalid options: unknown option 'lvl' (the options are level, elo,"),
        "{}",
        message(r#"{"lvl": 2}"#)
    );
    assert!(message("[1,2").starts_with("invalid options: not valid JSON"), "{}", message("[1,2"));
    let limits = limits_from_json(r#"{"moveTimeMs": -5}"#).err().unwrap().to_string();
    assert_eq!(limits, "invalid options: moveTimeMs must be a whole number of 0 or more, got -5");
}

/// The rejection reasons the package's TypeScript is generated from (`boundaryWords()`, read by
/// web/packages/engine/scripts/gen-tables.mjs) are chess-core's kinds (`MoveRejection::KINDS`,
/// which chess-core's own test holds to every variant) and nothing else but `game-over` (this
/// crate's own); types.ts makes its union of them, not of a copy.
#[test]
fn typescript_knows_every_rejection_reason() {
    let types = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/packages/engine/src/types.ts"))
        .unwrap();
    assert!(types.contains("export type RejectionReason = (typeof REJECTION_REASONS)[number];"));
    let words: serde_json::Value = serde_json::from_str(&chess_wasm::boundary_words()).unwrap();
    let in_ts: Vec<&str> = words["rejectionReasons"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    let in_rust: Vec<&str> = chess_core::MoveRejection::KINDS.iter().copied().chain(["game-over"]).collect();
    assert_eq!(in_ts, in_rust);
}

/// Every code an error of this crate carries is one the package's `ChessErrorCode` union
/// (web/packages/engine/src/errors.ts) names.
#[test]
fn typescript_knows_every_error_code() {
    use chess_wasm::Error;
    let errors =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/packages/engine/src/errors.ts"))
            .unwrap();
    let union = errors.split("export type ChessErrorCode =").nth(1).unwrap().split(';').next().unwrap();
    let in_ts: Vec<&str> = union.split('\'').skip(1).step_by(2).collect();
    let fen = Position::new(Some("x")).unwrap_err();
    let mut game = Position::new(None).unwrap();
    let errors = [
        fen,
        Position::from_pgn("1. e4 e5 2. Ke3").unwrap_err(),
        Position::read_pgn("1. e4 *\n\n1. Ke3 *").unwrap_err(),
        game.play("Ke3").unwrap_err(),
        game.play("hello").unwrap_err(),
        game.play_from_to("e2", "e5", None).unwrap_err(),
        game.play_from_to("z9", "e4", None).unwrap_err(),
        game.play_from_to("e7", "e8", Some("x")).unwrap_err(),
        Position::from_edit("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err(),
        game.set_tags(&[("Result".into(), "1-0".into())]).unwrap_err(),
        game.resign("purple").unwrap_err(),
        game.add_variation(&[9], &["e4"]).unwrap_err(),
        chess_wasm::net::load(&[0; 16]).unwrap_err(),
        game.annotated_pgn(&[], "{}").unwrap_err(),
        Error::Ai(chess_ai::AiError::NoLegalMove(chess_core::GameStatus::Stalemate)),
        Error::Ai(chess_ai::AiError::SearchPanicked),
        Error::ReviewFailed(chess_ai::review::ReviewError::Budget("nodes".into())),
    ];
    let mut codes: Vec<&str> = errors.iter().map(Error::code).collect();
    game.resign("white").unwrap();
    codes.push(game.play("e4").unwrap_err().code());
    for code in &codes {
        assert!(in_ts.contains(code), "{code} is not in ChessErrorCode");
    }
    let expected = [
        "INVALID_FEN",
        "INVALID_PGN",
        "INVALID_PGN",
        "ILLEGAL_MOVE",
        "INVALID_MOVE",
        "ILLEGAL_MOVE",
        "INVALID_SQUARE",
        "INVALID_ARGUMENT",
        "INVALID_FEN",
        "INVALID_OPTION",
        "INVALID_ARGUMENT",
        "INVALID_ARGUMENT",
        "INVALID_NET",
        "INVALID_REVIEW",
        "GAME_OVER",
        "INTERNAL",
        "INVALID_OPTION",
        "GAME_OVER",
    ];
    assert_eq!(codes, expected);
}

/// The keys of an interface in web/packages/engine/src/types.ts (`name?:` lines at its top level).
fn typescript_keys(interface: &str) -> Vec<String> {
    let types = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/packages/engine/src/types.ts"))
        .unwrap();
    let body = types.split(&format!("export interface {interface} {{")).nth(1).unwrap().split("\n}").next().unwrap();
    let mut keys: Vec<String> = body
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.trim().split_once("?:").map(|(k, _)| k.to_owned()))
        .collect();
    keys.sort();
    keys
}

/// The fields the boundary reads, from serde's own list of them.
fn boundary_keys(read: impl Fn(&str) -> String) -> Vec<String> {
    let message = read(r#"{"notAnOption": 1}"#);
    let known = message.split("the options are ").nth(1).unwrap().trim_end_matches(')');
    let mut keys: Vec<String> = known.split(", ").map(|k| k.trim_start_matches("or ").to_owned()).collect();
    keys.sort();
    keys
}

/// One shape for the options and the limits: the TypeScript types name exactly the fields the
/// Rust boundary reads (which alone validates them; TypeScript keeps no list of its own).
#[test]
fn typescript_options_and_limits_are_the_boundarys() {
    let options = boundary_keys(|json| options_from_json(json, 1).unwrap_err().to_string());
    assert_eq!(typescript_keys("AiOptions"), options);
    let limits = boundary_keys(|json| limits_from_json(json).err().unwrap().to_string());
    let mut ts = typescript_keys("ThinkOptions");
    // Handled on the JavaScript side: which search to run and the progress callback.
    ts.retain(|k| k != "mode" && k != "onProgress");
    assert_eq!(ts, limits);
}

/// The fixture the npm package's bench tests read: on the compiled-in net (`s6-128-hm-1000`) the
/// wasm build's `bench` searches `nodes`; on the native build's net, loaded (`loadNet`), exactly
/// the nodes of the native `chess bench` (the search signature, `Bench:` in the commit messages).
#[test]
fn bench_fixture_holds_natively() {
    let fixture = fixture("bench.json");
    let depth = fixture["depth"].as_i64().unwrap() as i32;
    let answer: serde_json::Value = serde_json::from_str(&chess_wasm::bench(depth).unwrap()).unwrap();
    assert_eq!(answer["nodes"], fixture["nodes"], "a search change: update tests/data/bench.json");
    let native = chess_ai::bench::bench(depth, 16, chess_ai::bench::BenchEval::Net, None, |_, _, _| {}).unwrap();
    assert_eq!(fixture["native"]["net"], chess_eval::Network::embedded().name());
    assert_eq!(
        fixture["native"]["nodes"], native.nodes,
        "a search or net change: update tests/data/bench.json to `chess bench`'s nodes"
    );
}

#[test]
fn a_draw_that_could_be_claimed_leaves_the_clocks_running_and_a_draw_to_agree() {
    // Threefold repetition (a draw to claim, not an end): the flag of the side that did not claim
    // it falls, and it loses, as a resignation there loses (chess-core's deciding decision).
    let threefold = || {
        let mut game = Position::new(None).unwrap();
        for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            game.play(m).unwrap();
        }
        assert_eq!(game.state().status, "threefold-repetition");
        game
    };
    let mut flagged = threefold();
    flagged.flag("white").unwrap();
    let s = flagged.state();
    assert_eq!((s.status, s.result), ("time-forfeit", "0-1"));
    assert!(flagged.pgn(&[]).contains("[Termination \"White forfeits on time\"]"), "{}", flagged.pgn(&[]));
    let mut agreed = threefold();
    agreed.agree_draw().unwrap();
    assert_eq!((agreed.state().status, agreed.state().result), ("draw-agreed", "1/2-1/2"));
    // The fifty-move rule likewise.
    let mut fifty = Position::new(Some("7k/8/8/8/8/8/R7/K7 b - - 100 80")).unwrap();
    assert_eq!(fifty.state().status, "fifty-move-rule");
    fifty.flag("black").unwrap();
    assert_eq!((fifty.state().status, fifty.state().result), ("time-forfeit", "1-0"));
}

/// The npm package's review module is given the game as its PGN (`reviewPgn`, `annotatePgn`):
/// the review and the annotated PGN are the same as the game's own, whatever the game carries
/// (a resignation, a fallen flag, an agreed draw, a set-up start, Chess960 castling, comments and
/// NAGs, moves past a claimable draw).
#[test]
fn the_review_module_reads_the_game_as_the_game_itself() {
    let mut games = Vec::new();
    let mut resigned = Position::from_pgn("{Start} 1. e4 $1 {best by test} e5 2. Qh5 Nc6 3. Bc4 Nf6").unwrap();
    resigned.resign("black").unwrap();
    games.push(resigned);
    let mut flagged = Position::from_pgn("1. d4 d5 2. c4 e6").unwrap();
    flagged.flag("white").unwrap();
    games.push(flagged);
    let mut agreed = Position::from_pgn("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4").unwrap();
    agreed.agree_draw().unwrap();
    games.push(agreed);
    games.push(
        Position::new(Some("4k3/8/8/8/8/8/4P3/4K2R w K - 3 40"))
            .map(|mut p| {
                p.play("O-O").unwrap();
                p.play("Kd7").unwrap();
                p
            })
            .unwrap(),
    );
    let mut c960 = Position::chess960(3).unwrap();
    for m in ["g2g3", "g7g6", "f1g2", "f8g7", "e1f1"] {
        c960.play(m).unwrap();
    }
    games.push(c960);
    for game in &games {
        let pgn = game.pgn(&[]);
        let again = Position::from_pgn(&pgn).unwrap();
        let options = r#"{"nodes": 2000, "bookPlies": 0}"#;
        let review = chess_wasm::review(game, options, &SearchControl::new(), &mut |_, _| {}).unwrap();
        assert_eq!(
            chess_wasm::review(&again, options, &SearchControl::new(), &mut |_, _| {}).unwrap(),
            review,
            "{pgn}"
        );
        let tags = [("White".into(), "You".into()), ("Event".into(), "Club".into())];
        let direct = game.annotated_pgn(&tags, &review).unwrap();
        assert_eq!(chess_wasm::annotated_pgn(&pgn, &tags, &review).unwrap(), direct, "{pgn}");
    }
}

/// A PGN's variations come back in `history()` as a tree (each move with its SAN, UCI, FEN,
/// ply, path, comment, NAGs and variations) and in `pgn()` as they were read.
#[test]
fn variations_are_kept_from_import_to_export() {
    let text = "[Event \"v\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
                1. e4 e5 (1... c5 $5 {Sicilian} 2. Nf3 (2. c3 d5) 2... d6) ({French} 1... e6)\n2. Nf3 *\n";
    let p = Position::from_pgn(text).unwrap();
    assert_eq!(p.pgn(&[]), text);
    let history = p.history();
    assert!(history[0].variations.is_empty() && history[2].variations.is_empty());
    let [sicilian, french] = &history[1].variations[..] else { panic!("{:?}", history[1].variations) };
    assert_eq!(french.comment.as_deref(), Some("French"));
    assert_eq!(french.moves[0].mv.san, "e6");
    let c5 = &sicilian.moves[0];
    assert_eq!((c5.mv.san.as_str(), c5.mv.uci.as_str(), c5.ply, c5.path.as_slice()), ("c5", "c7c5", 2, &[2, 0, 0][..]));
    assert_eq!(c5.fen, "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!((c5.comment.as_deref(), c5.nags.as_slice()), (Some("Sicilian"), &[5][..]));
    let nf3 = &sicilian.moves[1];
    assert_eq!((nf3.ply, nf3.path.as_slice()), (3, &[2, 0, 1][..]));
    let c3 = &nf3.variations[0].moves[0];
    assert_eq!((c3.mv.san.as_str(), c3.ply, c3.path.as_slice()), ("c3", 3, &[2, 0, 1, 0, 0][..]));
    assert_eq!(nf3.variations[0].moves[1].path, [2, 0, 1, 0, 1]);
    assert_eq!(sicilian.moves[2].mv.san, "d6");
    // The JSON the package parses: every key, nested variations too.
    let json: serde_json::Value = serde_json::from_str(&chess_wasm::json::to_string(&history)).unwrap();
    let c3 = &json[1]["variations"][0]["moves"][1]["variations"][0]["moves"][0];
    assert_eq!(c3["san"], "c3");
    assert_eq!(c3["path"], serde_json::json!([2, 0, 1, 0, 0]));
    assert_eq!(c3["variations"], serde_json::json!([]));
    assert_eq!(json[1]["variations"][1]["comment"], "French");
    assert_eq!(json[0]["variations"], serde_json::json!([]));
}

#[test]
fn variations_are_added_merged_and_removed() {
    let mut p = Position::from_pgn("1. e4 e5 2. Nf3 Nc6 *").unwrap();
    let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // SAN or UCI, from the position before ply 2's move.
    assert_eq!(p.add_variation(&[2], &moves(&["c7c5", "Nf3", "d6"])).unwrap(), [2, 0, 2]);
    // The main line's own move is followed: the first move that leaves it is the variation.
    assert_eq!(p.add_variation(&[2], &moves(&["e5", "Bc4"])).unwrap(), [3, 0, 0]);
    // The same first move as a variation's follows it, and goes on at its end.
    assert_eq!(p.add_variation(&[2], &moves(&["c5", "Nf3", "d6", "d4"])).unwrap(), [2, 0, 3]);
    // ... or branches where it leaves it.
    assert_eq!(p.add_variation(&[2], &moves(&["c5", "Nf3", "Nc6"])).unwrap(), [2, 0, 2, 0, 0]);
    // Everything there already: nothing added, the path of the last.
    assert_eq!(p.add_variation(&[2], &moves(&["c5", "Nf3"])).unwrap(), [2, 0, 1]);
    assert_eq!(p.add_variation(&[1], &moves(&["e4", "e5"])).unwrap(), [2]);
    // Another first move: a second variation.
    assert_eq!(p.add_variation(&[2], &moves(&["e6"])).unwrap(), [2, 1, 0]);
    // A variation of a variation's move, by its path.
    assert_eq!(p.add_variation(&[2, 0, 1], &moves(&["c3"])).unwrap(), [2, 0, 1, 0, 0]);
    let out = p.pgn(&[]).replace('\n', " ");
    assert!(
        out.contains("1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6 (2... Nc6) 3. d4) (1... e6) 2. Nf3 (2. Bc4) 2... Nc6 *"),
        "{out}"
    );
    // Read back, the same tree.
    assert_eq!(Position::from_pgn(&p.pgn(&[])).unwrap().history(), p.history());

    // Continued: at a variation's end, on; inside it, a variation of the next move (merged).
    assert_eq!(p.continue_variation(&[2, 0, 3], &moves(&["cxd4"])).unwrap(), [2, 0, 4]);
    assert_eq!(p.continue_variation(&[2, 0, 0], &moves(&["Nf3", "e6"])).unwrap(), [2, 0, 2, 1, 0]);
    assert_eq!(p.continue_variation(&[2, 1, 0], &moves(&["d4", "d5"])).unwrap(), [2, 1, 2]);
    assert_eq!(p.continue_variation(&[0], &moves(&["d4"])).unwrap(), [1, 0, 0]);
    assert_eq!(p.continue_variation(&[1], &moves(&["c6"])).unwrap(), [2, 2, 0]);
    let history = p.history();
    let sans = |v: &chess_wasm::position::VariationInfo| v.moves.iter().map(|m| m.mv.san.clone()).collect::<Vec<_>>();
    assert_eq!(sans(&history[1].variations[0]), ["c5", "Nf3", "d6", "d4", "cxd4"]);
    assert_eq!(sans(&history[1].variations[1]), ["e6", "d4", "d5"]);
    assert_eq!(sans(&history[0].variations[0]), ["d4"]);

    // Removed: the later ones move up.
    p.remove_variation(&[2], 1).unwrap();
    assert_eq!(sans(&p.history()[1].variations[1]), ["c6"]);
    p.remove_variation(&[2, 0, 2], 0).unwrap();
    assert_eq!(p.history()[1].variations[0].moves[2].variations.len(), 1);
    let err = p.remove_variation(&[2], 5).unwrap_err();
    assert_eq!(
        (err.code(), err.to_string().as_str()),
        ("INVALID_ARGUMENT", "no variation 5 at [2]: the move there has 2 variations")
    );
}

#[test]
fn variations_refuse_what_they_cannot_add() {
    let mut p = Position::from_pgn("1. e4 e5 *").unwrap();
    let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let code = |r: Result<Vec<usize>, chess_wasm::Error>| r.unwrap_err().code();
    // An illegal move anywhere in the line: nothing is added.
    let err = p.add_variation(&[2], &moves(&["c5", "Ke3"])).unwrap_err();
    assert_eq!(err.code(), "ILLEGAL_MOVE");
    assert!(err.to_string().starts_with("Ke3: "), "{err}");
    assert_eq!(code(p.add_variation(&[2], &moves(&["hello"]))), "INVALID_MOVE");
    assert!(p.history()[1].variations.is_empty());
    // A path to no move, no moves, past the end of the game.
    for path in [&[][..], &[0], &[3], &[2, 0], &[2, 0, 0], &[1, 0, 0, 0]] {
        assert_eq!(code(p.add_variation(path, &moves(&["d4"]))), "INVALID_ARGUMENT", "{path:?}");
    }
    assert_eq!(code(p.add_variation(&[2], &[] as &[&str])), "INVALID_ARGUMENT");
    let err = p.add_variation(&[2], &moves(&["e5", "Nf3"])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the game ends at ply 2: moves after it are played on the game, not added as a variation"
    );
    assert_eq!(code(p.continue_variation(&[2], &moves(&["Nf3"]))), "INVALID_ARGUMENT");
    assert_eq!(p.remove_variation(&[2], 0).unwrap_err().code(), "INVALID_ARGUMENT");
    assert_eq!(p.remove_variation(&[7], 0).unwrap_err().code(), "INVALID_ARGUMENT");
    assert!(p.history().iter().all(|h| h.variations.is_empty()));
    // Nested as deep as the PGN reader reads, and no deeper.
    let mut p = Position::from_pgn("1. e4 *").unwrap();
    let mut path = vec![1];
    for depth in 1..=chess_core::MAX_VARIATION_DEPTH {
        path = p.add_variation(&path, &moves(&[if depth % 2 == 1 { "d4" } else { "c4" }])).unwrap();
        assert_eq!(path.len(), 1 + 2 * depth);
    }
    assert_eq!(code(p.add_variation(&path, &moves(&["Nf3"]))), "INVALID_ARGUMENT");
    let text = p.pgn(&[]);
    assert_eq!(Position::from_pgn(&text).unwrap().pgn(&[]), text);
}

#[test]
fn undo_drops_the_variations_of_the_move_taken_back() {
    let mut p = Position::from_pgn("1. e4 e5 (1... c5) 2. Nf3 (2. Nc3) *").unwrap();
    p.undo();
    assert_eq!(p.history().len(), 2);
    assert_eq!(p.history()[1].variations.len(), 1);
    assert!(p.pgn(&[]).ends_with("1. e4 e5 (1... c5) *\n"), "{}", p.pgn(&[]));
    // Played again, the move has none.
    p.play("Nf3").unwrap();
    assert!(p.history()[2].variations.is_empty());
    p.undo();
    p.undo();
    assert!(p.pgn(&[]).ends_with("1. e4 *\n"));
    // Variations of a Chess960 game: castling by its rules' names.
    let mut p = Position::chess960(518).unwrap();
    p.play("e4").unwrap();
    p.play("e5").unwrap();
    assert_eq!(p.add_variation(&[1], &["Nf3", "Nf6", "g3"]).unwrap(), [1, 0, 2]);
    assert_eq!(p.history()[0].variations[0].moves[0].mv.uci, "g1f3");
}
