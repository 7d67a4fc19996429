//! Board::explain: every reason a typed move is refused, and the moves it accepts.

use chess_core::{Board, CastleSide, Color, MoveRejection, Role, Square};

fn board(fen: &str) -> Board {
    fen.parse().unwrap()
}

fn why(b: &Board, text: &str) -> MoveRejection {
    match b.explain(text) {
        Err(e) => e,
        Ok(mv) => panic!("{text} was accepted as {mv:?}"),
    }
}

#[test]
fn legal_moves_in_san_and_uci_in_any_case() {
    let start = Board::startpos();
    let e4 = start.parse_uci("e2e4").unwrap();
    for text in ["e4", "e2e4", "E2E4", " e4 ", "e4!", "e4+"] {
        assert_eq!(start.explain(text), Ok(e4), "{text}");
    }
    let promo = board("8/4P1k1/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(promo.explain("e8=N"), Ok(promo.parse_uci("e7e8n").unwrap()));
    assert_eq!(promo.explain("e7e8N"), Ok(promo.parse_uci("e7e8n").unwrap()));
}

#[test]
fn unreadable() {
    let start = Board::startpos();
    for text in ["hello", "Zz9", "", "e9", "Nf"] {
        let e = why(&start, text);
        assert_eq!(e.kind(), "unreadable", "{text}: {e:?}");
    }
}

#[test]
fn no_piece_there_and_not_your_piece() {
    let start = Board::startpos();
    assert_eq!(why(&start, "e3e4"), MoveRejection::NoPieceThere(Square::E3));
    assert_eq!(why(&start, "e3e4").to_string(), "there is no piece on e3");
    let e = why(&start, "e7e5");
    assert_eq!(e, MoveRejection::NotYourPiece { square: Square::E7, role: Role::Pawn, color: Color::Black });
    assert_eq!(e.to_string(), "the pawn on e7 is Black's");
}

#[test]
fn own_piece_there_and_cannot_move_there() {
    let start = Board::startpos();
    assert_eq!(why(&start, "Nd2"), MoveRejection::OwnPieceThere { square: Square::D2, role: Role::Pawn });
    assert_eq!(why(&start, "Ke2").to_string(), "your own pawn is on e2");
    assert_eq!(why(&start, "e5").to_string(), "no pawn of yours can go to e5");
    assert_eq!(why(&start, "Ke3").to_string(), "your king cannot go to e3");
    assert_eq!(
        why(&start, "e2e5"),
        MoveRejection::PieceCannotMoveThere { from: Some(Square::E2), role: Role::Pawn, to: Square::E5 }
    );
    assert_eq!(why(&start, "Nbd4").to_string(), "no knight of yours can go to d4");
    // `bb4` names no pawn move (a push never names its file): the bishop's, in lower case.
    assert_eq!(why(&start, "bb4").to_string(), "no bishop of yours can go to b4");
    assert_eq!(why(&start, "exd3").kind(), "piece-cannot-move-there");
}

#[test]
fn check_pins_and_the_king_walking_into_check() {
    let check = board("4r1k1/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(why(&check, "Nb3"), MoveRejection::DoesNotAnswerCheck);
    let pinned = board("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    let e = why(&pinned, "Nc3");
    assert_eq!(e, MoveRejection::PiecePinned { role: Role::Knight, pinner_role: Role::Rook, pinner: Square::E8 });
    assert_eq!(e.to_string(), "it would leave your king in check: the rook on e8 pins your knight");
    // Only the f3 knight could reach d4, and the h5 bishop pins it; the b1 knight cannot go there.
    let two = board("6k1/8/8/7b/8/5N2/8/1N1K4 w - - 0 1");
    assert_eq!(why(&two, "Nfd4").kind(), "piece-pinned");
    assert_eq!(why(&two, "Nbd4").kind(), "piece-cannot-move-there");
    let walk = board("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(why(&walk, "Ke1"), MoveRejection::KingWouldBeInCheck(Square::E1));
    assert_eq!(why(&walk, "d1e2").kind(), "king-would-be-in-check");
}

#[test]
fn castling_reasons() {
    let start = Board::startpos();
    assert_eq!(why(&start, "O-O"), MoveRejection::CastlingBlocked(CastleSide::Short));
    assert_eq!(why(&start, "e1g1"), MoveRejection::CastlingBlocked(CastleSide::Short));
    let through = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(through.explain("O-O").is_ok() && through.explain("0-0-0").is_ok());
    let attacked = board("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(why(&attacked, "O-O"), MoveRejection::CastlingThroughCheck(CastleSide::Short));
    let checked = board("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(why(&checked, "O-O-O"), MoveRejection::CastlingOutOfCheck);
    let lost = board("6k1/8/8/8/8/8/8/R3K2R w K - 0 1");
    assert_eq!(why(&lost, "O-O-O"), MoveRejection::CastlingRightsLost(CastleSide::Long));
    assert_eq!(why(&lost, "O-O-O").to_string(), "you can no longer castle queenside");
}

#[test]
fn ambiguity_and_promotions() {
    let b = board("4k3/pppp4/8/8/8/8/8/1N2KN2 w - - 0 1");
    let e = why(&b, "Nd2");
    assert_eq!(e, MoveRejection::Ambiguous(vec!["Nbd2".into(), "Nfd2".into()]));
    assert_eq!(e.to_string(), "it is ambiguous: Nbd2 or Nfd2?");
    let p = board("3r4/4P1k1/8/8/8/8/8/K7 w - - 0 1");
    for text in ["e8", "e7e8", "e8+"] {
        assert_eq!(why(&p, text), MoveRejection::MissingPromotion { from: Square::E7, to: Square::E8 }, "{text}");
    }
    assert_eq!(why(&p, "exd8"), MoveRejection::MissingPromotion { from: Square::E7, to: Square::D8 });
    let start = Board::startpos();
    assert_eq!(why(&start, "e2e4q"), MoveRejection::NeedlessPromotion);
    assert_eq!(why(&start, "e4=Q"), MoveRejection::NeedlessPromotion);
}

#[test]
fn the_en_passant_mark_of_printed_games() {
    let b = board("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let ep = b.parse_uci("d4e3").unwrap();
    for text in ["dxe3 e.p.", "dxe3ep", "de3 e.p.", "d4e3 e.p.", "dxe3 e.p.+"] {
        assert_eq!(b.explain(text), Ok(ep), "{text}");
    }
    let e = why(&b, "d3 e.p.");
    assert_eq!(e, MoveRejection::NotEnPassant("d3".into()));
    assert_eq!(e.to_string(), "d3 is not an en-passant capture");
    assert_eq!(e.kind(), "not-en-passant");
    // A move that is not legal at all says why, as without the mark.
    assert_eq!(why(&b, "d2 e.p."), why(&b, "d2"));
    assert_eq!(why(&b, "e.p.").kind(), "unreadable");
    assert_eq!(why(&b, "dxe3 e.p. e.p.").kind(), "unreadable");
    // Marks on marks, however many, are one refusal (no recursion per mark).
    assert_eq!(why(&b, &"ep".repeat(100_000)).kind(), "unreadable");
    assert_eq!(why(&b, &"e.p.".repeat(100_000)).kind(), "unreadable");
    for text in ["éa", "éep", "日本", "dxe3 é.p.", "ép"] {
        assert_eq!(why(&b, text).kind(), "unreadable", "{text}");
    }
}

#[test]
fn every_kind_has_a_distinct_name() {
    let kinds = [
        MoveRejection::Unreadable(String::new()).kind(),
        MoveRejection::NoPieceThere(Square::A1).kind(),
        MoveRejection::NotYourPiece { square: Square::A1, role: Role::Pawn, color: Color::White }.kind(),
        MoveRejection::OwnPieceThere { square: Square::A1, role: Role::Pawn }.kind(),
        MoveRejection::PieceCannotMoveThere { from: None, role: Role::Pawn, to: Square::A1 }.kind(),
        MoveRejection::DoesNotAnswerCheck.kind(),
        MoveRejection::PiecePinned { role: Role::Pawn, pinner_role: Role::Rook, pinner: Square::A1 }.kind(),
        MoveRejection::KingWouldBeInCheck(Square::A1).kind(),
        MoveRejection::CastlingOutOfCheck.kind(),
        MoveRejection::CastlingRightsLost(CastleSide::Short).kind(),
        MoveRejection::CastlingBlocked(CastleSide::Short).kind(),
        MoveRejection::CastlingThroughCheck(CastleSide::Short).kind(),
        MoveRejection::Ambiguous(Vec::new()).kind(),
        MoveRejection::MissingPromotion { from: Square::A7, to: Square::A8 }.kind(),
        MoveRejection::NeedlessPromotion.kind(),
        MoveRejection::NotEnPassant(String::new()).kind(),
        MoveRejection::Illegal.kind(),
    ];
    let mut sorted = kinds.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), kinds.len());
}

/// A bishop's SAN with a rank digit (`B2b3`) reads like a UCI move in lower case; it is SAN.
#[test]
fn upper_case_piece_letter_is_san_not_uci() {
    let b = board("8/6k1/8/8/B7/6p1/BK6/3R4 w - - 0 1");
    assert_eq!(b.explain("B2b3"), Ok(b.parse_uci("a2b3").unwrap()));
    assert_eq!(b.explain("Ba2b3"), Ok(b.parse_uci("a2b3").unwrap()));
    // The same squares in lower case are the UCI move of the king on b2.
    assert_eq!(b.explain("b2b3"), Ok(b.parse_uci("b2b3").unwrap()));
    let black = board("2b5/6k1/8/2K5/2b5/8/8/2B5 b - - 0 1");
    assert_eq!(black.explain("B8e6"), Ok(black.parse_uci("c8e6").unwrap()));
    assert_eq!(black.explain("B4e6"), Ok(black.parse_uci("c4e6").unwrap()));
    // Read both ways, the move list decides: no piece on b8, a bishop on the eighth rank.
    assert_eq!(black.explain("b8e6"), Ok(black.parse_uci("c8e6").unwrap()));
    // Neither reading legal: the UCI reading's reason.
    assert_eq!(black.explain("b8e7"), Err(MoveRejection::NoPieceThere(Square::B8)));
    // An upper-case piece letter never makes a UCI move, even when the SAN is illegal.
    assert_eq!(why(&b, "B2c3").kind(), "piece-cannot-move-there");
    assert_eq!(why(&b, "B2B3").kind(), "unreadable");
}
