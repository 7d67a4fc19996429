//! Polyglot opening books: reading the format, looking positions up, picking a book move.
//!
//! A Polyglot book (`.bin`) is a sequence of 16-byte big-endian entries sorted by position key:
//! the key (`u64`, see [`polyglot_key`]), a move (`u16`), a weight (`u16`, how often to play the
//! move relative to the others) and a learn value (`u32`, unused here). The format is described at
//! <http://hgm.nubati.net/book_format.html>.
//!
//! [`Book::embedded`] is a small book vendored with the crate (`data/lichess_openings_cc0.bin`,
//! CC0, 8,055 entries); [`Book::open`] and [`Book::from_bytes`] read any other.
//!
//! ```
//! use chess_ai::Book;
//! use chess_core::Board;
//! use rand::SeedableRng;
//! use rand_chacha::ChaCha8Rng;
//!
//! let book = Book::embedded();
//! let board = Board::startpos();
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let mv = book.pick(&board, &mut rng).expect("the start position is in the book");
//! assert!(board.is_legal(mv));
//! ```
//!
//! Moves are decoded for the position they are looked up in and kept only when legal there,
//! so a damaged or foreign book can not produce an illegal move. Castling is stored as the king
//! taking its own rook (`e1h1`), which is also how [`Move`] encodes it.
//!
//! One known difference from the reference: Polyglot hashes the en-passant file whenever a pawn
//! of the side to move stands ready to capture, legal or not, but [`Board`] keeps an en-passant
//! square only when the capture is legal. In the rare position where the only such capture would
//! leave the king in check, [`polyglot_key`] therefore differs from other Polyglot readers.

use core::fmt;
use std::sync::OnceLock;

use chess_core::attacks::pawn_attacks;
use chess_core::{Board, CastleSide, Color, Move, Role, Square};
use rand::Rng;

use crate::polyglot_random::POLYGLOT_RANDOM;

/// Offset of the castling keys (`K Q k q`) in [`POLYGLOT_RANDOM`].
const CASTLING: usize = 768;
/// Offset of the en-passant file keys in [`POLYGLOT_RANDOM`].
const EN_PASSANT: usize = 772;
/// Index of the white-to-move key in [`POLYGLOT_RANDOM`].
const WHITE_TO_MOVE: usize = 780;

/// The size of one book entry on disk.
const ENTRY_SIZE: usize = 16;

/// The book vendored with the crate (given by the host at run time instead with `host-data`).
#[cfg(not(feature = "host-data"))]
static EMBEDDED: &[u8] = include_bytes!("../data/lichess_openings_cc0.bin");

/// The vendored book, parsed on first use (or as the host provided it, with `host-data`).
static VENDORED: OnceLock<Book> = OnceLock::new();

/// The Polyglot key of a position: the hash that book entries are sorted and looked up by.
///
/// ```
/// use chess_ai::polyglot_key;
/// use chess_core::Board;
/// assert_eq!(polyglot_key(&Board::startpos()), 0x463b_9618_1691_fc9c);
/// ```
pub fn polyglot_key(board: &Board) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            let kind = 2 * role.index() + usize::from(color == Color::White);
            for sq in board.colored_pieces(color, role) {
                key ^= POLYGLOT_RANDOM[64 * kind + sq.index()];
            }
        }
    }

    let rights = board.castling_rights();
    let castling = [
        (Color::White, CastleSide::Short),
        (Color::White, CastleSide::Long),
        (Color::Black, CastleSide::Short),
        (Color::Black, CastleSide::Long),
    ];
    for (i, (color, side)) in castling.into_iter().enumerate() {
        if rights.get(color, side).is_some() {
            key ^= POLYGLOT_RANDOM[CASTLING + i];
        }
    }

    // The en-passant file counts only when a pawn of the side to move could capture there.
    let us = board.side_to_move();
    if let Some(ep) = board.en_passant() {
        if (pawn_attacks(!us, ep) & board.colored_pieces(us, Role::Pawn)).is_nonempty() {
            key ^= POLYGLOT_RANDOM[EN_PASSANT + ep.file().index()];
        }
    }

    if us == Color::White {
        key ^= POLYGLOT_RANDOM[WHITE_TO_MOVE];
    }
    key
}

/// One entry of a Polyglot book, as stored: 16 bytes, big-endian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The [`polyglot_key`] of the position.
    pub key: u64,
    /// The move, Polyglot-encoded: destination file in bits 0-2 and rank in bits 3-5, origin
    /// file in bits 6-8 and rank in bits 9-11, promotion in bits 12-14 (1 knight, 2 bishop,
    /// 3 rook, 4 queen). Castling is the king moving onto its own rook (`e1h1`).
    pub raw_move: u16,
    /// How often to play the move, relative to the other moves of the position (0: never).
    pub weight: u16,
    /// Learning data some tools store; ignored by this reader.
    pub learn: u32,
}

impl BookEntry {
    /// Decode an entry from its 16 bytes.
    pub fn from_bytes(bytes: [u8; ENTRY_SIZE]) -> Self {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = bytes;
        BookEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// Encode the entry as its 16 bytes.
    pub fn to_bytes(&self) -> [u8; ENTRY_SIZE] {
        let mut bytes = [0; ENTRY_SIZE];
        bytes[0..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..16].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }

    /// The entry's move on `board`, or `None` if the encoding is invalid or the move is not legal
    /// there.
    pub fn legal_move(&self, board: &Board) -> Option<Move> {
        let raw = usize::from(self.raw_move);
        let promotion = match raw >> 12 {
            0 => None,
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => return None,
        };
        // `rank * 8 + file` is exactly a `Square` index, for both squares.
        let to = Square::from_index(raw & 63);
        let from = Square::from_index(raw >> 6 & 63);
        let mv = Move::new(from, to, promotion);
        board.is_legal(mv).then_some(mv)
    }
}

/// A book move for a position, with its weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move, legal in the position it was looked up for.
    pub mv: Move,
    /// Its weight: the sum of the weights of the book's entries for it (never 0).
    pub weight: u16,
}

/// Why a book could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The data is not a whole number of 16-byte entries.
    #[error("book data of {len} bytes is not a whole number of 16-byte entries")]
    Truncated {
        /// The length of the data, in bytes.
        len: usize,
    },
    /// The entries are not sorted by key, so positions could not be looked up.
    #[error("book entries are not sorted by key (entry {index} comes before the one preceding it)")]
    Unsorted {
        /// The index of the first entry whose key is lower than its predecessor's.
        index: usize,
    },
    /// The book file could not be read.
    #[error("cannot read book file {path}: {source}")]
    Io {
        /// The path of the file.
        path: String,
        /// The error of the file system.
        #[source]
        source: std::io::Error,
    },
}

/// A Polyglot opening book held in memory: its entries, sorted by key.
///
/// ```
/// use chess_ai::Book;
/// use chess_core::{Board, CastlingMode};
///
/// let board = Board::startpos();
/// let moves = Book::embedded().moves(&board);
/// let best = moves.iter().max_by_key(|m| m.weight).unwrap();
/// assert_eq!(board.uci(best.mv, CastlingMode::Standard), "e2e4");
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<BookEntry>,
}

impl Book {
    /// Parse a book from the contents of a `.bin` file. Any bytes give a book or an error, never a
    /// panic; the moves are checked only when looked up.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() % ENTRY_SIZE != 0 {
            return Err(BookError::Truncated { len: bytes.len() });
        }
        let entries: Vec<BookEntry> = bytes
            .chunks_exact(ENTRY_SIZE)
            .map(|chunk| {
                let mut entry = [0; ENTRY_SIZE];
                entry.copy_from_slice(chunk);
                BookEntry::from_bytes(entry)
            })
            .collect();
        if let Some(i) = entries.windows(2).position(|pair| pair[0].key > pair[1].key) {
            return Err(BookError::Unsorted { index: i + 1 });
        }
        Ok(Book { entries })
    }

    /// The largest book file read: 1 GiB (64 million entries).
    pub const MAX_FILE_BYTES: u64 = 1 << 30;

    /// Read a book file (the `fs` feature, on by default): a regular file of at most
    /// [`MAX_FILE_BYTES`](Self::MAX_FILE_BYTES).
    #[cfg(feature = "fs")]
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = chess_core::read_file(path, Self::MAX_FILE_BYTES)
            .map_err(|source| BookError::Io { path: path.display().to_string(), source })?;
        Book::from_bytes(&bytes)
    }

    /// The book vendored with the crate (CC0, 8,055 entries), parsed on first use. With the
    /// `host-data` feature it is the book the host gave (`Book::provide`), and an
    /// empty book until then.
    pub fn embedded() -> &'static Book {
        #[cfg(not(feature = "host-data"))]
        return VENDORED.get_or_init(|| Book::from_bytes(EMBEDDED).expect("the embedded book is well formed"));
        #[cfg(feature = "host-data")]
        {
            static EMPTY: Book = Book { entries: Vec::new() };
            VENDORED.get().unwrap_or(&EMPTY)
        }
    }

    /// Give the vendored book's bytes (`data/lichess_openings_cc0.bin`; the `host-data`
    /// feature compiles none in). A book already provided stays as it is.
    #[cfg(feature = "host-data")]
    pub fn provide(bytes: &[u8]) -> Result<&'static Book, BookError> {
        let book = Book::from_bytes(bytes)?;
        Ok(VENDORED.get_or_init(|| book))
    }

    /// Whether [`embedded`](Self::embedded) is the vendored book: always, unless the `host-data`
    /// feature leaves it to the host, which has not yet provided it (`Book::provide`).
    pub fn is_available() -> bool {
        !cfg!(feature = "host-data") || VENDORED.get().is_some()
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries stored for `key` (see [`polyglot_key`]), in book order; found by binary search.
    pub fn entries(&self, key: u64) -> &[BookEntry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let len = self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..start + len]
    }

    /// The book moves for `board`, in book order: entries of weight 0 and moves that are not legal
    /// here are left out, and entries for the same move are merged (their weights added).
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        let mut moves: Vec<BookMove> = Vec::new();
        for entry in self.entries(polyglot_key(board)) {
            if entry.weight == 0 {
                continue;
            }
            let Some(mv) = entry.legal_move(board) else { continue };
            match moves.iter_mut().find(|m| m.mv == mv) {
                Some(m) => m.weight = m.weight.saturating_add(entry.weight),
                None => moves.push(BookMove { mv, weight: entry.weight }),
            }
        }
        moves
    }

    /// A book move for `board`, chosen at random with probability proportional to its weight, or
    /// `None` if the position is not in the book. The choice depends only on the book, the
    /// position and the state of `rng`.
    pub fn pick<R: rand::RngCore + ?Sized>(&self, board: &Board, rng: &mut R) -> Option<Move> {
        let moves = self.moves(board);
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut point = rng.gen_range(0..total);
        for m in &moves {
            let weight = u64::from(m.weight);
            if point < weight {
                return Some(m.mv);
            }
            point -= weight;
        }
        None
    }
}

impl fmt::Debug for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Book").field("len", &self.len()).finish_non_exhaustive()
    }
}
