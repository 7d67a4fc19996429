//! The checks of the targets on what the `chess` binary and the AI read: `epd` (perft suites),
//! `uci` (command lines fed to the engine loop), `book` (Polyglot books), `net` (net files) and
//! `review_json` (a review's JSON read back).
//!
//! Each function takes the fuzzer's bytes and panics when a reader breaks its contract; bad
//! input must come back as an error (or, on the UCI channel, an `info string`), never a panic,
//! a hang or unbounded memory.
//!
//! This file is also compiled as a module of the stable test
//! `crates/chess-cli/tests/fuzz_corpus.rs` (through `#[path]`), which replays the committed
//! seeds: it uses only `std` and what `chess-cli` depends on, and no crate-level attributes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use chess_ai::review::{MoveClass, Review};
use chess_ai::{Book, BookEntry};
use chess_cli::epd::{parse_perft_line, parse_perft_suite, PerftCase, MAX_DEPTH};
use chess_cli::uci::{Sandbox, Uci};
use chess_core::{read_pgn, Board, Game};
use chess_eval::{Evaluator, Network, Nnue};

/// Positions to try books and nets on: the standard start, Kiwipete, a Chess960 start, an
/// endgame, and a position with promotions on both sides.
const BOARDS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

fn boards() -> impl Iterator<Item = Board> {
    BOARDS.iter().map(|fen| Board::from_fen(fen).unwrap_or_else(|e| panic!("built-in FEN {fen:?}: {e}")))
}

/// Target `epd`: the input as the text of a perft suite (`chess perft --epd`). An error names a
/// line of the text; each case read has depths in range, writes back as a line that reads as
/// the same case, and its depth-1 count claims nothing about the board (perft 1 is the number of
/// legal moves).
pub fn epd(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match parse_perft_suite(text) {
        Err((line, why)) => {
            assert!((1..=text.lines().count()).contains(&line), "line {line}: {why}");
            assert!(!why.is_empty());
        }
        Ok(cases) => {
            assert!(cases.len() <= text.lines().count());
            for case in cases {
                assert!(case.depths.iter().all(|&(d, _)| (1..=MAX_DEPTH).contains(&d)), "{case:?}");
                let fields: Vec<String> = case.depths.iter().map(|(d, n)| format!(";D{d} {n}")).collect();
                let line = format!("{} {}", case.board.fen(), fields.join(" "));
                assert_eq!(parse_perft_line(&line), Ok(case.clone()), "{line}");
                assert_eq!(chess_core::perft(&case.board, 1), case.board.legal_moves().len() as u64);
                let PerftCase { board, .. } = case;
                assert_eq!(Board::from_fen(&board.fen()), Ok(board));
            }
        }
    }
}

/// The caps of the `uci` target's engine: searches of a few thousand nodes, shallow perft, a
/// table of 1 MiB, no files.
pub const UCI_SANDBOX: Sandbox = Sandbox { max_nodes: 3_000, max_perft_depth: 3, max_hash_mb: 1 };

/// At most this many lines of an input are fed to the engine (so that an input's time is
/// bounded by its line count, not its length).
pub const UCI_MAX_LINES: usize = 64;

static UCI_OUTPUT_BYTES: AtomicUsize = AtomicUsize::new(0);

/// The `uci` target's output sink: each line the engine writes is checked for its form, counted
/// and dropped.
fn uci_line(line: &str) {
    UCI_OUTPUT_BYTES.fetch_add(line.len() + 1, Ordering::Relaxed);
    if let Some(rest) = line.strip_prefix("bestmove ") {
        let words: Vec<&str> = rest.split(' ').collect();
        let is_move = |w: &str| (4..=5).contains(&w.len()) && w.is_ascii();
        match words.as_slice() {
            ["(none)"] => {}
            [best] | [best, "ponder", _] if is_move(best) => {
                if let [_, _, ponder] = words.as_slice() {
                    assert!(is_move(ponder), "{line:?}");
                }
            }
            _ => panic!("malformed {line:?}"),
        }
    }
}

/// Target `uci`: the input's lines (at most [`UCI_MAX_LINES`], bytes read as the engine reads
/// stdin) fed to [`Uci::command`] of an engine in [`UCI_SANDBOX`], up to `quit`; then the last
/// search is let finish. No panic (a search thread's panic is the loop's), no hang, and every
/// `bestmove` line well formed.
pub fn uci(data: &[u8]) {
    let mut engine = Uci::sandboxed(UCI_SANDBOX, uci_line);
    for line in data.split(|&b| b == b'\n').take(UCI_MAX_LINES) {
        if !engine.command(&String::from_utf8_lossy(line)) {
            break;
        }
    }
    engine.finish_search();
}

/// Target `book`: the input as a Polyglot book. A whole number of sorted 16-byte entries is a
/// book of that many entries, each found under its key and written back as its bytes; anything
/// else is refused. On the [`BOARDS`] and along a line of book moves chosen by the input's
/// bytes: every book move is legal, listed once, with a weight.
pub fn book(data: &[u8]) {
    let book = match Book::from_bytes(data) {
        Ok(book) => book,
        Err(e) => {
            let _ = e.to_string();
            let sorted = data.chunks_exact(16).map(|c| u64::from_be_bytes(c[..8].try_into().unwrap())).is_sorted();
            assert!(!data.len().is_multiple_of(16) || !sorted, "a whole, sorted book refused: {e}");
            return;
        }
    };
    assert_eq!(book.len(), data.len() / 16);
    assert_eq!(book.is_empty(), data.is_empty());
    for chunk in data.chunks_exact(16) {
        let entry = BookEntry::from_bytes(chunk.try_into().unwrap());
        assert_eq!(entry.to_bytes(), chunk);
        assert!(book.entries(entry.key).contains(&entry), "{entry:?} not found under its key");
    }
    let check = |board: &Board| {
        let moves = book.moves(board);
        for (i, m) in moves.iter().enumerate() {
            assert!(board.is_legal(m.mv), "book move {} not legal in {board}", m.mv);
            assert!(m.weight > 0, "book move {} of weight 0", m.mv);
            assert!(moves[..i].iter().all(|o| o.mv != m.mv), "book move {} twice", m.mv);
        }
        moves
    };
    for start in boards() {
        let mut board = start;
        for (ply, &byte) in data.iter().enumerate().take(40) {
            let moves = check(&board);
            let Some(m) = moves.get(byte as usize % moves.len().max(1)) else { break };
            board.try_play(m.mv).unwrap_or_else(|e| panic!("book move {} at ply {ply}: {e}", m.mv));
        }
    }
}

/// Target `net`: the input as a net file. A net read writes back as bytes that read as the same
/// net (the same bytes, unless the file was in a later format than the net needs); on the [`BOARDS`] and the positions after each of their first moves, the
/// incremental evaluation ([`Nnue`] with `push`) equals the one from scratch ([`Nnue::evaluate`]
/// after `reset`), and the raw net's is deterministic.
pub fn net(data: &[u8]) {
    let net = match Network::from_bytes(data) {
        Ok(net) => net,
        Err(e) => {
            let _ = (e.to_string(), format!("{e:?}"));
            return;
        }
    };
    // Written back in the first format that holds it (a CNN3 file of a net without king buckets
    // is one, which the reader takes too): the same bytes when the file was in that format, and
    // bytes that read as the same net in any case.
    let written = net.to_bytes();
    if written[..4] == data[..4] {
        assert_eq!(written, data, "written back differently");
    }
    assert_eq!(Network::from_bytes(&written).as_ref(), Ok(&net), "its own bytes read as another net");
    let _ = (net.shape(), net.hash(), net.name(), net.kings(), net.buckets(), net.weights());
    let net = Arc::new(net);
    for board in boards() {
        assert_eq!(net.evaluate(&board), net.evaluate(&board));
        let mut fresh = Nnue::new(Arc::clone(&net));
        fresh.reset(&board);
        let at_root = fresh.evaluate(&board);
        let mut incremental = Nnue::new(Arc::clone(&net));
        incremental.reset(&board);
        assert_eq!(incremental.evaluate(&board), at_root);
        for &mv in board.legal_moves().iter().take(8) {
            let mut after = board;
            after.play_unchecked(mv);
            incremental.push(&board, mv, &after);
            fresh.reset(&after);
            assert_eq!(incremental.evaluate(&after), fresh.evaluate(&after), "after {mv} in {board}");
            incremental.pop();
            assert_eq!(incremental.evaluate(&board), at_root, "after taking {mv} back in {board}");
        }
    }
}

/// The game the plies of a review's JSON name: their `san` fields played while they are legal
/// (so that the fuzzer's reviews reach past "not of this game"), from the position of a field
/// `startFen` that the harness adds (the schema has none; the reader ignores it), else from the
/// standard start.
fn game_of_review(text: &str) -> Game {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else { return Game::new() };
    let start = value.get("startFen").and_then(|f| f.as_str()).and_then(|fen| Game::from_fen(fen).ok());
    let mut game = start.unwrap_or_default();
    let Some(plies) = value.get("plies").and_then(|p| p.as_array()) else { return game };
    for ply in plies {
        let Some(san) = ply.get("san").and_then(|s| s.as_str()) else { break };
        if game.play_san(san).is_err() {
            break;
        }
    }
    game
}

/// Target `review_json`: the input as a review's JSON ([`Review::from_json`]), for the game
/// its plies name. A review read is one of that game (a ply per move, in order, key moments
/// among its plies, counts and classes as read), writes back as JSON that reads as the same
/// review, and annotates the game into a PGN that reads back with the game's moves.
pub fn review_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let game = game_of_review(text);
    let review = match Review::from_json(text, &game) {
        Ok(review) => review,
        Err(e) => {
            let _ = (e.to_string(), format!("{e:?}"));
            return;
        }
    };
    assert!(review.plies.len() <= game.moves().len());
    for (i, p) in review.plies.iter().enumerate() {
        assert_eq!((p.ply, p.mv, p.san.as_str()), (i + 1, game.moves()[i], game.san_moves()[i].as_str()));
        assert!(MoveClass::ALL.contains(&p.class));
        let _ = (p.class.name(), p.class.title(), p.class.symbol());
    }
    for &k in &review.key_moments {
        assert!((1..=review.plies.len()).contains(&k), "key moment {k} of {} plies", review.plies.len());
    }
    let json = review.to_json();
    let again = Review::from_json(&json, &game).unwrap_or_else(|e| panic!("own JSON refused: {e}\n{json}"));
    assert_eq!(again.to_json(), json, "written twice");
    let annotated = review.annotate(&game.to_pgn_game(&[])).to_pgn();
    match read_pgn(&annotated) {
        Ok(games) if games.len() == 1 => assert_eq!(games[0].game.moves(), game.moves(), "{annotated}"),
        other => panic!("annotated PGN read as {other:?}:\n{annotated}"),
    }
}
