//! # chess-core
//!
//! The rules of chess, fast and exact: a bitboard [`Board`] with legal move generation (standard
//! chess and Chess960), incremental Zobrist hashing, FEN, UCI and SAN notation, a [`Game`] with
//! its history and every draw rule, PGN, and [`perft`].
//!
//! No engine logic lives here; `chess-eval` and `chess-search` build on it.
//!
//! ```
//! use chess_core::{Board, Game, GameStatus, perft};
//!
//! let board = Board::startpos();
//! assert_eq!(board.legal_moves().len(), 20);
//! assert_eq!(perft(&board, 4), 197_281);
//!
//! let mut game = Game::new();
//! game.play_san("e4").unwrap();
//! game.play_uci("e7e5").unwrap();
//! assert_eq!(game.status(), GameStatus::Ongoing);
//! assert_eq!(game.board().to_string(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
//! ```
//!
//! ## Design
//! - Small `Copy` types with `const fn` accessors: [`Square`], [`File`], [`Rank`], [`Color`],
//!   [`Role`], [`Piece`], [`BitBoard`] (a set of squares), [`Move`] (16 bits).
//! - Attack tables (magic bitboards for sliders) are computed by `const fn` at compile time.
//! - [`Board`] is a `Copy` value; [`Board::play`] panics on an illegal move, [`Board::try_play`]
//!   returns an error, [`Board::play_unchecked`] trusts the caller (the search's path).
//! - Text input never panics: FEN syntax errors ([`FenSyntaxError`]) are kept apart from
//!   illegal positions ([`PositionError`]); move strings give [`UciMoveError`] or [`SanError`],
//!   a move by its squares ([`Board::move_between`]) a [`SquaresError`].
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod checks;
mod chess960;
mod chess_move;
mod enums;
mod excerpt;
mod explain;
mod fen;
mod file;
mod game;
mod movegen;
mod notation;
mod perft;
mod pgn;
mod piece;
mod see;
mod square;
pub mod zobrist;

pub use bitboard::{BitBoard, BitBoardIter};
pub use board::{Board, IllegalMoveError, STARTPOS};
pub use castling::{CastleSide, CastlingMode, CastlingRights};
pub use checks::CheckSquares;
pub use chess960::CHESS960_POSITIONS;
pub use chess_move::{Move, MoveList, MAX_MOVES};
pub use excerpt::excerpt;
pub use explain::MoveRejection;
pub use fen::{FenError, FenSyntaxError, MaterialRule, PositionError, Setup};
pub use file::{read_file, read_text_file, regular_file_path, write_file, write_file_with};
pub use game::{Decision, Game, GameStatus};
pub use movegen::{PieceMoves, PieceMovesIter};
pub use notation::{SanError, SquaresError, UciMoveError};
pub use perft::{divide, perft, perft_full};
pub use pgn::{
    read_pgn, Annotation, PgnError, PgnGame, PgnGames, PgnReadError, Variation, VariationMove, MAX_VARIATION_DEPTH,
};
pub use piece::{Color, Piece, Role};
pub use see::{see_value, SEE_VALUES};
pub use square::{File, ParseSquareError, Rank, Square};

/// The examples of the crate's README run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
