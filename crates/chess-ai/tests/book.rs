//! The Polyglot book reader against reference data: the format's published key vectors, keys and
//! book moves computed by python-chess (fixtures in `tests/data`, written by
//! `tests/data/generate.py`), and malformed input.

use std::collections::{HashSet, VecDeque};

use chess_ai::{polyglot_key, Book, BookEntry, BookError, BookMove};
use chess_core::{Board, CastlingMode, Move, Square};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const START_KEY: u64 = 0x463b_9618_1691_fc9c;

fn board_after(moves: &str) -> Board {
    let mut board = Board::startpos();
    for uci in moves.split_whitespace() {
        let mv = board.parse_uci(uci).unwrap_or_else(|e| panic!("{uci} after {moves:?}: {e}"));
        board.play(mv);
    }
    board
}

/// A Polyglot-encoded move; `promotion` as in the format (1 knight ... 4 queen).
fn raw_move(from: Square, to: Square, promotion: u16) -> u16 {
    (to.index() | from.index() << 6) as u16 | promotion << 12
}

fn entry(key: u64, raw_move: u16, weight: u16) -> BookEntry {
    BookEntry { key, raw_move, weight, learn: 0 }
}

fn book_of(entries: &[BookEntry]) -> Book {
    let bytes: Vec<u8> = entries.iter().flat_map(BookEntry::to_bytes).collect();
    Book::from_bytes(&bytes).unwrap()
}

/// The book moves of `board` as `(standard UCI, weight)`.
fn uci_moves(book: &Book, board: &Board) -> Vec<(String, u16)> {
    book.moves(board).iter().map(|m| (board.uci(m.mv, CastlingMode::Standard), m.weight)).collect()
}

#[test]
fn published_key_vectors() {
    // From the format's specification (http://hgm.nubati.net/book_format.html).
    let vectors = [
        ("", START_KEY),
        ("e2e4", 0x823c_9b50_fd11_4196),
        ("e2e4 d7d5", 0x0756_b944_61c5_0fb0),
        ("e2e4 d7d5 e4e5", 0x662f_afb9_65db_29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a4_8b5a_8e47_ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a_607c_a3f2_42c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fd_d303_c946_bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c81_23ea_7b06_7637),
        // The specification's FEN for this key has the rook on a3, so its last move is a1a3.
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f_9b82_9b27_9560),
    ];
    for (moves, key) in vectors {
        assert_eq!(polyglot_key(&board_after(moves)), key, "after {moves:?}");
    }
}

#[test]
fn keys_match_python_chess() {
    let mut count = 0;
    for line in include_str!("data/polyglot_keys.txt").lines().filter(|l| !l.starts_with('#')) {
        let (key, fen) = line.split_once(' ').unwrap();
        let key = u64::from_str_radix(key, 16).unwrap();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(polyglot_key(&board), key, "{fen}");
        count += 1;
    }
    assert_eq!(count, 200);
}

#[test]
fn key_ignores_an_en_passant_square_no_pawn_can_use() {
    let board: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
    let without: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse().unwrap();
    assert_eq!(polyglot_key(&board), polyglot_key(&without));
}

#[test]
fn embedded_book_has_the_vendored_entries() {
    let book = Book::embedded();
    assert_eq!(book.len(), 8_055);
    assert!(!book.is_empty());
    assert!(std::ptr::eq(book, Book::embedded()));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/lichess_openings_cc0.bin");
    assert_eq!(&Book::open(path).unwrap(), book);
    assert_eq!(format!("{book:?}"), "Book { len: 8055, .. }");
}

#[test]
fn start_position_moves_match_python_chess() {
    // chess.polyglot.open_reader("data/lichess_openings_cc0.bin").find_all(chess.Board())
    let expected = [
        ("e2e4", 2020),
        ("d2d4", 1287),
        ("c2c4", 202),
        ("g1f3", 109),
        ("b1c3", 29),
        ("b2b4", 27),
        ("f2f4", 27),
        ("g2g3", 21),
        ("g2g4", 20),
        ("b2b3", 15),
        ("h2h4", 9),
        ("a2a4", 7),
        ("e2e3", 6),
        ("f2f3", 6),
        ("a2a3", 5),
        ("d2d3", 5),
        ("b1a3", 4),
        ("h2h3", 4),
        ("g1h3", 3),
        ("c2c3", 1),
    ];
    let expected: Vec<(String, u16)> = expected.iter().map(|&(uci, w)| (uci.to_owned(), w)).collect();
    let board = Board::startpos();
    assert_eq!(Book::embedded().entries(START_KEY).len(), 20);
    assert_eq!(uci_moves(Book::embedded(), &board), expected);
}

#[test]
fn book_positions_match_python_chess() {
    let mut positions = 0;
    let mut castles = 0;
    for line in include_str!("data/book_walk.txt").lines().filter(|l| !l.starts_with('#')) {
        let (fen, moves) = line.split_once(" | ").unwrap();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let expected: Vec<(String, u16)> = moves
            .split(", ")
            .map(|m| {
                let (uci, weight) = m.split_once(' ').unwrap();
                (uci.to_owned(), weight.parse().unwrap())
            })
            .collect();
        assert_eq!(uci_moves(Book::embedded(), &board), expected, "{fen}");
        castles += Book::embedded().moves(&board).iter().filter(|m| board.is_castling(m.mv)).count();
        positions += 1;
    }
    assert!(positions >= 300, "{positions} positions");
    assert!(castles > 0);
}

#[test]
fn walking_the_book_gives_only_legal_moves() {
    let book = Book::embedded();
    let mut queue = VecDeque::from([Board::startpos()]);
    let mut seen = HashSet::new();
    let mut moves_seen = 0;
    while let Some(board) = queue.pop_front() {
        if seen.len() == 500 {
            break;
        }
        if !seen.insert(polyglot_key(&board)) {
            continue;
        }
        let legal = board.legal_moves();
        for BookMove { mv, weight } in book.moves(&board) {
            assert!(legal.contains(&mv), "{mv} in {board}");
            assert!(weight > 0);
            moves_seen += 1;
            let mut child = board;
            child.play(mv);
            queue.push_back(child);
        }
    }
    assert_eq!(seen.len(), 500);
    assert!(moves_seen > 1_000, "{moves_seen}");
}

#[test]
fn pick_is_deterministic_per_seed_and_varies_across_seeds() {
    let book = Book::embedded();
    let board = Board::startpos();
    let mut firsts = HashSet::new();
    for seed in 0..50 {
        let a = book.pick(&board, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        let b = book.pick(&board, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        assert_eq!(a, b, "seed {seed}");
        assert!(board.is_legal(a));
        firsts.insert(a);
    }
    assert!(firsts.len() >= 3, "{firsts:?}");

    // Works through a trait object too.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let dyn_rng: &mut dyn RngCore = &mut rng;
    assert!(book.pick(&board, dyn_rng).is_some());
}

#[test]
fn pick_follows_the_weights() {
    let book = Book::embedded();
    let board = Board::startpos();
    let e4 = board.parse_uci("e2e4").unwrap();
    let total: u32 = book.moves(&board).iter().map(|m| u32::from(m.weight)).sum();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let draws = 20_000;
    let hits = (0..draws).filter(|_| book.pick(&board, &mut rng) == Some(e4)).count();
    let expected = f64::from(draws) * 2020.0 / f64::from(total);
    assert!((hits as f64 - expected).abs() < 0.03 * f64::from(draws), "{hits} e4 of {draws}, expected {expected}");
}

#[test]
fn position_not_in_the_book_gives_no_move() {
    let book = Book::embedded();
    let board: Board = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    assert!(book.entries(polyglot_key(&board)).is_empty());
    assert!(book.moves(&board).is_empty());
    assert_eq!(book.pick(&board, &mut ChaCha8Rng::seed_from_u64(0)), None);

    let empty = Book::from_bytes(&[]).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.pick(&Board::startpos(), &mut ChaCha8Rng::seed_from_u64(0)), None);
}

#[test]
fn entry_bytes_round_trip() {
    let e = BookEntry { key: 0x0123_4567_89ab_cdef, raw_move: 0x0f1e, weight: 0xbeef, learn: 0xdead_cafe };
    let bytes = e.to_bytes();
    assert_eq!(bytes[..8], [0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef]);
    assert_eq!(bytes[8..], [0x0f, 0x1e, 0xbe, 0xef, 0xde, 0xad, 0xca, 0xfe]);
    assert_eq!(BookEntry::from_bytes(bytes), e);
}

#[test]
fn truncated_data_is_an_error() {
    let bytes = Book::embedded().entries(START_KEY)[0].to_bytes();
    for len in [1, 15, 17, 31] {
        let data: Vec<u8> = bytes.iter().cycle().take(len).copied().collect();
        assert!(matches!(Book::from_bytes(&data), Err(BookError::Truncated { len: l }) if l == len));
    }
    assert_eq!(
        BookError::Truncated { len: 17 }.to_string(),
        "book data of 17 bytes is not a whole number of 16-byte entries"
    );
}

#[test]
fn unsorted_entries_are_an_error() {
    let entries = [entry(1, 0, 1), entry(5, 0, 1), entry(5, 0, 1), entry(3, 0, 1)];
    let bytes: Vec<u8> = entries.iter().flat_map(BookEntry::to_bytes).collect();
    assert!(matches!(Book::from_bytes(&bytes), Err(BookError::Unsorted { index: 3 })));
}

#[test]
fn missing_file_is_an_error() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/no_such_book.bin");
    match Book::open(path) {
        Err(BookError::Io { path: p, source }) => {
            assert_eq!(p, path);
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
            let err = BookError::Io { path: p, source };
            assert!(err.to_string().contains("no_such_book.bin"));
            assert!(std::error::Error::source(&err).is_some());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_zero_weight_and_duplicate_entries_are_filtered() {
    use Square::*;
    let board = Board::startpos();
    let book = book_of(&[
        entry(START_KEY - 1, raw_move(E2, E4, 0), 50),
        entry(START_KEY, raw_move(E2, E4, 0), 5),
        entry(START_KEY, raw_move(E2, E5, 0), 100), // not a pawn move
        entry(START_KEY, raw_move(E7, E5, 0), 100), // black's move
        entry(START_KEY, raw_move(E2, E4, 4), 100), // not a promotion
        entry(START_KEY, raw_move(E2, E4, 5), 100), // no such promotion
        entry(START_KEY, raw_move(E2, E4, 0) | 1 << 15, 100), // bit 15 is unused
        entry(START_KEY, raw_move(G1, F3, 0), 0),   // weight 0: never played
        entry(START_KEY, raw_move(E2, E4, 0), 3),
        entry(START_KEY + 1, raw_move(D2, D4, 0), 50),
    ]);
    assert_eq!(book.entries(START_KEY).len(), 8);
    assert_eq!(book.moves(&board), [BookMove { mv: Move::new(E2, E4, None), weight: 8 }]);
    for seed in 0..20 {
        assert_eq!(book.pick(&board, &mut ChaCha8Rng::seed_from_u64(seed)), Some(Move::new(E2, E4, None)));
    }

    // Only a weight-0 entry: no move.
    let book = book_of(&[entry(START_KEY, raw_move(G1, F3, 0), 0)]);
    assert_eq!(book.pick(&board, &mut ChaCha8Rng::seed_from_u64(0)), None);

    // Weights of merged entries saturate.
    let book = book_of(&[entry(START_KEY, raw_move(E2, E4, 0), u16::MAX), entry(START_KEY, raw_move(E2, E4, 0), 9)]);
    assert_eq!(book.moves(&board)[0].weight, u16::MAX);
}

#[test]
fn castling_and_promotion_entries_decode() {
    use Square::*;
    let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let key = polyglot_key(&board);
    let book = book_of(&[
        entry(key, raw_move(E1, H1, 0), 3),
        entry(key, raw_move(E1, A1, 0), 2),
        entry(key, raw_move(E1, G1, 0), 9), // castling is king takes rook in Polyglot
    ]);
    assert_eq!(uci_moves(&book, &board), [("e1g1".to_owned(), 3), ("e1c1".to_owned(), 2)]);

    let board: Board = "1n5k/P7/8/8/8/8/8/K7 w - - 0 1".parse().unwrap();
    let key = polyglot_key(&board);
    let book = book_of(&[
        entry(key, raw_move(A7, A8, 4), 1),
        entry(key, raw_move(A7, B8, 1), 1),
        entry(key, raw_move(A7, B8, 3), 1),
        entry(key, raw_move(A7, A8, 0), 9), // a pawn on the last rank must promote
    ]);
    assert_eq!(uci_moves(&book, &board), [("a7a8q".to_owned(), 1), ("a7b8n".to_owned(), 1), ("a7b8r".to_owned(), 1)]);
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let boards =
        [Board::startpos(), board_after("e2e4 d7d5 e4e5 f7f5"), "1n5k/P7/8/8/8/8/8/K7 w - - 0 1".parse().unwrap()];
    for round in 0..2_000 {
        let len = (rng.next_u32() % 100) as usize;
        let mut bytes = vec![0; len];
        rng.fill_bytes(&mut bytes);
        let _ = Book::from_bytes(&bytes);

        // A well-formed book of random moves for real positions.
        let board = &boards[round % boards.len()];
        let mut entries: Vec<BookEntry> =
            (0..8).map(|_| entry(polyglot_key(board), rng.next_u32() as u16, rng.next_u32() as u16)).collect();
        entries.sort_by_key(|e| e.key);
        let book = book_of(&entries);
        for m in book.moves(board) {
            assert!(board.is_legal(m.mv));
        }
        if let Some(mv) = book.pick(board, &mut rng) {
            assert!(board.is_legal(mv));
        }
    }
}
