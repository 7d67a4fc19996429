//! Move notation: UCI long algebraic and SAN, both ways.

use crate::{Board, CastlingMode, File, Move, Rank, Role, Square};

/// Why a UCI move string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciMoveError {
    /// Not of the form `e2e4` / `e7e8q`.
    #[error("invalid UCI move {0:?}: expected origin and destination squares, then an optional promotion piece (e.g. e2e4, e7e8q)")]
    Syntax(String),
    /// Well-formed, but not a legal move here.
    #[error("illegal move {0:?}")]
    Illegal(String),
    /// A pawn's move to the last rank written without its promotion piece.
    #[error("move {0:?} promotes: add the promotion piece ({0}q for a queen)")]
    MissingPromotion(String),
    /// A promotion piece written after a legal move that is no promotion.
    #[error("move {0:?} is not a promotion: write it without the promotion piece")]
    NotAPromotion(String),
}

/// Why a move given by its two squares (a drag on a board, an application's `from` and `to`)
/// matches no legal move: see [`Board::move_between`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SquaresError {
    /// No legal move of a piece on `from` lands on `to`.
    #[error("{from}{to} is not a legal move here")]
    Illegal {
        /// The square the move starts from.
        from: Square,
        /// The square it was to land on.
        to: Square,
    },
    /// A pawn reaching the last rank: the promotion piece must be given.
    #[error("{from}{to} promotes: say to which piece")]
    MissingPromotion {
        /// The pawn's square.
        from: Square,
        /// The square it promotes on.
        to: Square,
    },
    /// A promotion piece given for a legal move that is no promotion.
    #[error("{from}{to} is not a promotion: give no promotion piece")]
    NotAPromotion {
        /// The square the move starts from.
        from: Square,
        /// The square it lands on.
        to: Square,
    },
}

/// Why a SAN move string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    /// Not readable as SAN.
    #[error("invalid SAN {0:?}: expected a move like e4, Nf3, exd5, e8=Q or O-O")]
    Syntax(String),
    /// No legal move matches.
    #[error("illegal move {0:?}")]
    Illegal(String),
    /// Several legal moves match; add the origin file or rank.
    #[error("ambiguous move {0:?}: several pieces can make it")]
    Ambiguous(String),
    /// A pawn reaching the last rank needs a promotion piece.
    #[error("move {0:?} promotes: say to which piece (e.g. e8=Q)")]
    MissingPromotion(String),
}

/// The en-passant marks of printed games, as written after the move (`exd6 e.p.`, `exd6ep`).
const EN_PASSANT_MARKS: [&str; 2] = ["e.p.", "ep"];

/// The length of the en-passant mark `s` ends with, in either case.
fn en_passant_mark_len(s: &str) -> Option<usize> {
    EN_PASSANT_MARKS
        .into_iter()
        // Bytes, not a `str` slice: text of any script is compared without cutting a character
        // (an ASCII mark ends on a character boundary).
        .find(|m| s.len() >= m.len() && s.as_bytes()[s.len() - m.len()..].eq_ignore_ascii_case(m.as_bytes()))
        .map(str::len)
}

/// Whether `word` is an en-passant mark alone (`e.p.`, `EP`): the PGN reader's word after a move.
pub(crate) fn is_en_passant_mark(word: &str) -> bool {
    en_passant_mark_len(word) == Some(word.len())
}

/// The move before an en-passant mark (after an optional space), if the text ends with one:
/// `Some("")` for a mark alone or on another mark (`epep`), which is no move.
pub(crate) fn strip_en_passant_mark(s: &str) -> Option<&str> {
    let len = en_passant_mark_len(s)?;
    let body = s[..s.len() - len].trim_end();
    Some(if en_passant_mark_len(body).is_some() { "" } else { body })
}

impl Board {
    /// Format a move in UCI notation. In [`CastlingMode::Standard`] castling is written as the
    /// king's two-square move (`e1g1`), in [`CastlingMode::Chess960`] as king takes rook (which
    /// is also used in standard mode when the king would not move two squares, as only Chess960
    /// allows).
    ///
    /// ```
    /// use chess_core::{Board, CastlingMode};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let castle = board.parse_uci("e1g1").unwrap();
    /// assert_eq!(board.uci(castle, CastlingMode::Standard), "e1g1");
    /// assert_eq!(board.uci(castle, CastlingMode::Chess960), "e1h1");
    /// ```
    pub fn uci(&self, mv: Move, mode: CastlingMode) -> String {
        // The king's-destination form is used only for a two-square king move (standard chess);
        // in a Chess960 position a one-square castling king move would read as a plain king move.
        let king_to = self.castling_king_square(mv);
        if mode == CastlingMode::Standard
            && self.is_castling(mv)
            && (king_to.file() as i8 - mv.from().file() as i8).abs() == 2
        {
            format!("{}{}", mv.from(), king_to)
        } else {
            mv.to_string()
        }
    }

    /// Parse a UCI move and check that it is legal. Castling is accepted both as the king's
    /// move to its destination (`e1g1`) and as king takes rook (`e1h1`); the promotion letter may
    /// be either case. The squares are resolved by [`move_between`](Self::move_between), so a
    /// promotion without its piece (`e7e8`) and a piece after a move that is no promotion
    /// (`e2e4q`) say so.
    ///
    /// ```
    /// use chess_core::{Board, UciMoveError};
    /// let board: Board = "4k3/P7/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(board.san(board.parse_uci("a7a8Q").unwrap()), "a8=Q+");
    /// assert_eq!(board.parse_uci("a7a8"), Err(UciMoveError::MissingPromotion("a7a8".into())));
    /// assert_eq!(board.parse_uci("e2e4q"), Err(UciMoveError::NotAPromotion("e2e4q".into())));
    /// assert_eq!(board.parse_uci("e2e5"), Err(UciMoveError::Illegal("e2e5".into())));
    /// ```
    pub fn parse_uci(&self, s: &str) -> Result<Move, UciMoveError> {
        let syntax = || UciMoveError::Syntax(crate::excerpt(s).into_owned());
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(syntax());
        }
        let from: Square = s[0..2].parse().map_err(|_| syntax())?;
        let to: Square = s[2..4].parse().map_err(|_| syntax())?;
        let promotion = match s[4..].chars().next() {
            None => None,
            // Only the four promotion pieces: `e7e8k` is no UCI move at all.
            Some(c) => Some(Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r)).ok_or_else(syntax)?),
        };
        let text = || crate::excerpt(s).into_owned();
        self.move_between(from, to, promotion).map_err(|e| match e {
            SquaresError::Illegal { .. } => UciMoveError::Illegal(text()),
            SquaresError::MissingPromotion { .. } => UciMoveError::MissingPromotion(text()),
            SquaresError::NotAPromotion { .. } => UciMoveError::NotAPromotion(text()),
        })
    }

    /// The legal move of the piece on `from` to `to`, promoting to `promotion`: what a board's
    /// drag, a click on two squares or an application's `from` / `to` mean. The only place that
    /// turns squares into a move (UCI text comes here through [`parse_uci`](Self::parse_uci)).
    ///
    /// - A castling king may be moved to its destination (`e1` to `g1`) or onto its rook (`e1`
    ///   to `h1`). A plain move to the square comes first: in Chess960 the king on `f1` moved to
    ///   `g1` is `Kg1` when that is legal, and castling is the king onto its rook.
    /// - A pawn reaching the last rank needs its piece ([`SquaresError::MissingPromotion`]
    ///   without one: a caller that wants a queen by default asks again with one), and a piece
    ///   given for a move that is no promotion is refused ([`SquaresError::NotAPromotion`]).
    ///
    /// ```
    /// use chess_core::{Board, Role, Square, SquaresError};
    /// let board: Board = "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1".parse().unwrap();
    /// let castle = board.move_between(Square::E1, Square::G1, None).unwrap();
    /// assert_eq!(board.san(castle), "O-O");
    /// assert_eq!(board.move_between(Square::E1, Square::H1, None), Ok(castle));
    /// let knight = board.move_between(Square::B7, Square::A8, Some(Role::Knight)).unwrap();
    /// assert_eq!(board.san(knight), "bxa8=N");
    /// assert_eq!(
    ///     board.move_between(Square::B7, Square::B8, None),
    ///     Err(SquaresError::MissingPromotion { from: Square::B7, to: Square::B8 })
    /// );
    /// assert_eq!(
    ///     board.move_between(Square::A1, Square::A7, Some(Role::Queen)),
    ///     Err(SquaresError::NotAPromotion { from: Square::A1, to: Square::A7 })
    /// );
    /// assert!(matches!(board.move_between(Square::E1, Square::E3, None), Err(SquaresError::Illegal { .. })));
    /// ```
    pub fn move_between(&self, from: Square, to: Square, promotion: Option<Role>) -> Result<Move, SquaresError> {
        // The common case, a legal move named exactly (replayed games, UCI move lists), without
        // generating the moves.
        if let Some(mv) = Move::try_new(from, to, promotion) {
            if from != to && self.is_legal(mv) {
                return Ok(mv);
            }
        }
        let moves = self.legal_moves();
        let mut candidates = moves
            .iter()
            .copied()
            .filter(|&m| m.from() == from && (m.to() == to || self.landing_square(m) == to))
            .peekable();
        let Some(&first) = candidates.peek() else {
            return Err(SquaresError::Illegal { from, to });
        };
        // Moves of one piece between two squares are all promotions or none of them are.
        match (first.promotion(), promotion) {
            (Some(_), None) => Err(SquaresError::MissingPromotion { from, to }),
            (None, Some(_)) => Err(SquaresError::NotAPromotion { from, to }),
            _ => candidates
                .filter(|m| m.promotion() == promotion)
                // A move to the square itself before a castling whose king lands there.
                .min_by_key(|&m| m.to() != to)
                .ok_or(SquaresError::Illegal { from, to }),
        }
    }

    /// Format a move in Standard Algebraic Notation, with minimal disambiguation and `+` / `#`.
    ///
    /// ```
    /// use chess_core::Board;
    /// let board = Board::startpos();
    /// let mv = board.parse_uci("g1f3").unwrap();
    /// assert_eq!(board.san(mv), "Nf3");
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_without_suffix(mv);
        let mut after = *self;
        after.play_unchecked(mv);
        if after.in_check() {
            s.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        s
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        let (from, to) = (mv.from(), mv.to());
        if self.is_castling(mv) {
            return if to.file() > from.file() { "O-O".into() } else { "O-O-O".into() };
        }
        let role = self.role_on(from).unwrap_or(Role::Pawn);
        let capture = self.is_capture(mv);
        let mut s = String::with_capacity(8);
        if role == Role::Pawn {
            if capture {
                s.push(from.file().char());
                s.push('x');
            }
            s.push_str(&to.to_string());
            if let Some(p) = mv.promotion() {
                s.push('=');
                s.push(p.upper_char());
            }
            return s;
        }
        s.push(role.upper_char());
        if role != Role::King {
            let others: Vec<Square> = self
                .legal_moves()
                .into_iter()
                .filter(|m| m.to() == to && m.from() != from && self.role_on(m.from()) == Some(role))
                .map(Move::from)
                .collect();
            if !others.is_empty() {
                if others.iter().all(|o| o.file() != from.file()) {
                    s.push(from.file().char());
                } else if others.iter().all(|o| o.rank() != from.rank()) {
                    s.push(from.rank().char());
                } else {
                    s.push_str(&from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&to.to_string());
        s
    }

    /// The moves of `line` in SAN, played out from this position, up to the first that is not
    /// legal where it comes (a line from a search, a transposition-table collision included,
    /// never corrupts a board or prints a move that cannot be played).
    ///
    /// ```
    /// use chess_core::{Board, CastlingMode, Move, Square};
    ///
    /// let board = Board::startpos();
    /// let (e4, e5, nf3) = (
    ///     Move::new(Square::E2, Square::E4, None),
    ///     Move::new(Square::E7, Square::E5, None),
    ///     Move::new(Square::G1, Square::F3, None),
    /// );
    /// assert_eq!(board.san_line(&[e4, e5, nf3]), ["e4", "e5", "Nf3"]);
    /// // A second e2e4 is not legal after e4: the line stops there.
    /// assert_eq!(board.uci_line(&[e4, e4, nf3], CastlingMode::Standard), ["e2e4"]);
    /// ```
    pub fn san_line(&self, line: &[Move]) -> Vec<String> {
        self.legal_prefix(line, |board, mv| board.san(mv))
    }

    /// The moves of `line` in UCI notation (`mode` says how castling is written), played out
    /// from this position up to the first that is not legal, as [`san_line`](Self::san_line).
    pub fn uci_line(&self, line: &[Move], mode: CastlingMode) -> Vec<String> {
        self.legal_prefix(line, |board, mv| board.uci(mv, mode))
    }

    /// Each move of `line` written by `write` in the position it is played in, up to the first
    /// that is not legal there.
    fn legal_prefix(&self, line: &[Move], write: impl Fn(&Board, Move) -> String) -> Vec<String> {
        let mut board = *self;
        let mut out = Vec::with_capacity(line.len());
        for &mv in line {
            if !board.is_legal(mv) {
                break;
            }
            out.push(write(&board, mv));
            board.play_unchecked(mv);
        }
        out
    }

    /// Parse a SAN move, leniently: piece letters in either case (`Nf3`, `nf3`), promotion with
    /// or without `=` (`e8=Q`, `e8Q`), castling with `O` or `0`, check and annotation suffixes
    /// (`+ # ! ?`) ignored, long forms such as `Ng1f3` or `Ng1-f3` accepted, the en-passant mark
    /// of printed games (`exd6 e.p.`, `exd6ep`) read on an en-passant capture (on another move it
    /// is [`SanError::Illegal`]). A lowercase `b`
    /// is the b-pawn when a pawn move reads and fits (`bxc3`, `b4`), else the bishop (`bd2`,
    /// `bb4`: a pawn push never names its file).
    ///
    /// ```
    /// use chess_core::Board;
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_san("Nf3").unwrap(), board.parse_uci("g1f3").unwrap());
    /// assert_eq!(board.parse_san("nf3").unwrap(), board.parse_uci("g1f3").unwrap());
    /// assert!(board.parse_san("Nf4").is_err());
    /// ```
    pub fn parse_san(&self, input: &str) -> Result<Move, SanError> {
        let s = input.trim().trim_end_matches(['+', '#', '!', '?']);
        // The en-passant mark of printed games (`exd6 e.p.`, `exd6ep`): the move must be one.
        if let Some(body) = strip_en_passant_mark(s) {
            // The body has no mark left: this recursion is one level deep.
            return match self.parse_san(body) {
                Ok(mv) if self.is_en_passant(mv) => Ok(mv),
                Ok(_) => Err(SanError::Illegal(crate::excerpt(input).into_owned())),
                Err(_) => Err(SanError::Syntax(crate::excerpt(input).into_owned())),
            };
        }
        let syntax = || SanError::Syntax(crate::excerpt(input).into_owned());
        if s.is_empty() || !s.is_ascii() || s.len() > 10 {
            return Err(syntax());
        }
        match s {
            "O-O" | "0-0" | "o-o" | "OO" | "00" => return self.find_castle(true, input),
            "O-O-O" | "0-0-0" | "o-o-o" | "OOO" | "000" => return self.find_castle(false, input),
            _ => {}
        }
        let s: String = s.chars().filter(|&c| c != '-').collect();
        // Long algebraic without a piece letter (`b1c3`, `e7xd8=Q`) names the origin square:
        // read it that way before `b` could be taken for a bishop.
        let long: String = s.chars().filter(|&c| c != 'x' && c != ':' && c != '=').collect();
        if long.len() >= 4 && long[..2].parse::<Square>().is_ok() {
            if let Ok(mv) = self.parse_uci(&long) {
                return Ok(mv);
            }
        }
        let first = s.chars().next().ok_or_else(syntax)?;
        // A leading lowercase 'b' is a pawn on the b-file unless only a bishop move fits.
        let piece_first = match first {
            'N' | 'B' | 'R' | 'Q' | 'K' | 'n' | 'r' | 'q' | 'k' => true,
            'b' => false,
            _ => false,
        };
        let parsed = if piece_first {
            parse_piece_san(&s).ok_or_else(syntax)?
        } else if first == 'b' {
            match parse_pawn_san(&s) {
                Some(p) => match self.resolve_san(&p, input) {
                    Err(SanError::Illegal(_)) => match parse_piece_san(&s) {
                        Some(q) => q,
                        None => p,
                    },
                    _ => p,
                },
                None => parse_piece_san(&s).ok_or_else(syntax)?,
            }
        } else {
            parse_pawn_san(&s).ok_or_else(syntax)?
        };
        self.resolve_san(&parsed, input)
    }

    fn find_castle(&self, short: bool, input: &str) -> Result<Move, SanError> {
        self.legal_moves()
            .into_iter()
            .find(|&m| self.is_castling(m) && (m.to().file() > m.from().file()) == short)
            .ok_or_else(|| SanError::Illegal(crate::excerpt(input).into_owned()))
    }

    fn resolve_san(&self, p: &ParsedSan, input: &str) -> Result<Move, SanError> {
        let mut found: Option<Move> = None;
        let mut needs_promotion = false;
        for m in self.legal_moves() {
            if m.to() != p.to
                || self.is_castling(m)
                || self.role_on(m.from()) != Some(p.role)
                || p.from_file.is_some_and(|f| f != m.from().file())
                || p.from_rank.is_some_and(|r| r != m.from().rank())
            {
                continue;
            }
            if m.promotion() != p.promotion {
                needs_promotion |= p.promotion.is_none() && m.promotion().is_some();
                continue;
            }
            if found.is_some_and(|f| f != m) {
                return Err(SanError::Ambiguous(crate::excerpt(input).into_owned()));
            }
            found = Some(m);
        }
        match found {
            Some(m) => Ok(m),
            None if needs_promotion => Err(SanError::MissingPromotion(crate::excerpt(input).into_owned())),
            None => Err(SanError::Illegal(crate::excerpt(input).into_owned())),
        }
    }
}

pub(crate) struct ParsedSan {
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

/// `e4`, `exd5`, `e8=Q`, `e8Q`, `exd8=N`, `e2e4`.
pub(crate) fn parse_pawn_san(s: &str) -> Option<ParsedSan> {
    let b = s.as_bytes();
    let (body, promotion) = match b.last().map(|&c| c as char) {
        Some(c) if Role::from_char(c).is_some_and(|r| !matches!(r, Role::Pawn | Role::King)) && !c.is_ascii_digit() => {
            // A trailing piece letter after a rank digit is a promotion; a lowercase 'b' there can
            // only be a promotion too (a square never ends in a letter).
            let body = s[..s.len() - 1].trim_end_matches('=');
            (body, Role::from_char(c))
        }
        _ => (s, None),
    };
    let body: String = body.chars().filter(|&c| c != 'x' && c != ':').collect();
    let (from_file, from_rank, to) = match body.len() {
        2 => (None, None, body.parse().ok()?),
        3 => {
            let (file, to): (File, Square) = (File::from_char(body.chars().next()?)?, body[1..].parse().ok()?);
            // Only a capture names the pawn's file, and a capture changes file: `bb4` is no pawn
            // move (it is the bishop's, typed in lower case), `ee4` no move at all.
            if file == to.file() {
                return None;
            }
            (Some(file), None, to)
        }
        4 => {
            let from: Square = body[..2].parse().ok()?;
            (Some(from.file()), Some(from.rank()), body[2..].parse().ok()?)
        }
        _ => return None,
    };
    if !body.starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    Some(ParsedSan { role: Role::Pawn, from_file, from_rank, to, promotion })
}

/// `Nf3`, `Nbd7`, `R1e2`, `Qh4xe1`, `Nxf3`, `Kxe2`.
fn parse_piece_san(s: &str) -> Option<ParsedSan> {
    let mut chars = s.chars();
    let role = Role::from_char(chars.next()?)?;
    if role == Role::Pawn {
        return None;
    }
    let rest: String = chars.filter(|&c| c != 'x' && c != ':').collect();
    if rest.len() < 2 || rest.len() > 4 {
        return None;
    }
    let to: Square = rest[rest.len() - 2..].parse().ok()?;
    let mut from_file = None;
    let mut from_rank = None;
    for c in rest[..rest.len() - 2].chars() {
        if let Some(f) = File::from_char(c) {
            if from_file.replace(f).is_some() {
                return None;
            }
        } else if let Some(r) = Rank::from_char(c) {
            if from_rank.replace(r).is_some() {
                return None;
            }
        } else {
            return None;
        }
    }
    Some(ParsedSan { role, from_file, from_rank, to, promotion: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn san_disambiguation_is_minimal() {
        let b = board("4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1");
        let b2 = board("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        assert_eq!(b2.san(b2.parse_uci("a1d1").unwrap()), "Rad1");
        assert_eq!(b2.san(b2.parse_uci("h1f1").unwrap()), "Rhf1");
        assert_eq!(b2.san(b2.parse_uci("a1a5").unwrap()), "Ra5");
        let b3 = board("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
        assert_eq!(b3.san(b3.parse_uci("a1a2").unwrap()), "R1a2");
        let b4 = board("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1");
        assert_eq!(b4.san(b4.parse_uci("a1b3").unwrap()), "Nab3");
        let b5 = board("4k3/8/8/Q1Q5/8/Q7/8/4K3 w - - 0 1");
        assert_eq!(b5.san(b5.parse_uci("a5b4").unwrap()), "Qa5b4");
        assert_eq!(b.san(b.parse_uci("g1f3").unwrap()), "Nf3");
    }

    #[test]
    fn san_suffixes_captures_promotions_castling() {
        let b = board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(b.san(b.parse_uci("b7a8q").unwrap()), "bxa8=Q+");
        assert_eq!(b.san(b.parse_uci("b7b8n").unwrap()), "b8=N");
        assert_eq!(b.san(b.parse_uci("e1g1").unwrap()), "O-O");
        assert_eq!(b.san(b.parse_uci("e1c1").unwrap()), "O-O-O");
        let mate = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(mate.san(mate.parse_uci("a1a8").unwrap()), "Ra8#");
    }

    #[test]
    fn the_en_passant_mark_of_printed_games_is_read_and_checked() {
        let b = board("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        let ep = b.parse_uci("d4e3").unwrap();
        for s in ["dxe3 e.p.", "dxe3e.p.", "dxe3 ep", "dxe3ep", "de3 e.p.", "dxe3 E.P.", "dxe3 e.p.+"] {
            assert_eq!(b.parse_san(s), Ok(ep), "{s}");
        }
        // The mark on a move that is not an en-passant capture, or on nothing.
        assert_eq!(b.parse_san("d3 e.p."), Err(SanError::Illegal("d3 e.p.".into())));
        assert_eq!(b.parse_san("e.p."), Err(SanError::Syntax("e.p.".into())));
        assert_eq!(b.parse_san("zz ep"), Err(SanError::Syntax("zz ep".into())));
        assert_eq!(b.parse_san("dxe3 ep ep"), Err(SanError::Syntax("dxe3 ep ep".into())));
        // Marks on marks, however many, are one refusal (no recursion per mark).
        assert!(matches!(b.parse_san(&"ep".repeat(100_000)), Err(SanError::Syntax(_))));
        assert!(matches!(b.parse_san(&"e.p. ".repeat(100_000)), Err(SanError::Syntax(_))));
        for text in ["éa", "éep", "日本", "dxe3 é.p.", "ép"] {
            assert!(matches!(b.parse_san(text), Err(SanError::Syntax(_))), "{text}");
        }
    }

    #[test]
    fn lenient_san_parsing() {
        let b = board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let q = b.parse_uci("b7a8q").unwrap();
        for s in ["bxa8=Q", "bxa8Q", "bxa8=q+", "ba8Q", "b7a8=Q", "bxa8q"] {
            assert_eq!(b.parse_san(s), Ok(q), "{s}");
        }
        let n = b.parse_uci("b7b8n").unwrap();
        for s in ["b8=N", "b8N", "b8n", "b8=n"] {
            assert_eq!(b.parse_san(s), Ok(n), "{s}");
        }
        let bishop = b.parse_uci("b7b8b").unwrap();
        assert_eq!(b.parse_san("b8=B"), Ok(bishop));
        assert_eq!(b.parse_san("b8b"), Ok(bishop));
        assert_eq!(b.parse_san("b8"), Err(SanError::MissingPromotion("b8".into())));
        for s in ["O-O", "0-0", "O-O+"] {
            assert_eq!(b.parse_san(s), Ok(b.parse_uci("e1h1").unwrap()), "{s}");
        }
        assert_eq!(b.parse_san("O-O-O"), Ok(b.parse_uci("e1a1").unwrap()));
        let start = Board::startpos();
        let nf3 = start.parse_uci("g1f3").unwrap();
        for s in ["Nf3", "nf3", "Ngf3", "Ng1f3", "Ng1-f3", "Nf3!?"] {
            assert_eq!(start.parse_san(s), Ok(nf3), "{s}");
        }
        // 'b' as a bishop when no pawn move fits.
        let bb = board("4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1");
        assert_eq!(bb.parse_san("bb2"), Err(SanError::Illegal("bb2".into())));
        assert_eq!(bb.parse_san("bd2"), Ok(bb.parse_uci("c1d2").unwrap()));
        assert_eq!(bb.parse_san("b4"), Ok(bb.parse_uci("b2b4").unwrap()));
        // A pawn push never names its file: `bb4` is the bishop's move even where the b-pawn
        // could go to b4, and an error (never the pawn move) where the bishop cannot.
        let both = board("4k3/8/8/8/8/8/1P1B4/4K3 w - - 0 1");
        assert_eq!(both.parse_san("bb4"), Ok(both.parse_uci("d2b4").unwrap()));
        assert_eq!(both.parse_san("b4"), Ok(both.parse_uci("b2b4").unwrap()));
        assert_eq!(Board::startpos().parse_san("bb4"), Err(SanError::Illegal("bb4".into())));
        assert!(matches!(Board::startpos().parse_san("ee4"), Err(SanError::Syntax(_))));
        // Long algebraic from the b-file is a move from that square, not a bishop move.
        let nb = board("4k3/8/8/8/8/8/8/1N2B1K1 w - - 0 1");
        assert_eq!(nb.parse_san("b1c3"), Ok(nb.parse_uci("b1c3").unwrap()));
        assert_eq!(nb.parse_san("B1c3"), Ok(nb.parse_uci("e1c3").unwrap()));
        assert_eq!(nb.parse_san("Bc3"), Ok(nb.parse_uci("e1c3").unwrap()));
    }

    #[test]
    fn san_errors() {
        let b = board("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1");
        assert_eq!(b.parse_san("Nb3"), Err(SanError::Ambiguous("Nb3".into())));
        assert_eq!(b.parse_san("Nb4"), Err(SanError::Illegal("Nb4".into())));
        for s in ["", "Z", "Nz9", "e9", "xx", "ñ", "Nf3f3f3f3f3", "=Q"] {
            assert!(matches!(b.parse_san(s), Err(SanError::Syntax(_)) | Err(SanError::Illegal(_))), "{s:?}");
        }
    }

    #[test]
    fn uci_parsing() {
        let b = Board::startpos();
        assert!(b.parse_uci("e2e4").is_ok());
        assert_eq!(b.parse_uci("e2e5"), Err(UciMoveError::Illegal("e2e5".into())));
        for s in ["", "e2", "e2e4qq", "i2e4", "e2e4k", "e2e4p", "0000", "é2e4", "a1a1"] {
            assert!(b.parse_uci(s).is_err(), "{s:?}");
        }
        let promo = board("8/P7/8/8/8/8/8/k6K w - - 0 1");
        assert!(promo.parse_uci("a7a8").is_err());
        assert_eq!(promo.parse_uci("a7a8N"), Ok(Move::new(Square::A7, Square::A8, Some(Role::Knight))));
        assert_eq!(promo.parse_uci("a7a8"), Err(UciMoveError::MissingPromotion("a7a8".into())));
        assert_eq!(promo.parse_uci("h1g1q"), Err(UciMoveError::NotAPromotion("h1g1q".into())));
        // A king or a pawn is no promotion piece: not a UCI move at all.
        assert!(matches!(promo.parse_uci("a7a8k"), Err(UciMoveError::Syntax(_))));
        assert_eq!(
            promo.parse_uci("a7a8").unwrap_err().to_string(),
            "move \"a7a8\" promotes: add the promotion piece (a7a8q for a queen)"
        );
    }

    #[test]
    fn squares_resolve_to_the_move_a_board_means() {
        // Chess960, king f1, rook h1, g1 empty: f1g1 is the king's step, f1h1 castling (whose
        // king also lands on g1), whichever order the generator gives.
        let b = board("rk5r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
        let step = b.move_between(Square::F1, Square::G1, None).unwrap();
        assert_eq!(b.san(step), "Kg1");
        let castle = b.move_between(Square::F1, Square::H1, None).unwrap();
        assert_eq!(b.san(castle), "O-O");
        assert_eq!(b.parse_uci("f1g1"), Ok(step));
        assert_eq!(b.parse_uci("f1h1"), Ok(castle));
        // Long castling, the king onto its destination c1 (d1 and e1 between are empty).
        assert_eq!(b.san(b.move_between(Square::F1, Square::C1, None).unwrap()), "O-O-O");
        // A king that does not move when castling (Chess960, king g1): only king takes rook.
        let still = board("rk6/8/8/8/8/8/8/6KR w K - 0 1");
        assert_eq!(still.san(still.move_between(Square::G1, Square::H1, None).unwrap()), "O-O");
        // Every legal move is found from its own squares, promotions with their piece.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let b = board(fen);
            for mv in b.legal_moves() {
                assert_eq!(b.move_between(mv.from(), mv.to(), mv.promotion()), Ok(mv), "{fen} {mv}");
            }
        }
        let start = Board::startpos();
        assert_eq!(
            start.move_between(Square::E2, Square::E5, None),
            Err(SquaresError::Illegal { from: Square::E2, to: Square::E5 })
        );
        assert_eq!(
            start.move_between(Square::E2, Square::E4, Some(Role::Queen)),
            Err(SquaresError::NotAPromotion { from: Square::E2, to: Square::E4 })
        );
        assert_eq!(
            start.move_between(Square::E2, Square::E2, None),
            Err(SquaresError::Illegal { from: Square::E2, to: Square::E2 })
        );
    }
}
