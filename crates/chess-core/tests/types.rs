//! The small types agree with each other: what one prints, the others parse, and each refuses
//! the same malformed input.

use chess_core::{Board, File, Move, Rank, Role, Square};

#[test]
fn squares_and_files_parse_lowercase_only() {
    assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
    assert!("E4".parse::<Square>().is_err());
    assert!("e9".parse::<Square>().is_err());
    assert!("i1".parse::<Square>().is_err());
    assert!("e".parse::<Square>().is_err());
    assert!("e44".parse::<Square>().is_err());
    assert_eq!(File::from_char('e'), Some(File::E));
    assert_eq!(File::from_char('E'), None);
    assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
    assert_eq!(Rank::from_char('9'), None);
    for sq in Square::ALL {
        let text = sq.to_string();
        assert_eq!(text.parse::<Square>(), Ok(sq));
        assert_eq!(File::from_char(text.chars().next().unwrap()), Some(sq.file()));
        assert_eq!(Rank::from_char(text.chars().nth(1).unwrap()), Some(sq.rank()));
    }
}

#[test]
fn indices_go_both_ways() {
    for (i, sq) in Square::ALL.into_iter().enumerate() {
        assert_eq!(sq.index(), i);
        assert_eq!(Square::from_index(i), sq);
        assert_eq!(Square::try_from_index(i), Some(sq));
    }
    assert_eq!(Square::try_from_index(64), None);
    for (i, file) in File::ALL.into_iter().enumerate() {
        assert_eq!(File::from_index(i), file);
    }
    assert_eq!(File::try_from_index(8), None);
    assert_eq!(Role::try_from_index(Role::NUM), None);
}

#[test]
#[should_panic(expected = "square index out of range")]
fn square_from_index_refuses_64() {
    let _ = Square::from_index(64);
}

#[test]
fn moves_promote_only_to_the_four_pieces() {
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mv = Move::try_new(Square::E7, Square::E8, Some(role)).unwrap();
        assert_eq!(mv.promotion(), Some(role));
        assert_eq!(Move::new(Square::E7, Square::E8, Some(role)), mv);
    }
    assert_eq!(Move::try_new(Square::E7, Square::E8, Some(Role::King)), None);
    assert_eq!(Move::try_new(Square::E7, Square::E8, Some(Role::Pawn)), None);
    assert_eq!(Move::try_new(Square::E2, Square::E4, None).unwrap().promotion(), None);
}

#[test]
#[should_panic(expected = "can only promote to a knight, bishop, rook or queen")]
fn move_new_refuses_a_king_promotion() {
    let _ = Move::new(Square::E7, Square::E8, Some(Role::King));
}

#[test]
fn uci_refuses_king_and_pawn_promotions_as_syntax() {
    let board: Board = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1".parse().unwrap();
    assert!(board.parse_uci("e7e8q").is_ok());
    assert!(board.parse_uci("e7e8Q").is_ok());
    for bad in ["e7e8k", "e7e8p", "e7e8x", "E7e8q"] {
        let err = board.parse_uci(bad).unwrap_err();
        assert!(err.to_string().contains(bad), "{bad}: {err}");
    }
}

#[test]
fn shredder_fen_castling_files_still_parse() {
    // Chess960 castling rights by file letter: uppercase for White, lowercase for Black.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let board: Board = fen.parse().unwrap();
    // Printed in X-FEN, where the outermost rooks' rights read `KQkq`.
    assert_eq!(board.to_string(), fen.replace("HFhf", "KQkq"));
    assert_eq!(board.legal_moves().len(), 21);
}
