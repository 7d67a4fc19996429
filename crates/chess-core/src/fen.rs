//! FEN: parsing (with separate syntax and legality errors) and writing.
//!
//! Castling fields are read in every common form: `KQkq`, X-FEN (`K`/`Q` meaning the outermost
//! rook on that side, a file letter for another rook) and Shredder-FEN (file letters only,
//! `HAha`). They are written as X-FEN, which is plain `KQkq` for every standard-chess position.
//!
//! The en-passant field is written only when an en-passant capture is legal (the convention of
//! python-chess's default and of the repetition rule); when reading, a field that is consistent
//! with a double push but allows no legal capture is accepted and dropped.

use core::fmt;
use core::str::FromStr;

use crate::{BitBoard, Board, CastleSide, CastlingRights, Color, File, Piece, Rank, Role, Square};

/// A FEN that is not well-formed text: what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenSyntaxError {
    /// Not 4 to 6 space-separated fields.
    #[error("expected 6 fields (placement, side, castling, en passant, halfmove, fullmove), found {found}")]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// The placement does not have 8 ranks.
    #[error("piece placement has {found} ranks, expected 8")]
    RankCount {
        /// Ranks found.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("invalid character {ch:?} in rank {rank} of the piece placement")]
    BadPiece {
        /// The rank being read.
        rank: Rank,
        /// The character.
        ch: char,
    },
    /// A rank describes more than 8 squares.
    #[error("rank {rank} describes more than 8 squares")]
    RankTooLong {
        /// The rank.
        rank: Rank,
    },
    /// A rank describes fewer than 8 squares.
    #[error("rank {rank} describes only {squares} squares")]
    RankTooShort {
        /// The rank.
        rank: Rank,
        /// Squares described.
        squares: usize,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found {0:?}")]
    SideToMove(String),
    /// The castling field has an invalid or repeated character.
    #[error("invalid castling field {0:?}")]
    Castling(String),
    /// The en-passant field is not `-` or a square on rank 3 or 6.
    #[error("invalid en-passant field {0:?}: expected '-' or a square on rank 3 or 6")]
    EnPassant(String),
    /// The halfmove clock is not a number.
    #[error("invalid halfmove clock {0:?}")]
    HalfmoveClock(String),
    /// The fullmove number is not a positive number.
    #[error("invalid fullmove number {0:?}")]
    FullmoveNumber(String),
}

/// A well-formed FEN describing a position that cannot occur in a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    /// Pawns stand on the first or eighth rank.
    #[error("pawn on {0}: pawns cannot stand on the first or eighth rank")]
    PawnOnBackRank(Square),
    /// More than 16 pieces, more than 8 pawns, or more promoted pieces than missing pawns
    /// ([`MaterialRule::Reachable`]).
    #[error("{0} has impossible material")]
    ImpossibleMaterial(Color),
    /// So many pieces that their moves could overflow a [`MoveList`](crate::MoveList), refused
    /// even under [`MaterialRule::Playable`].
    #[error("{0} has more pieces than a position can hold moves for")]
    UnplayableMaterial(Color),
    /// The side that is not to move is in check.
    #[error("{0} is in check but it is not their move")]
    OppositeCheck(Color),
    /// A castling right without the king on its back rank.
    #[error("{color} has a castling right but its king is not on its back rank")]
    CastlingWithoutKing {
        /// Whose right.
        color: Color,
    },
    /// A castling right without a rook on the right square.
    #[error("{color} has a castling right for a rook on {square} but has no rook there")]
    CastlingWithoutRook {
        /// Whose right.
        color: Color,
        /// Where the rook should be.
        square: Square,
    },
    /// The en-passant square does not follow a double pawn push.
    #[error("en-passant square {0} does not follow a double pawn push")]
    EnPassant(Square),
}

/// How much material [`Board::from_setup_with`] accepts on a side.
///
/// ```
/// use chess_core::{Board, MaterialRule};
/// // The start position with a third black rook: set up by hand, never reached in a game.
/// let fen = "rnb1kbnr/pppppppp/8/3r4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert!(Board::from_fen(fen).is_err());
/// let board = Board::from_fen_with(fen, MaterialRule::Playable).unwrap();
/// assert_eq!(board.legal_moves().len(), 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MaterialRule {
    /// What a game can reach: at most 16 pieces and 8 pawns a side, and no more promoted pieces
    /// than pawns missing. [`Board::from_fen`] and [`Board::from_setup`] judge by it.
    #[default]
    Reachable,
    /// Any material whose moves fit a [`MoveList`](crate::MoveList): a position set up by hand,
    /// such as three rooks beside eight pawns, as js-chess-engine, chess.js and Stockfish accept
    /// it. Everything else a legal position needs (one king a side, no pawn on a back rank, the
    /// side not to move not in check, castling rights and en passant that hold) is still checked.
    Playable,
}

impl MaterialRule {
    /// Whether `color`'s material on `board` passes this rule.
    fn admits(self, board: &Board, color: Color) -> Result<(), PositionError> {
        let count = |r: Role| board.colored_pieces(color, r).len() as usize;
        match self {
            MaterialRule::Reachable => {
                let promoted = count(Role::Queen).saturating_sub(1)
                    + count(Role::Rook).saturating_sub(2)
                    + count(Role::Bishop).saturating_sub(2)
                    + count(Role::Knight).saturating_sub(2);
                let pawns = count(Role::Pawn);
                if board.colored(color).len() > 16 || pawns > 8 || promoted + pawns > 8 {
                    return Err(PositionError::ImpossibleMaterial(color));
                }
            }
            MaterialRule::Playable => {
                // The most moves each piece can have: a queen 27, a rook 14, a bishop 13, a knight
                // 8, the king 8 and two castlings, a pawn 12 (three ways to the last rank, four
                // promotions each).
                let most = 27 * count(Role::Queen)
                    + 14 * count(Role::Rook)
                    + 13 * count(Role::Bishop)
                    + 8 * count(Role::Knight)
                    + 12 * count(Role::Pawn)
                    + 10;
                if most > crate::MAX_MOVES {
                    return Err(PositionError::UnplayableMaterial(color));
                }
            }
        }
        Ok(())
    }
}

/// Why a FEN was rejected: its syntax, or the position it describes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// Not well-formed.
    #[error("invalid FEN: {0}")]
    Syntax(#[from] FenSyntaxError),
    /// Well-formed, but not a legal position.
    #[error("illegal position: {0}")]
    Position(#[from] PositionError),
}

/// A position as written in a FEN, before legality checks. Build a [`Board`] from it with
/// [`Board::from_setup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square.
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub side: Color,
    /// Castling rights (rook files).
    pub castling: CastlingRights,
    /// The en-passant field.
    pub ep: Option<Square>,
    /// The halfmove clock.
    pub halfmove: u16,
    /// The fullmove number.
    pub fullmove: u16,
}

impl Setup {
    /// Parse a FEN's text without judging the position (the castling field is resolved against
    /// the placement, so `K` finds the outermost rook).
    pub fn parse(fen: &str) -> Result<Setup, FenSyntaxError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenSyntaxError::FieldCount { found: fields.len() });
        }
        let mut board = [None; 64];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenSyntaxError::RankCount { found: ranks.len() });
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = Rank::ALL[7 - i];
            let mut file = 0usize;
            for ch in text.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(piece) = Piece::from_char(ch) {
                    if file < 8 {
                        board[Square::new(File::ALL[file], rank) as usize] = Some(piece);
                    }
                    file += 1;
                } else {
                    return Err(FenSyntaxError::BadPiece { rank, ch });
                }
                if file > 8 {
                    return Err(FenSyntaxError::RankTooLong { rank });
                }
            }
            if file < 8 {
                return Err(FenSyntaxError::RankTooShort { rank, squares: file });
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenSyntaxError::SideToMove(crate::excerpt(other).into_owned())),
        };
        let castling = parse_castling(fields[2], &board)?;
        let ep = match fields[3] {
            "-" => None,
            s => match s.parse::<Square>() {
                Ok(sq) if matches!(sq.rank(), Rank::Third | Rank::Sixth) => Some(sq),
                _ => return Err(FenSyntaxError::EnPassant(crate::excerpt(s).into_owned())),
            },
        };
        let halfmove = match fields.get(4) {
            None => 0,
            Some(s) => s.parse::<u16>().map_err(|_| FenSyntaxError::HalfmoveClock(crate::excerpt(s).into_owned()))?,
        };
        let fullmove = match fields.get(5) {
            None => 1,
            Some(s) => match s.parse::<u16>() {
                Ok(n) if n >= 1 => n,
                // Some tools write 0; treat it as 1 rather than reject the position.
                Ok(_) => 1,
                Err(_) => return Err(FenSyntaxError::FullmoveNumber(crate::excerpt(s).into_owned())),
            },
        };
        Ok(Setup { board, side, castling, ep, halfmove, fullmove })
    }
}

fn parse_castling(field: &str, board: &[Option<Piece>; 64]) -> Result<CastlingRights, FenSyntaxError> {
    let err = || FenSyntaxError::Castling(crate::excerpt(field).into_owned());
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    if field.is_empty() || field.len() > 4 {
        return Err(err());
    }
    for ch in field.chars() {
        let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back = Rank::First.relative_to(color);
        let rook = Piece::new(color, Role::Rook);
        let on_back = |f: File| board[Square::new(f, back) as usize];
        let king_file = File::ALL.into_iter().find(|&f| on_back(f) == Some(Piece::new(color, Role::King)));
        let (side, file) = match ch.to_ascii_lowercase() {
            'k' => {
                let file = king_file.and_then(|k| {
                    File::ALL.into_iter().rev().take_while(|&f| f > k).find(|&f| on_back(f) == Some(rook))
                });
                (CastleSide::Short, file.unwrap_or(File::H))
            }
            'q' => {
                let file = king_file
                    .and_then(|k| File::ALL.into_iter().take_while(|&f| f < k).find(|&f| on_back(f) == Some(rook)));
                (CastleSide::Long, file.unwrap_or(File::A))
            }
            c => {
                let file = File::from_char(c.to_ascii_lowercase()).ok_or_else(err)?;
                // Side relative to the king; without a king on the back rank, guess from the file
                // (the position check reports the missing king).
                let short = match king_file {
                    Some(k) => file > k,
                    None => file >= File::E,
                };
                (if short { CastleSide::Short } else { CastleSide::Long }, file)
            }
        };
        if rights.get(color, side).is_some() {
            return Err(err());
        }
        rights.set(color, side, Some(file));
    }
    Ok(rights)
}

impl Board {
    /// Parse a FEN (or X-FEN / Shredder-FEN); the halfmove and fullmove fields may be omitted.
    ///
    /// ```
    /// use chess_core::{Board, FenError, FenSyntaxError, PositionError, Color};
    /// assert!(Board::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").is_ok());
    /// assert!(matches!(
    ///     Board::from_fen("8/8/8/8/8/8/8/K6x w - - 0 1"),
    ///     Err(FenError::Syntax(FenSyntaxError::BadPiece { ch: 'x', .. }))
    /// ));
    /// assert_eq!(
    ///     Board::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1"),
    ///     Err(FenError::Position(PositionError::MissingKing(Color::Black)))
    /// );
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        Board::from_fen_with(fen, MaterialRule::Reachable)
    }

    /// Parse a FEN as [`Board::from_fen`] does, judging material by `rule`.
    pub fn from_fen_with(fen: &str, rule: MaterialRule) -> Result<Board, FenError> {
        Ok(Board::from_setup_with(&Setup::parse(fen)?, rule)?)
    }

    /// Build a board from a [`Setup`], checking that the position is legal.
    pub fn from_setup(setup: &Setup) -> Result<Board, PositionError> {
        Board::from_setup_with(setup, MaterialRule::Reachable)
    }

    /// Build a board from a [`Setup`], checking that the position is legal with its material
    /// judged by `rule`.
    pub fn from_setup_with(setup: &Setup, rule: MaterialRule) -> Result<Board, PositionError> {
        let mut b = Board {
            by_role: [BitBoard::EMPTY; 6],
            by_color: [BitBoard::EMPTY; 2],
            side: setup.side,
            castling: setup.castling,
            ep: None,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            hash: 0,
            checkers: BitBoard::EMPTY,
            pinned: BitBoard::EMPTY,
        };
        for sq in Square::ALL {
            if let Some(p) = setup.board[sq as usize] {
                b.by_role[p.role as usize] |= sq.bitboard();
                b.by_color[p.color as usize] |= sq.bitboard();
            }
        }
        for color in Color::ALL {
            match b.colored_pieces(color, Role::King).len() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(sq) = (b.pieces(Role::Pawn) & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for color in Color::ALL {
            rule.admits(&b, color)?;
        }
        for color in Color::ALL {
            let back = Rank::First.relative_to(color);
            for side in CastleSide::ALL {
                let Some(file) = b.castling.get(color, side) else { continue };
                let king = b.king(color);
                if king.rank() != back {
                    return Err(PositionError::CastlingWithoutKing { color });
                }
                let square = Square::new(file, back);
                let on_correct_side = match side {
                    CastleSide::Short => file > king.file(),
                    CastleSide::Long => file < king.file(),
                };
                if !b.colored_pieces(color, Role::Rook).has(square) || !on_correct_side {
                    return Err(PositionError::CastlingWithoutRook { color, square });
                }
            }
        }
        let them = !b.side;
        if b.is_attacked(b.king(them), b.side, b.occupied()) {
            return Err(PositionError::OppositeCheck(them));
        }
        b.update_checks_and_pins();
        if let Some(ep) = setup.ep {
            // The pawn that just moved two squares stands in front of `ep`, with `ep` and the
            // square it came from empty.
            let pusher = !b.side;
            let consistent = ep.rank() == Rank::Third.relative_to(pusher)
                && b.colored_pieces(pusher, Role::Pawn).has(ep.forward(pusher, 1))
                && !b.occupied().has(ep)
                && !b.occupied().has(ep.forward(!pusher, 1));
            if !consistent {
                return Err(PositionError::EnPassant(ep));
            }
            if b.ep_capture_is_legal(ep) {
                b.ep = Some(ep);
            }
        }
        b.hash = b.compute_hash();
        Ok(b)
    }

    /// The FEN of the position (X-FEN castling, `KQkq` in standard chess; see the module docs).
    pub fn fen(&self) -> String {
        self.to_string()
    }

    /// The placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(64);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_on(Square::new(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                s.push('/');
            }
        }
        s
    }

    fn castling_fen(&self) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            let back = Rank::First.relative_to(color);
            let rooks = self.colored_pieces(color, Role::Rook) & back.bitboard();
            for side in CastleSide::ALL {
                let Some(file) = self.castling.get(color, side) else { continue };
                // `K`/`Q` name the outermost rook on that side; any other rook needs its file.
                let outermost = match side {
                    CastleSide::Short => rooks.last().map(Square::file) == Some(file),
                    CastleSide::Long => rooks.first().map(Square::file) == Some(file),
                };
                let c = if outermost {
                    match side {
                        CastleSide::Short => 'k',
                        CastleSide::Long => 'q',
                    }
                } else {
                    file.char()
                };
                s.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

impl fmt::Display for Board {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} ", self.board_fen(), self.side.char(), self.castling_fen())?;
        match self.ep {
            Some(sq) => write!(f, "{sq}")?,
            None => write!(f, "-")?,
        }
        write!(f, " {} {}", self.halfmove, self.fullmove)
    }
}

impl FromStr for Board {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Board, FenError> {
        Board::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> FenError {
        Board::from_fen(fen).unwrap_err()
    }

    #[test]
    fn startpos_round_trips() {
        assert_eq!(Board::startpos().fen(), crate::STARTPOS);
    }

    #[test]
    fn syntax_errors_say_what_and_where() {
        use FenSyntaxError::*;
        assert_eq!(err("8/8/8 w"), FenError::Syntax(FieldCount { found: 2 }));
        assert_eq!(err("8/8/8/8/8/8/8 w - - 0 1"), FenError::Syntax(RankCount { found: 7 }));
        assert_eq!(
            err("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::Syntax(BadPiece { rank: Rank::Seventh, ch: 'x' })
        );
        assert_eq!(
            err("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::Syntax(RankTooLong { rank: Rank::Seventh })
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1"),
            FenError::Syntax(RankTooShort { rank: Rank::Second, squares: 7 })
        );
        assert_eq!(err("8/8/8/8/8/8/8/K6k x - - 0 1"), FenError::Syntax(SideToMove("x".into())));
        assert_eq!(err("8/8/8/8/8/8/8/K6k w KK - 0 1"), FenError::Syntax(Castling("KK".into())));
        assert_eq!(err("8/8/8/8/8/8/8/K6k w - e4 0 1"), FenError::Syntax(EnPassant("e4".into())));
        assert_eq!(err("8/8/8/8/8/8/8/K6k w - - x 1"), FenError::Syntax(HalfmoveClock("x".into())));
        assert_eq!(err("8/8/8/8/8/8/8/K6k w - - 0 -1"), FenError::Syntax(FullmoveNumber("-1".into())));
        assert_eq!(err("8/8/8/8/8/8/8/K5k9 w - - 0 1"), FenError::Syntax(BadPiece { rank: Rank::First, ch: '9' }));
    }

    #[test]
    fn position_errors() {
        use PositionError::*;
        assert_eq!(err("8/8/8/8/8/8/8/K7 w - - 0 1"), FenError::Position(MissingKing(Color::Black)));
        assert_eq!(err("k7/8/8/8/8/8/8/K6K w - - 0 1"), FenError::Position(TooManyKings(Color::White)));
        assert_eq!(err("k6P/8/8/8/8/8/8/K7 w - - 0 1"), FenError::Position(PawnOnBackRank(Square::H8)));
        assert_eq!(err("k6R/8/8/8/8/8/8/K7 w - - 0 1"), FenError::Position(OppositeCheck(Color::Black)));
        assert_eq!(
            err("k7/8/8/8/8/8/1K6/7R w K - 0 1"),
            FenError::Position(CastlingWithoutKing { color: Color::White })
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/4K3 w K - 0 1"),
            FenError::Position(CastlingWithoutRook { color: Color::White, square: Square::H1 })
        );
        assert_eq!(err("k7/8/8/8/8/8/8/K7 w - e6 0 1"), FenError::Position(EnPassant(Square::E6)));
        assert_eq!(err("k7/8/8/8/8/8/8/K7 b - e3 0 1"), FenError::Position(EnPassant(Square::E3)));
        assert_eq!(err("QQQQQQQQ/QQ6/8/8/8/8/8/K6k w - - 0 1"), FenError::Position(ImpossibleMaterial(Color::White)));
    }

    #[test]
    fn playable_material_admits_set_up_positions_that_the_move_list_can_hold() {
        use crate::perft::perft;
        let third_rook = "rnbqkbnr/pppppppp/8/3r4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(err(third_rook), FenError::Position(PositionError::ImpossibleMaterial(Color::Black)));
        // Perft against python-chess, which plays any material.
        for (fen, nodes) in [(third_rook.to_owned(), 13_294), (third_rook.replace(" w ", " b "), 18_211)] {
            let b = Board::from_fen_with(&fen, MaterialRule::Playable).unwrap();
            assert_eq!(perft(&b, 3), nodes, "{fen}");
            assert_eq!(b.fen(), fen);
        }
        let nine_queens = Board::from_fen_with("1Q3kQ1/8/8/8/QKQ5/3Q3Q/1QQ5/1Q6 b - - 0 1", MaterialRule::Playable);
        assert_eq!([1, 2, 3].map(|d| perft(nine_queens.as_ref().unwrap(), d)), [1, 130, 6]);
        // Ten queens could have 270 moves: more than a move list holds.
        let ten_queens = "QQQQQQQQ/QQ6/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            Board::from_fen_with(ten_queens, MaterialRule::Playable),
            Err(FenError::Position(PositionError::UnplayableMaterial(Color::White)))
        );
        // The other rules still hold.
        let two_kings = "rnbqkbnr/pppppppp/8/3r4/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1";
        assert_eq!(
            Board::from_fen_with(two_kings, MaterialRule::Playable),
            Err(FenError::Position(PositionError::TooManyKings(Color::White)))
        );
    }

    #[test]
    fn en_passant_written_only_when_capturable() {
        // Double push without an adjacent enemy pawn: the field is accepted and dropped.
        let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(b.en_passant(), None);
        assert!(b.fen().contains(" - 0 1"));
        let b = Board::from_fen("k7/8/8/3pP3/8/8/8/K7 w - d6 0 1").unwrap();
        assert_eq!(b.en_passant(), Some(Square::D6));
        assert_eq!(b.fen(), "k7/8/8/3pP3/8/8/8/K7 w - d6 0 1");
    }

    #[test]
    fn chess960_castling_fields() {
        // Shredder-FEN and X-FEN give the same rights.
        let shredder = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
        let rights = shredder.castling_rights();
        assert_eq!(rights.get(Color::White, CastleSide::Short), Some(File::H));
        assert_eq!(rights.get(Color::White, CastleSide::Long), Some(File::F));
        assert_eq!(shredder.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
        let xfen = Board::from_fen(&shredder.fen()).unwrap();
        assert_eq!(xfen, shredder);
        // An inner rook needs its file letter.
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").unwrap();
        assert_eq!(b.castling_rights().get(Color::White, CastleSide::Short), Some(File::F));
        assert_eq!(b.fen(), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    }
}
