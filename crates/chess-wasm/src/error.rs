//! [`Error`]: everything the JavaScript side can get wrong, as one message each. The bindings
//! turn it into a thrown JS `Error` carrying the message.

use chess_core::{FenError, PgnError};

/// Why a call from JavaScript could not be done.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An unreadable FEN or an illegal position. chess-core's message for an unreadable one
    /// already starts with "invalid FEN", which is said once.
    #[error("invalid FEN: {}", fen_reason(.0))]
    Fen(#[from] FenError),
    /// An unreadable PGN.
    #[error("invalid PGN: {0}")]
    Pgn(#[from] PgnError),
    /// A game of a multi-game PGN that cannot be read: its number and line.
    #[error("invalid PGN: {0}")]
    PgnGame(#[from] chess_core::PgnReadError),
    /// A move that cannot be read or is not legal here; the text says why.
    #[error("{0}")]
    Move(String),
    /// A typed move that gives no legal move, and chess-core's reason.
    #[error("{text}: {reason}")]
    Rejected {
        /// What was typed.
        text: String,
        /// Why it is not a legal move here.
        reason: chess_core::MoveRejection,
    },
    /// Not a square name.
    #[error("invalid square '{0}': squares are written a1 to h8")]
    Square(String),
    /// Not a piece letter.
    #[error("invalid piece '{0}': pieces are written K Q R B N P (white) or k q r b n p (black)")]
    Piece(String),
    /// An edit that leaves no legal position.
    #[error("that leaves an illegal position: {0}")]
    Position(#[from] chess_core::PositionError),
    /// Options or limits that cannot be read or are out of range.
    #[error("invalid options: {0}")]
    Options(String),
    /// The game is over: no move can be played or searched.
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    /// No Chess960 start position has this number.
    #[error("no Chess960 start position {0}: they are numbered 0 to 959")]
    Chess960(u32),
    /// A variation that cannot be added or removed there: a path that addresses no move, no
    /// moves, moves past the end of the game, too deep.
    #[error("{0}")]
    Variation(String),
    /// The colour is not `white` or `black`.
    #[error("invalid colour '{0}': expected 'white' or 'black'")]
    Color(String),
    /// Bytes that are not a net file, and why.
    #[error("invalid net: {0}")]
    Net(String),
    /// A data file of the engine that is not yet there (the `host-data` build; `crate::data`):
    /// their names.
    #[error(
        "the engine's data ({0}) is not loaded yet: in a page, `await preload()` (exported by the package) once \
         before the first AI, review or opening call; in Node and in workers it loads by itself on first use"
    )]
    DataMissing(String),
    /// Bytes given as one of the engine's data files that are not that file, and why.
    #[error("invalid data file: {0}")]
    Data(String),
    /// A review given back (to annotate a PGN) that is not one, or not of this game.
    #[cfg(feature = "engine")]
    #[error(transparent)]
    Review(#[from] chess_ai::review::json::ReviewJsonError),
    /// The AI found no move to give (the game is over) or its search failed.
    #[cfg(feature = "engine")]
    #[error(transparent)]
    Ai(#[from] chess_ai::AiError),
    /// A review could not be made: its budget or options are out of range, or a search failed.
    #[cfg(feature = "engine")]
    #[error(transparent)]
    ReviewFailed(#[from] chess_ai::review::ReviewError),
}

impl Error {
    /// The package's machine-readable code for this error: the thrown JS `Error` carries it as
    /// `code`, and the package's `ChessError.code` is it (`ChessErrorCode` in
    /// web/packages/engine/src/errors.ts lists every code, this crate's among them).
    ///
    /// ```
    /// use chess_wasm::position::Position;
    /// assert_eq!(Position::new(Some("not a fen")).unwrap_err().code(), "INVALID_FEN");
    /// let mut game = Position::new(None).unwrap();
    /// assert_eq!(game.play("Ke3").unwrap_err().code(), "ILLEGAL_MOVE");
    /// assert_eq!(game.legal_moves_from(Some("z9")).unwrap_err().code(), "INVALID_SQUARE");
    /// ```
    pub fn code(&self) -> &'static str {
        #[cfg(feature = "engine")]
        use chess_ai::review::ReviewError;
        match self {
            // An edit that leaves no position is one of a FEN too (the package edits by FEN).
            Error::Fen(_) | Error::Position(_) => "INVALID_FEN",
            Error::Pgn(_) | Error::PgnGame(_) => "INVALID_PGN",
            Error::Rejected { reason: chess_core::MoveRejection::Unreadable(_), .. } => "INVALID_MOVE",
            Error::Move(_) | Error::Rejected { .. } => "ILLEGAL_MOVE",
            Error::Square(_) => "INVALID_SQUARE",
            Error::Piece(_) | Error::Color(_) | Error::Chess960(_) | Error::Variation(_) => "INVALID_ARGUMENT",
            Error::Options(_) => "INVALID_OPTION",
            #[cfg(feature = "engine")]
            Error::ReviewFailed(ReviewError::Budget(_) | ReviewError::Options(_)) => "INVALID_OPTION",
            Error::GameOver(_) => "GAME_OVER",
            #[cfg(feature = "engine")]
            Error::Ai(chess_ai::AiError::NoLegalMove(_))
            | Error::ReviewFailed(ReviewError::Search(chess_ai::AiError::NoLegalMove(_))) => "GAME_OVER",
            #[cfg(feature = "engine")]
            Error::Ai(_) | Error::ReviewFailed(ReviewError::Search(_)) => "INTERNAL",
            // A reason chess-ai adds later (`ReviewError` is `#[non_exhaustive]`).
            #[cfg(feature = "engine")]
            Error::ReviewFailed(_) => "INTERNAL",
            Error::Net(_) => "INVALID_NET",
            Error::DataMissing(_) => "NOT_LOADED",
            Error::Data(_) => "INVALID_DATA",
            #[cfg(feature = "engine")]
            Error::Review(_) => "INVALID_REVIEW",
        }
    }
}

/// `e`'s message without a leading "invalid FEN: " (chess-core's syntax errors carry it; the
/// variant's own prefix says it once for every FEN error).
fn fen_reason(e: &FenError) -> String {
    let text = e.to_string();
    match text.strip_prefix("invalid FEN: ") {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}

#[cfg(feature = "engine")]
impl From<chess_ai::OptionsError> for Error {
    fn from(e: chess_ai::OptionsError) -> Self {
        Error::Options(e.to_string())
    }
}

#[cfg(feature = "engine")]
impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Options(e.to_string())
    }
}
