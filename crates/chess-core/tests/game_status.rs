//! Game status: mate, stalemate and every draw rule.

use chess_core::{Board, Color, Decision, Game, GameStatus};

fn play(game: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut game = Game::new();
    play(&mut game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7");
    assert_eq!(game.status(), GameStatus::Checkmate { winner: Color::White });
    assert_eq!(game.status().result(), "1-0");

    let game = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(game.status(), GameStatus::Stalemate);
    assert_eq!(game.status().result(), "1/2-1/2");
}

#[test]
fn fifty_move_rule_counts_plies_and_yields_to_mate() {
    let mut game = Game::from_fen("7k/8/8/8/8/8/R7/K7 w - - 99 80").unwrap();
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Rb2");
    assert_eq!(game.board().halfmove_clock(), 100);
    assert_eq!(game.status(), GameStatus::FiftyMoveRule);

    // A pawn move resets the clock.
    let mut game = Game::from_fen("7k/8/8/8/8/8/P7/K5R1 w - - 99 80").unwrap();
    play(&mut game, "a3");
    assert_eq!(game.status(), GameStatus::Ongoing);

    // Mate on the hundredth ply stands.
    let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80").unwrap();
    play(&mut game, "Ra8#");
    assert_eq!(game.board().halfmove_clock(), 100);
    assert_eq!(game.status(), GameStatus::Checkmate { winner: Color::White });
}

#[test]
fn threefold_repetition() {
    let mut game = Game::new();
    play(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // The position after Ng1 (black to move) has occurred twice.
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Ng8");
    // The start position, white to move, has now occurred three times.
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition);
}

#[test]
fn repetition_through_different_move_orders() {
    let mut game = Game::new();
    // Position P = after 1. Nf3 Nf6 2. Nc3 Nc6.
    play(&mut game, "Nf3 Nf6 Nc3 Nc6");
    assert_eq!(game.repetitions(), 1);
    // Back to the start position by another route, then P again by a different order.
    play(&mut game, "Nb1 Nb8 Ng1 Ng8 Nc3 Nc6 Nf3 Nf6");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Ng1 Ng8 Nb1 Nb8 Nc3 Nf6 Nf3 Nc6");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition);
}

#[test]
fn lost_castling_right_breaks_the_repetition() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    // Rh1-h2-h1 loses the right: the positions before and after differ.
    play(&mut game, "Rh2 Kd8 Rh1 Ke8");
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "Rh2 Kd8 Rh1 Ke8");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), GameStatus::Ongoing);
    play(&mut game, "Rh2 Kd8 Rh1 Ke8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition);
}

#[test]
fn en_passant_right_distinguishes_positions() {
    // After ...d5 white may take en passant; the same placement later, without that right, is
    // a different position.
    let mut game = Game::from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").unwrap();
    play(&mut game, "d5");
    assert!(game.board().en_passant().is_some());
    play(&mut game, "Kd2 Kd7 Ke1 Ke8");
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "Kd2 Kd7 Ke1 Ke8");
    assert_eq!(game.repetitions(), 2);
    // A double push with no pawn able to take leaves no en-passant right at all.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut game, "e4");
    assert_eq!(game.board().en_passant(), None);
}

#[test]
fn insufficient_material() {
    let drawn = [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",     // K v K
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",    // K+N v K
        "8/8/8/4k3/8/8/8/4KB2 w - - 0 1",    // K+B v K
        "8/8/8/4kb2/8/8/8/4KB2 w - - 0 1",   // K+B v K+B, same colour (f5 and f1 are both light)
        "8/8/8/4k3/8/8/3B4/2B1K3 w - - 0 1", // two bishops on dark squares
    ];
    for fen in drawn {
        let game = Game::from_fen(fen).unwrap();
        assert_eq!(game.status(), GameStatus::InsufficientMaterial, "{fen}");
    }
    let playable = [
        "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", // bishops on both colours
        "8/8/8/4kb2/8/8/8/2B1K3 w - - 0 1", // opposite-coloured bishops
        "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",  // two knights
        "8/8/8/4kn2/8/8/8/4KN2 w - - 0 1",  // knight each
        "8/8/8/4k3/8/8/7P/4K3 w - - 0 1",   // a pawn
        "8/8/8/4k3/8/8/8/4KR2 w - - 0 1",   // a rook
    ];
    for fen in playable {
        let board: Board = fen.parse().unwrap();
        assert!(!board.is_insufficient_material(), "{fen}");
    }
}

#[test]
fn who_can_still_mate_when_a_flag_falls() {
    let can = |fen: &str, color: Color| fen.parse::<Board>().unwrap().can_mate(color);
    // Bare king; a lone knight against a king, or against a king and queen.
    assert!(!can("8/8/8/4k3/8/8/8/4K3 w - - 0 1", Color::White));
    assert!(!can("8/8/8/4k3/8/8/8/4KN2 w - - 0 1", Color::White));
    assert!(!can("8/8/8/3qk3/8/8/8/4KN2 w - - 0 1", Color::White));
    // A lone knight against a rook can (the rook blocks a flight square in a helpmate).
    assert!(can("8/8/8/3rk3/8/8/8/4KN2 w - - 0 1", Color::White));
    // Bishops on one colour: not against a bishop of the same colour; yes against one of the
    // other colour, a knight or a pawn; bishops of both colours always.
    assert!(!can("8/8/8/4k3/8/2b5/8/2B1K3 w - - 0 1", Color::White));
    assert!(can("8/8/8/4k3/8/3b4/8/2B1K3 w - - 0 1", Color::White));
    assert!(can("8/8/8/4k3/8/3n4/8/2B1K3 w - - 0 1", Color::White));
    assert!(can("8/8/8/4k3/8/8/8/2BBK3 w - - 0 1", Color::White));
    // A pawn can (it promotes).
    assert!(can("8/8/8/4k3/8/8/P7/4K3 w - - 0 1", Color::White));
}

#[test]
fn a_flag_loses_unless_the_other_side_cannot_mate() {
    // Black's flag falls with a pawn to play for; White has a bare king: a draw.
    let mut game = Game::from_fen("8/4p3/8/4k3/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(game.flag(Color::Black), Decision::TimeoutDraw { flagged: Color::Black });
    assert_eq!(game.result(), "1/2-1/2");
    assert!(game.to_pgn(&[]).contains("[Termination \"Black's time ran out; White cannot mate: draw\"]"));
    // White's flag falls in the same position: Black's pawn can still mate, so White loses.
    let mut game = Game::from_fen("8/4p3/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(game.flag(Color::White), Decision::TimeForfeit { loser: Color::White });
    assert_eq!(game.result(), "0-1");
}

#[test]
fn fivefold_repetition_ends_the_game_without_a_claim() {
    let mut game = Game::new();
    let shuffle = "Nf3 Nf6 Ng1 Ng8";
    play(&mut game, &[shuffle; 2].join(" "));
    assert_eq!((game.repetitions(), game.status()), (3, GameStatus::ThreefoldRepetition));
    assert!(game.status().is_claimable());
    play(&mut game, shuffle);
    assert_eq!((game.repetitions(), game.status()), (4, GameStatus::ThreefoldRepetition));
    play(&mut game, "Nf3 Nf6 Ng1");
    // The position after Ng1 (Black to move) has occurred four times: not yet five.
    assert_eq!((game.repetitions(), game.status()), (4, GameStatus::ThreefoldRepetition));
    play(&mut game, "Ng8");
    assert_eq!((game.repetitions(), game.status()), (5, GameStatus::FivefoldRepetition));
    let status = game.status();
    assert!(status.is_over() && !status.is_claimable());
    assert_eq!((status.result(), status.reason()), ("1/2-1/2", "fivefold repetition"));
    assert_eq!(game.result(), "1/2-1/2");
    game.undo();
    assert_eq!(game.status(), GameStatus::ThreefoldRepetition, "taken back: four times again");
}

#[test]
fn seventy_five_move_rule_ends_the_game_and_yields_to_mate() {
    let mut game = Game::from_fen("7k/8/8/8/8/8/R7/K7 w - - 148 120").unwrap();
    assert_eq!(game.status(), GameStatus::FiftyMoveRule);
    play(&mut game, "Rb2");
    assert_eq!((game.board().halfmove_clock(), game.status()), (149, GameStatus::FiftyMoveRule));
    play(&mut game, "Kg8");
    assert_eq!((game.board().halfmove_clock(), game.status()), (150, GameStatus::SeventyFiveMoveRule));
    let status = game.status();
    assert!(status.is_over() && !status.is_claimable());
    assert_eq!((status.result(), status.reason()), ("1/2-1/2", "seventy-five-move rule"));

    // A mate on the 150th ply stands (FIDE 9.6.2).
    let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120").unwrap();
    play(&mut game, "Ra8#");
    assert_eq!(game.board().halfmove_clock(), 150);
    assert_eq!(game.status(), GameStatus::Checkmate { winner: Color::White });

    // A capture or pawn move on it resets the clock, as for fifty moves.
    let mut game = Game::from_fen("7k/8/8/8/8/8/P7/K5R1 w - - 149 120").unwrap();
    play(&mut game, "a3");
    assert_eq!(game.status(), GameStatus::Ongoing);
}

#[test]
fn which_draw_rule_is_reported_when_several_hold() {
    // Insufficient material first (the game was dead before any repetition).
    let mut bare = Game::from_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    play(&mut bare, &["Kd1 Kd5 Ke1 Ke5"; 4].join(" "));
    assert_eq!(bare.repetitions(), 5);
    assert_eq!(bare.status(), GameStatus::InsufficientMaterial);
    // Five repetitions over 150 plies, which are over three repetitions.
    let mut game = Game::from_fen("7k/8/8/8/8/8/R7/K7 w - - 150 120").unwrap();
    assert_eq!(game.status(), GameStatus::SeventyFiveMoveRule);
    play(&mut game, &["Rb2 Kg8 Ra2 Kh8"; 2].join(" "));
    assert_eq!((game.repetitions(), game.status()), (3, GameStatus::SeventyFiveMoveRule));
    play(&mut game, &["Rb2 Kg8 Ra2 Kh8"; 2].join(" "));
    assert_eq!((game.repetitions(), game.status()), (5, GameStatus::FivefoldRepetition));
}
