//! The checks of the targets on `chess-core` alone: `fen`, `moves`, `playout` and `pgn`.
//!
//! Each function takes the fuzzer's bytes and panics when an invariant of `chess-core` breaks;
//! rejected input (a bad FEN, an illegal or unreadable move, a malformed PGN) must come back as
//! an error, never a panic.
//!
//! This file is also compiled as a module of the stable test
//! `crates/chess-core/tests/fuzz_corpus.rs` (through `#[path]`), which replays the committed
//! seeds: it must use nothing but `std` and `chess_core`, and no crate-level attributes.

use chess_core::{
    read_pgn, Annotation, Board, CastlingMode, Game, Move, PgnGame, PgnGames, Role, Setup, Square, Variation,
    MAX_VARIATION_DEPTH,
};

/// The start positions of the `moves` and `playout` targets; the input's first byte picks one.
pub const POSITIONS: [&str; 8] = [
    // The standard start.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kiwipete: castling both ways, pins, en passant after b4/g5 pushes.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Chess960 (Shredder-FEN castling field).
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // En passant: capturable at once (f6), with a rank pin on the fifth rank close by.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Perft position 3: en-passant discovered checks along the rank.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // Promotions and under-promotions for both sides, with captures.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Perft position 4: promotion with capture, castling into and out of check.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // Chess960 with the king between rooks on b and g: castling moves that keep the king or rook
    // in place.
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
];

/// The start position chosen by `selector`.
pub fn position(selector: u8) -> Board {
    let fen = POSITIONS[selector as usize % POSITIONS.len()];
    Board::from_fen(fen).unwrap_or_else(|e| panic!("built-in FEN {fen:?} rejected: {e}"))
}

/// Target `fen`: the input as a FEN. A parsed board must round-trip through its FEN, keep its
/// incremental hash equal to the one computed from scratch, and have a consistent move
/// generator; every legal move is checked in notation and played.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let result = Board::from_fen(text);
    // `from_fen` is `Setup::parse` followed by `from_setup`: the two paths must agree.
    match Setup::parse(text) {
        Ok(setup) => assert_eq!(result, Board::from_setup(&setup).map_err(Into::into), "{text:?}"),
        Err(e) => {
            let _ = e.to_string();
            assert_eq!(result, Err(e.into()), "{text:?}");
        }
    }
    match result {
        Ok(board) => {
            check_board(&board);
            check_is_legal_exhaustive(&board);
            let mode = Game::from_board(board).castling_mode();
            for mv in board.legal_moves() {
                let next = check_move(&board, mv, mode);
                check_board(&next);
            }
        }
        Err(e) => {
            let _ = e.to_string();
            let _ = format!("{e:?}");
        }
    }
}

/// Target `moves`: the first byte picks a start position, the rest is UTF-8 text whose
/// whitespace-separated tokens are tried as UCI and as SAN moves and explained as typed moves
/// ([`Board::explain`](chess_core::Board::explain)). A move that parses must be
/// legal and must round-trip through both notations; it is then played, so that sequences of
/// tokens go deep.
pub fn moves(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut game = Game::from_board(position(first));
    let mode = game.castling_mode();
    for token in text.split_whitespace() {
        let board = *game.board();
        let legal = board.legal_moves();
        let uci = board.parse_uci(token);
        let san = board.parse_san(token);
        let explained = board.explain(token);
        if let Err(why) = &explained {
            let _ = (why.to_string(), why.kind());
        }
        for mv in [uci.as_ref().ok(), san.as_ref().ok(), explained.as_ref().ok()].into_iter().flatten() {
            assert!(legal.contains(mv), "{token:?} parsed to {mv}, not a legal move in {board}");
            check_move(&board, *mv, mode);
        }
        if let Err(e) = &uci {
            let _ = e.to_string();
        }
        if let Err(e) = &san {
            let _ = e.to_string();
        }
        let Some(mv) = uci.ok().or(san.ok()) else { continue };
        game.play(mv).unwrap_or_else(|e| panic!("{e} after parsing {token:?} in {board}"));
        check_after_move(&game, &board);
    }
    check_game(&game);
}

/// Target `playout`: the first byte picks a start position; each further byte picks a legal move
/// (`legal_moves()[byte % len]`), or with a value of 0xF0 and above takes the last move back.
/// The game stops when it is over.
pub fn playout(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let mut game = Game::from_board(position(first));
    let mode = game.castling_mode();
    // Our own copy of the history, to check `undo` against.
    let mut history: Vec<Board> = Vec::new();
    for (ply, &byte) in rest.iter().enumerate() {
        let status = game.status();
        let _ = (status.result(), status.reason());
        if status.is_over() {
            break;
        }
        if byte >= 0xF0 {
            if let Some(previous) = history.pop() {
                let last = game.moves().last().copied();
                assert!(last.is_some(), "history and game disagree");
                assert_eq!(game.undo(), last);
                assert_eq!(*game.board(), previous, "undo of {last:?}");
                continue;
            }
        }
        let board = *game.board();
        let legal = board.legal_moves();
        assert!(!legal.is_empty(), "no legal move but status Ongoing in {board}");
        let mv = legal[byte as usize % legal.len()];
        check_move(&board, mv, mode);
        check_is_legal_probe(&board, byte as usize + ply);
        game.play(mv).unwrap_or_else(|e| panic!("{e} from legal_moves() in {board}"));
        history.push(board);
        check_after_move(&game, &board);
    }
    check_game(&game);
}

/// Invariants of one position.
fn check_board(board: &Board) {
    let fen = board.fen();
    let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN {fen:?} rejected: {e}"));
    assert_eq!(again, *board, "FEN round trip of {fen:?}");
    assert_eq!(again.fen(), fen, "FEN round trip");
    assert_eq!(board.hash(), board.compute_hash(), "incremental hash of {fen}");
    assert_eq!(board.in_check(), board.checkers().is_nonempty());
    assert!((board.checkers() & board.colored(board.side_to_move())).is_empty(), "own checker in {fen}");

    let legal = board.legal_moves();
    assert_eq!(board.has_legal_moves(), !legal.is_empty(), "has_legal_moves in {fen}");
    for (i, mv) in legal.iter().enumerate() {
        assert!(board.is_legal(*mv), "generated {mv} is not is_legal in {fen}");
        assert!(!legal[..i].contains(mv), "{mv} generated twice in {fen}");
    }
    // Noisy moves are exactly the legal captures and promotions.
    let mut noisy: Vec<Move> = board.noisy_moves().to_vec();
    let mut expected: Vec<Move> =
        legal.iter().copied().filter(|&m| board.is_capture(m) || m.promotion().is_some()).collect();
    noisy.sort_by_key(|m| m.to_u16());
    expected.sort_by_key(|m| m.to_u16());
    assert_eq!(noisy, expected, "noisy_moves in {fen}");

    let mirrored = board.mirrored();
    assert_eq!(mirrored.mirrored(), *board, "mirrored twice: {fen}");
    assert_eq!(mirrored.legal_moves().len(), legal.len(), "mirrored move count: {fen}");

    let status = Game::from_board(*board).status();
    let _ = (status.result(), status.reason());
}

/// A legal move: its SAN and UCI must read back as the same move, and playing it keeps the
/// hash consistent. Returns the board after the move.
fn check_move(board: &Board, mv: Move, mode: CastlingMode) -> Board {
    assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    let san = board.san(mv);
    assert_eq!(board.parse_san(&san), Ok(mv), "SAN {san:?} of {mv} in {board}");
    let modes = if mode == CastlingMode::Standard {
        &[CastlingMode::Standard, CastlingMode::Chess960][..]
    } else {
        &[CastlingMode::Chess960][..]
    };
    for &m in modes {
        let uci = board.uci(mv, m);
        assert_eq!(board.parse_uci(&uci), Ok(mv), "UCI {uci:?} ({m:?}) of {mv} in {board}");
    }
    let mut next = *board;
    next.try_play(mv).unwrap_or_else(|e| panic!("{e} in {board}"));
    assert_eq!(next.hash(), next.compute_hash(), "hash after {mv} in {board}");
    assert_ne!(next.side_to_move(), board.side_to_move());
    next
}

/// After `game` played a move from `before`.
fn check_after_move(game: &Game, before: &Board) {
    let board = game.board();
    assert_eq!(board.hash(), board.compute_hash(), "hash after {:?} from {before}", game.moves().last());
    let fen = board.fen();
    let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN {fen:?} rejected: {e}"));
    assert_eq!(again, *board, "FEN round trip of {fen:?}");
    assert_eq!(again.fen(), fen);
    assert_eq!(game.positions().len(), game.moves().len() + 1);
    assert_eq!(game.positions()[game.positions().len() - 2], *before);
    assert!(game.repetitions() >= 1);
    let status = game.status();
    let _ = (status.result(), status.reason());
}

/// The whole game: keys, SAN list and a PGN round trip.
fn check_game(game: &Game) {
    assert!(game.keys().eq(game.positions().iter().map(Board::hash)));
    assert_eq!(game.san_moves().len(), game.moves().len());
    let pgn = game.to_pgn(&[("Event", "fuzz \"quoted\" \\ backslash")]);
    match Game::from_pgn(&pgn) {
        Ok(read) => assert_eq!(read, *game, "PGN round trip:\n{pgn}"),
        Err(e) => panic!("own PGN rejected: {e}\n{pgn}"),
    }
}

/// `is_legal` agrees with `legal_moves` for every move of the side to move's pieces to every
/// square, with and without a promotion.
fn check_is_legal_exhaustive(board: &Board) {
    let legal = board.legal_moves();
    for from in board.colored(board.side_to_move()) {
        for to in Square::ALL {
            for promotion in [None, Some(Role::Queen), Some(Role::Knight)] {
                let mv = Move::new(from, to, promotion);
                assert_eq!(board.is_legal(mv), legal.contains(&mv), "is_legal({mv}) in {board}");
            }
        }
    }
}

/// Like [`check_is_legal_exhaustive`] for the moves of one piece chosen by `seed`, so that it is
/// cheap enough for every ply of a playout.
fn check_is_legal_probe(board: &Board, seed: usize) {
    let ours = board.colored(board.side_to_move());
    let Some(from) = ours.into_iter().nth(seed % ours.len() as usize) else { return };
    let legal = board.legal_moves();
    for to in Square::ALL {
        for promotion in [None, Some(Role::Queen)] {
            let mv = Move::new(from, to, promotion);
            assert_eq!(board.is_legal(mv), legal.contains(&mv), "is_legal({mv}) in {board}");
        }
    }
}

/// Target `pgn`: the input as a PGN text (UTF-8). Reading ends (one game or error per game, the
/// errors numbered and placed on a line of the text), [`read_pgn`] and [`Game::from_pgn`] agree
/// with [`PgnGames`], and every game read survives a round trip: [`PgnGame::to_pgn`] reads back
/// as one game with the same start, moves, NAGs, comments (as the writer normalises them),
/// variations (the same tree, each move legal where it comes, none empty or deeper than
/// [`MAX_VARIATION_DEPTH`]) and tags, and writing that again gives the same text.
pub fn pgn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let lines = text.split('\n').count();
    let mut first_error = None;
    let mut games = Vec::new();
    for (i, item) in PgnGames::new(text).enumerate() {
        // Each game or error takes at least one byte of the text.
        assert!(i < text.len(), "more games than bytes in {text:?}");
        match item {
            Ok(game) => {
                check_pgn_round_trip(&game);
                games.push(game);
            }
            Err(e) => {
                assert_eq!(e.game, i + 1, "{e}");
                assert!((1..=lines).contains(&e.line), "{e}: line out of the text's {lines}");
                let _ = (e.to_string(), format!("{e:?}"));
                first_error.get_or_insert(e);
            }
        }
    }
    match read_pgn(text) {
        Ok(all) => {
            assert!(first_error.is_none(), "read_pgn read past {first_error:?}");
            assert_eq!(all, games);
        }
        Err(e) => assert_eq!(Some(e), first_error),
    }
    let first = PgnGames::new(text).next();
    match (Game::from_pgn(text), first) {
        (Ok(game), Some(Ok(first))) => assert_eq!(game, first.game),
        (Ok(game), None) => assert_eq!(game, Game::new()),
        (Err(e), Some(Err(first))) => assert_eq!(e, first.error),
        (got, first) => panic!("Game::from_pgn gave {got:?}, PgnGames {first:?}"),
    }
}

/// A comment as the writer gives it back: `}` cannot stand inside braces, and spaces between
/// words are one.
fn written_comment(comment: &str) -> String {
    comment.replace('}', ")").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `annotation`'s variations, read from a text, replacing a move from `before`, `depth` deep:
/// none without moves or deeper than the cap, every move legal where it comes.
fn check_variations(annotation: &Annotation, before: &Board, depth: usize) {
    assert!(annotation.variations.is_empty() || depth <= MAX_VARIATION_DEPTH, "variations {depth} deep");
    for variation in &annotation.variations {
        assert!(!variation.moves.is_empty(), "a variation with no moves");
        let mut board = *before;
        for m in &variation.moves {
            assert!(board.is_legal(m.mv), "{} is not legal in {board}", m.mv);
            check_variations(&m.annotation, &board, depth + 1);
            board.play(m.mv);
        }
    }
}

/// `annotation` with its comments and its variations' as the writer writes them.
fn written_annotation(annotation: &Annotation) -> Annotation {
    let variation = |v: &Variation| {
        let mut v = v.clone();
        v.comment = v.comment.as_deref().map(written_comment);
        for m in &mut v.moves {
            m.annotation = written_annotation(&m.annotation);
        }
        v
    };
    Annotation {
        nags: annotation.nags.clone(),
        comment: annotation.comment.as_deref().map(written_comment),
        variations: annotation.variations.iter().map(variation).collect(),
    }
}

/// `game` (read from a text) written and read again.
fn check_pgn_round_trip(game: &PgnGame) {
    assert_eq!(game.annotations.len(), game.game.moves().len());
    assert!(["1-0", "0-1", "1/2-1/2", "*"].contains(&game.result.as_str()), "result {:?}", game.result);
    let text = game.to_pgn();
    let again = match read_pgn(&text) {
        Ok(mut games) if games.len() == 1 => games.remove(0),
        Ok(games) => panic!("{} games in the text written of one:\n{text}", games.len()),
        Err(e) => panic!("own PGN rejected: {e}\n{text}"),
    };
    let (before, after) = (&game.game, &again.game);
    assert_eq!(after.start(), before.start(), "start position:\n{text}");
    assert_eq!(after.moves(), before.moves(), "moves:\n{text}");
    assert_eq!(after.castling_mode(), before.castling_mode(), "castling mode:\n{text}");
    assert_eq!(after.status(), before.status(), "status:\n{text}");
    let nags = |g: &PgnGame| g.annotations.iter().map(|a| a.nags.clone()).collect::<Vec<_>>();
    assert_eq!(nags(&again), nags(game), "NAGs:\n{text}");
    let comments = |g: &PgnGame| {
        let mut all = vec![g.comment.as_deref().map(written_comment)];
        all.extend(g.annotations.iter().map(|a| a.comment.as_deref().map(written_comment)));
        all
    };
    assert_eq!(comments(&again), comments(game), "comments:\n{text}");
    // The variations: legal where they stand, and the same tree (comments as written) again.
    for (annotation, board) in game.annotations.iter().zip(game.game.positions()) {
        check_variations(annotation, board, 1);
    }
    let written = |g: &PgnGame| g.annotations.iter().map(written_annotation).collect::<Vec<_>>();
    assert_eq!(written(&again), written(game), "variations:\n{text}");
    // Tags the writer keeps as they are: a clean name, first of its name, a value without
    // control characters (the writer makes those spaces); FEN and SetUp are the start's, and
    // Result may be the board's.
    let mut seen = Vec::new();
    for (name, value) in &game.tags {
        let clean = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if clean && !seen.contains(name) && !["FEN", "SetUp", "Result"].contains(&name.as_str()) {
            let expected = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>();
            assert_eq!(again.tag(name), Some(expected.as_str()), "tag {name}:\n{text}");
        }
        seen.push(name.clone());
    }
    // What was written once is written the same again.
    assert_eq!(again.to_pgn(), text, "written twice");
}
