//! Why a move a person typed is not legal: [`Board::explain`] reads the text (SAN or UCI, as
//! leniently as [`Board::parse_san`]) and returns the legal move, or a typed
//! [`MoveRejection`] that says why not, so that every front end (the terminal, the browser, a
//! GUI) gives the same help.

use crate::{
    attacks, BitBoard, Board, CastleSide, Color, File, Move, Piece, Rank, Role, SanError, Square, UciMoveError,
};

/// Why a typed move gives no legal move. Each reason has a stable [`kind`](Self::kind) name and a
/// sentence for people (its `Display`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveRejection {
    /// Not readable as a move.
    #[error("{0:?} is not a move (moves look like e4, Nf3, exd5, O-O, e8=Q or e2e4)")]
    Unreadable(String),
    /// A UCI move from an empty square.
    #[error("there is no piece on {0}")]
    NoPieceThere(Square),
    /// A UCI move of the opponent's piece.
    #[error("the {role} on {square} is {}'s", Color::name(*.color))]
    NotYourPiece {
        /// The square.
        square: Square,
        /// The piece there.
        role: Role,
        /// Its owner.
        color: Color,
    },
    /// The destination holds one's own piece.
    #[error("your own {role} is on {square}")]
    OwnPieceThere {
        /// The destination.
        square: Square,
        /// The piece there.
        role: Role,
    },
    /// No piece of that kind (from that square) moves like that.
    #[error("{}", cannot_go(*.from, *.role, *.to))]
    PieceCannotMoveThere {
        /// The origin, when the move named it.
        from: Option<Square>,
        /// The moving piece.
        role: Role,
        /// The destination.
        to: Square,
    },
    /// The side is in check and the move does not answer it.
    #[error("it does not get your king out of check")]
    DoesNotAnswerCheck,
    /// The moving piece is pinned to its king.
    #[error("it would leave your king in check: the {pinner_role} on {pinner} pins your {role}")]
    PiecePinned {
        /// The pinned piece.
        role: Role,
        /// The piece that pins it.
        pinner_role: Role,
        /// Where that piece stands.
        pinner: Square,
    },
    /// The king would step into check.
    #[error("your king would be in check on {0}")]
    KingWouldBeInCheck(Square),
    /// Castling while in check.
    #[error("you cannot castle out of check")]
    CastlingOutOfCheck,
    /// The castling right is gone (the king or that rook has moved).
    #[error("you can no longer castle {}", wing(*.0))]
    CastlingRightsLost(CastleSide),
    /// Pieces stand between king and rook.
    #[error("you cannot castle {} yet: the squares between king and rook must be empty", wing(*.0))]
    CastlingBlocked(CastleSide),
    /// The king would pass through or land on an attacked square.
    #[error("you cannot castle {}: the king would cross or land on an attacked square", wing(*.0))]
    CastlingThroughCheck(CastleSide),
    /// Several legal moves match; their SAN.
    #[error("it is ambiguous: {}", or_list(.0))]
    Ambiguous(Vec<String>),
    /// A pawn move to the last rank without its promotion piece.
    #[error("{from}{to} promotes: say to which piece")]
    MissingPromotion {
        /// The pawn.
        from: Square,
        /// Where it promotes.
        to: Square,
    },
    /// A promotion piece on a move that does not promote.
    #[error("only a pawn reaching the last rank promotes")]
    NeedlessPromotion,
    /// The en-passant mark (`e.p.`) on a legal move that is not an en-passant capture (its SAN).
    #[error("{0} is not an en-passant capture")]
    NotEnPassant(String),
    /// Not legal, for a reason the rules above do not name.
    #[error("it is not legal here")]
    Illegal,
}

impl MoveRejection {
    /// Every [`kind`](Self::kind), in the order of the variants (a test checks that each variant's
    /// kind is here): what a program that lists the reasons (the npm package's types) reads.
    pub const KINDS: [&'static str; 17] = [
        "unreadable",
        "no-piece-there",
        "not-your-piece",
        "own-piece-there",
        "piece-cannot-move-there",
        "does-not-answer-check",
        "piece-pinned",
        "king-would-be-in-check",
        "castling-out-of-check",
        "castling-rights-lost",
        "castling-blocked",
        "castling-through-check",
        "ambiguous",
        "missing-promotion",
        "needless-promotion",
        "not-en-passant",
        "illegal",
    ];

    /// A stable kebab-case name of the reason, for programs (`piece-pinned`, `ambiguous`...).
    pub fn kind(&self) -> &'static str {
        match self {
            MoveRejection::Unreadable(_) => "unreadable",
            MoveRejection::NoPieceThere(_) => "no-piece-there",
            MoveRejection::NotYourPiece { .. } => "not-your-piece",
            MoveRejection::OwnPieceThere { .. } => "own-piece-there",
            MoveRejection::PieceCannotMoveThere { .. } => "piece-cannot-move-there",
            MoveRejection::DoesNotAnswerCheck => "does-not-answer-check",
            MoveRejection::PiecePinned { .. } => "piece-pinned",
            MoveRejection::KingWouldBeInCheck(_) => "king-would-be-in-check",
            MoveRejection::CastlingOutOfCheck => "castling-out-of-check",
            MoveRejection::CastlingRightsLost(_) => "castling-rights-lost",
            MoveRejection::CastlingBlocked(_) => "castling-blocked",
            MoveRejection::CastlingThroughCheck(_) => "castling-through-check",
            MoveRejection::Ambiguous(_) => "ambiguous",
            MoveRejection::MissingPromotion { .. } => "missing-promotion",
            MoveRejection::NeedlessPromotion => "needless-promotion",
            MoveRejection::NotEnPassant(_) => "not-en-passant",
            MoveRejection::Illegal => "illegal",
        }
    }
}

fn wing(side: CastleSide) -> &'static str {
    match side {
        CastleSide::Short => "kingside",
        CastleSide::Long => "queenside",
    }
}

fn cannot_go(from: Option<Square>, role: Role, to: Square) -> String {
    match (from, role) {
        (Some(from), _) => format!("the {role} on {from} cannot go to {to}"),
        (None, Role::King) => format!("your king cannot go to {to}"),
        (None, _) => format!("no {role} of yours can go to {to}"),
    }
}

fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, others)) if !others.is_empty() => format!("{} or {last}?", others.join(", ")),
        _ => "say which piece moves (its file or rank, e.g. Nbd2)".to_owned(),
    }
}

impl Board {
    /// The legal move that `text` (SAN or UCI, as a person types it) means here, or why there is
    /// none.
    ///
    /// ```
    /// use chess_core::{Board, MoveRejection};
    /// let board = Board::startpos();
    /// assert_eq!(board.explain("Nf3"), Ok(board.parse_uci("g1f3").unwrap()));
    /// let why = board.explain("Ke2").unwrap_err();
    /// assert_eq!(why, MoveRejection::OwnPieceThere { square: "e2".parse().unwrap(), role: chess_core::Role::Pawn });
    /// assert_eq!(why.to_string(), "your own pawn is on e2");
    /// assert_eq!(why.kind(), "own-piece-there");
    /// ```
    pub fn explain(&self, text: &str) -> Result<Move, MoveRejection> {
        let text = text.trim();
        // The en-passant mark of printed games (`exd6 e.p.`): the move, which must be one.
        if let Some(body) = crate::notation::strip_en_passant_mark(strip_suffixes(text)) {
            if body.is_empty() {
                return Err(MoveRejection::Unreadable(crate::excerpt(text).into_owned()));
            }
            // The body has no mark left: this recursion is one level deep.
            return match self.explain(body) {
                Ok(mv) if self.is_en_passant(mv) => Ok(mv),
                Ok(mv) => Err(MoveRejection::NotEnPassant(self.san(mv))),
                Err(why) => Err(why),
            };
        }
        // Text that starts with an upper-case piece letter is SAN (`B2b3` is a bishop from the
        // second rank, `Ka1` a king move), never a UCI move. Text that reads both ways (`b2b3`,
        // `b8e6`: from a square, or a bishop from a rank) is what the move list makes of it: the
        // UCI reading when it is legal, else the SAN reading when that one is, else the reason
        // the UCI reading fails.
        if let Some((from, to)) = uci_squares(text) {
            let uci = self.parse_uci(&text.to_ascii_lowercase());
            if let Ok(mv) = uci {
                return Ok(mv);
            }
            if let Ok(mv) = self.parse_san(text) {
                return Ok(mv);
            }
            if let Err(UciMoveError::MissingPromotion(_)) = uci {
                return Err(MoveRejection::MissingPromotion { from, to });
            }
            return Err(self.why_not(text));
        }
        match self.parse_san(text) {
            Ok(mv) => Ok(mv),
            Err(SanError::Syntax(_)) => Err(MoveRejection::Unreadable(crate::excerpt(text).into_owned())),
            Err(SanError::Illegal(_)) => Err(self.why_not(text)),
            Err(SanError::Ambiguous(_)) => Err(MoveRejection::Ambiguous(self.ambiguous_candidates(text))),
            Err(SanError::MissingPromotion(_)) => match self.parse_san(&format!("{}=Q", strip_suffixes(text))) {
                Ok(mv) => Err(MoveRejection::MissingPromotion { from: mv.from(), to: mv.to() }),
                Err(_) => Err(self.why_not(text)),
            },
        }
    }

    /// The SAN of the legal moves an ambiguous piece move could mean (`Nd2` -> `Nbd2`, `Nfd2`).
    fn ambiguous_candidates(&self, text: &str) -> Vec<String> {
        let (Some(role), Some(to)) = (text.chars().next().and_then(Role::from_char), san_destination(text)) else {
            return Vec::new();
        };
        self.legal_moves()
            .into_iter()
            .filter(|&m| m.to() == to && self.role_on(m.from()) == Some(role) && !self.is_castling(m))
            .map(|m| self.san(m))
            .collect()
    }

    /// Why a readable move matches no legal move.
    fn why_not(&self, text: &str) -> MoveRejection {
        let us = self.side_to_move();
        let s = strip_suffixes(text);
        if is_castling_text(s) {
            let side = if s.len() > 3 { CastleSide::Long } else { CastleSide::Short };
            return self.why_not_castling(side);
        }
        // The squares the move may start from, the piece that moves, its destination, and whether
        // a promotion piece was given.
        let (from, sources, role, to, promotes) = match uci_squares(s) {
            Some((from, to)) => {
                let Some(piece) = self.piece_on(from) else {
                    return MoveRejection::NoPieceThere(from);
                };
                if piece.color != us {
                    return MoveRejection::NotYourPiece { square: from, role: piece.role, color: piece.color };
                }
                if piece.role == Role::King && self.is_castling_text_uci(from, to) {
                    let side = if to.file() > from.file() { CastleSide::Short } else { CastleSide::Long };
                    return self.why_not_castling(side);
                }
                (Some(from), from.bitboard(), piece.role, to, s.len() == 5)
            }
            None => {
                let (body, promotes) = san_body(s);
                let Some(first) = body.chars().next() else {
                    return MoveRejection::Unreadable(crate::excerpt(text).into_owned());
                };
                let (role, rest) = match first {
                    'N' | 'B' | 'R' | 'Q' | 'K' | 'n' | 'r' | 'q' | 'k' => match Role::from_char(first) {
                        Some(role) => (role, &body[1..]),
                        None => return MoveRejection::Unreadable(crate::excerpt(text).into_owned()),
                    },
                    // A lowercase 'b' that reads as no pawn move (`bb4`) is the bishop's, as
                    // `parse_san` reads it.
                    'b' if crate::notation::parse_pawn_san(body).is_none() => (Role::Bishop, &body[1..]),
                    _ => (Role::Pawn, body),
                };
                let Some(split) = rest.len().checked_sub(2) else {
                    return MoveRejection::Unreadable(crate::excerpt(text).into_owned());
                };
                let Some(to) = rest.get(split..).and_then(|t| t.parse::<Square>().ok()) else {
                    return MoveRejection::Unreadable(crate::excerpt(text).into_owned());
                };
                // What comes before the destination narrows the origin: `Nbd2`, `R1e2`, `exd5`.
                let mut sources = self.colored_pieces(us, role);
                for c in rest[..split].chars() {
                    if let Some(file) = File::from_char(c) {
                        sources &= file.bitboard();
                    } else if let Some(rank) = Rank::from_char(c) {
                        sources &= rank.bitboard();
                    }
                }
                (None, sources, role, to, promotes)
            }
        };
        if promotes && (role != Role::Pawn || to.rank() != Rank::Eighth.relative_to(us)) {
            return MoveRejection::NeedlessPromotion;
        }
        if let Some(own) = self.role_on(to).filter(|_| self.color_on(to) == Some(us)) {
            return MoveRejection::OwnPieceThere { square: to, role: own };
        }
        let reaching: Vec<Square> = sources.into_iter().filter(|&sq| self.can_reach(sq, role, to)).collect();
        let Some(&origin) = reaching.first() else {
            return MoveRejection::PieceCannotMoveThere { from, role, to };
        };
        if self.in_check() {
            return MoveRejection::DoesNotAnswerCheck;
        }
        if role == Role::King {
            return MoveRejection::KingWouldBeInCheck(to);
        }
        // Not in check and not the king: the piece is pinned. Who pins it: an enemy slider that
        // attacks the king once the piece has left its square.
        let occupied = (self.occupied() ^ origin.bitboard()) | to.bitboard();
        let king = self.king(us);
        let pinners = self.attackers_to(king, occupied) & self.colored(!us) & !to.bitboard();
        match pinners.into_iter().next() {
            Some(pinner) => {
                MoveRejection::PiecePinned { role, pinner_role: self.role_on(pinner).unwrap_or(Role::Queen), pinner }
            }
            None => MoveRejection::Illegal,
        }
    }

    fn why_not_castling(&self, side: CastleSide) -> MoveRejection {
        let us = self.side_to_move();
        if self.in_check() {
            return MoveRejection::CastlingOutOfCheck;
        }
        let Some(rook_file) = self.castling_rights().get(us, side) else {
            return MoveRejection::CastlingRightsLost(side);
        };
        let back = Rank::First.relative_to(us);
        let king = self.king(us);
        let rook = Square::new(rook_file, back);
        let (king_to, rook_to) = match side {
            CastleSide::Short => (Square::new(File::G, back), Square::new(File::F, back)),
            CastleSide::Long => (Square::new(File::C, back), Square::new(File::D, back)),
        };
        let span = |a: Square, b: Square| -> BitBoard {
            let (lo, hi) = (a.file().min(b.file()) as usize, a.file().max(b.file()) as usize);
            (lo..=hi).map(|f| Square::new(File::ALL[f], back)).fold(BitBoard::EMPTY, |acc, sq| acc | sq.bitboard())
        };
        let must_be_empty = (span(king, king_to) | span(rook, rook_to)) & !king.bitboard() & !rook.bitboard();
        if must_be_empty.intersects(self.occupied()) {
            return MoveRejection::CastlingBlocked(side);
        }
        MoveRejection::CastlingThroughCheck(side)
    }

    /// A UCI king move of two files along its back rank, or onto its own rook: castling.
    fn is_castling_text_uci(&self, from: Square, to: Square) -> bool {
        let us = self.side_to_move();
        let two_files = (from.file() as i32 - to.file() as i32).abs() == 2 && from.rank() == to.rank();
        let onto_rook = self.colored_pieces(us, Role::Rook).has(to);
        from.rank() == Rank::First.relative_to(us) && (two_files || onto_rook)
    }

    /// Whether the `role` of the side to move on `from` could move to `to` if its king's safety
    /// did not matter (the destination is known not to hold one of its own pieces).
    fn can_reach(&self, from: Square, role: Role, to: Square) -> bool {
        let occupied = self.occupied();
        let us = self.side_to_move();
        match role {
            Role::Pawn => {
                let ahead = if us == Color::White { 1 } else { -1 };
                let one = from.try_offset(0, ahead);
                if attacks::pawn_attacks(us, from).has(to) {
                    self.color_on(to) == Some(!us) || self.en_passant() == Some(to)
                } else if one == Some(to) {
                    !occupied.has(to)
                } else {
                    from.rank() == Rank::Second.relative_to(us)
                        && one.is_some_and(|sq| !occupied.has(sq))
                        && from.try_offset(0, 2 * ahead) == Some(to)
                        && !occupied.has(to)
                }
            }
            role => attacks::piece_attacks(Piece::new(us, role), from, occupied).has(to),
        }
    }
}

/// `text` without check and annotation marks (`+ # ! ?`).
fn strip_suffixes(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

fn is_castling_text(s: &str) -> bool {
    matches!(s.to_ascii_uppercase().replace('0', "O").as_str(), "O-O" | "O-O-O")
}

/// The two squares of a UCI-shaped move (`e2e4`, `e7e8q`, `E2E4`), in either case; text that
/// starts with an upper-case piece letter (`B2b3`) is SAN, not UCI.
fn uci_squares(text: &str) -> Option<(Square, Square)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) || text.starts_with(['N', 'B', 'R', 'Q', 'K']) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if text.len() == 5 && !matches!(lower.as_bytes()[4], b'q' | b'r' | b'b' | b'n') {
        return None;
    }
    Some((lower[0..2].parse().ok()?, lower[2..4].parse().ok()?))
}

/// A SAN move without its suffixes and promotion, and whether it had one (`exd8=Q+` -> `exd8`).
fn san_body(san: &str) -> (&str, bool) {
    let body = strip_suffixes(san);
    match body.chars().last() {
        Some(c) if c.is_ascii_alphabetic() => (body[..body.len() - 1].trim_end_matches('='), true),
        _ => (body, false),
    }
}

/// The destination square of a SAN move (`Nbd2` -> d2, `exd8=Q` -> d8).
fn san_destination(san: &str) -> Option<Square> {
    let (body, _) = san_body(san);
    body.get(body.len().checked_sub(2)?..)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_lists_every_variants_kind_in_order() {
        use MoveRejection as R;
        let (sq, role, side) = (Square::E4, Role::Knight, CastleSide::Short);
        // Written without a wildcard: a new variant fails to compile here until it is listed.
        let every = |r: &R| match r {
            R::Unreadable(_)
            | R::NoPieceThere(_)
            | R::NotYourPiece { .. }
            | R::OwnPieceThere { .. }
            | R::PieceCannotMoveThere { .. }
            | R::DoesNotAnswerCheck
            | R::PiecePinned { .. }
            | R::KingWouldBeInCheck(_)
            | R::CastlingOutOfCheck
            | R::CastlingRightsLost(_)
            | R::CastlingBlocked(_)
            | R::CastlingThroughCheck(_)
            | R::Ambiguous(_)
            | R::MissingPromotion { .. }
            | R::NeedlessPromotion
            | R::NotEnPassant(_)
            | R::Illegal => r.kind(),
        };
        let all = [
            R::Unreadable("x".into()),
            R::NoPieceThere(sq),
            R::NotYourPiece { square: sq, role, color: Color::Black },
            R::OwnPieceThere { square: sq, role },
            R::PieceCannotMoveThere { from: None, role, to: sq },
            R::DoesNotAnswerCheck,
            R::PiecePinned { role, pinner_role: Role::Rook, pinner: Square::E8 },
            R::KingWouldBeInCheck(sq),
            R::CastlingOutOfCheck,
            R::CastlingRightsLost(side),
            R::CastlingBlocked(side),
            R::CastlingThroughCheck(side),
            R::Ambiguous(vec![]),
            R::MissingPromotion { from: Square::E7, to: Square::E8 },
            R::NeedlessPromotion,
            R::NotEnPassant("exd6".into()),
            R::Illegal,
        ];
        let kinds: Vec<&str> = all.iter().map(every).collect();
        assert_eq!(kinds, MoveRejection::KINDS);
    }
}
