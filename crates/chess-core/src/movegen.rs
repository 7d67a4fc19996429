//! Legal move generation.
//!
//! Moves are produced grouped by piece: a [`PieceMoves`] is one piece's origin and the set of its
//! destinations. A caller that only counts moves (perft's last ply) adds up set sizes without
//! building a list; one that searches expands them into [`Move`]s.
//!
//! Legality is decided here, not by making the move and testing for check:
//! - in double check only the king moves;
//! - in single check other pieces may only capture the checker or block its line;
//! - a pinned piece moves only along the line through its king and the pinner;
//! - king destinations are tested with the king removed from the board (so it cannot hide
//!   "behind itself" on a slider's line);
//! - en passant is simulated in full (the rank pin through both pawns, discovered checks);
//! - castling (standard and Chess960) needs empty paths for king and rook, no check now, and no
//!   attacked square on the king's path, tested with king and rook both lifted.

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::{BitBoard, Board, CastleSide, Move, MoveList, Rank, Role, Square};

/// The moves of one piece: its origin and the set of destinations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoves {
    /// The kind of piece moving.
    pub role: Role,
    /// Where it stands.
    pub from: Square,
    /// Where it may go (for castling, the own rook's square).
    pub to: BitBoard,
}

impl PieceMoves {
    /// Whether its moves are promotions (a pawn about to reach the last rank).
    #[inline(always)]
    fn promotes(&self) -> bool {
        self.role == Role::Pawn && matches!(self.from.rank(), Rank::Second | Rank::Seventh) && {
            // A pawn on its 7th rank: destinations are on the last rank.
            self.to.intersects(Rank::First.bitboard() | Rank::Eighth.bitboard())
        }
    }

    /// The number of moves, counting each promotion piece separately.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.to.len() as usize * if self.promotes() { 4 } else { 1 }
    }

    /// Whether there is no move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Iterate the moves (promotions to queen, rook, bishop and knight, in that order).
    #[inline]
    pub fn iter(&self) -> PieceMovesIter {
        PieceMovesIter { from: self.from, to: self.to, promotes: self.promotes(), promo: 0 }
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

/// Iterator over the moves of a [`PieceMoves`].
#[derive(Debug, Clone)]
pub struct PieceMovesIter {
    from: Square,
    to: BitBoard,
    promotes: bool,
    promo: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;
    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        let to = self.to.first()?;
        if self.promotes {
            let mv = Move::new(self.from, to, Some(Role::PROMOTIONS[self.promo]));
            self.promo += 1;
            if self.promo == 4 {
                self.promo = 0;
                self.to = self.to.without(to);
            }
            Some(mv)
        } else {
            self.to = self.to.without(to);
            Some(Move::new(self.from, to, None))
        }
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    All,
    /// Captures (en passant included) and promotions (all four pieces, captures or not).
    Noisy,
}

impl Board {
    /// Call `f` with the legal moves grouped by piece. `f` returns `true` to stop early; the
    /// result is `true` if it did.
    ///
    /// ```
    /// use chess_core::Board;
    /// let board = Board::startpos();
    /// let mut count = 0;
    /// board.generate_moves(|moves| {
    ///     count += moves.len();
    ///     false
    /// });
    /// assert_eq!(count, 20);
    /// ```
    #[inline]
    pub fn generate_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate(Kind::All, f)
    }

    /// Like [`generate_moves`](Self::generate_moves), for captures (en passant included) and
    /// promotions only: the moves a quiescence search looks at. In check it still gives only the
    /// captures and promotions that answer the check; a search wants all evasions there.
    #[inline]
    pub fn generate_noisy_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate(Kind::Noisy, f)
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|pm| {
            list.extend(pm);
            false
        });
        list
    }

    /// The legal captures and promotions.
    pub fn noisy_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_noisy_moves(|pm| {
            list.extend(pm);
            false
        });
        list
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|pm| !pm.is_empty())
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let from = mv.from();
        if !self.colored(self.side).has(from) {
            return false;
        }
        let mut legal = false;
        self.generate_from(from.bitboard(), Kind::All, |pm| {
            if pm.to.has(mv.to()) {
                legal = if pm.promotes() { mv.promotion().is_some() } else { mv.promotion().is_none() };
            }
            true
        });
        legal
    }

    #[inline(always)]
    fn generate(&self, kind: Kind, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_from(BitBoard::FULL, kind, f)
    }

    /// Generate the moves of our pieces on `sources`.
    #[inline(always)]
    fn generate_from(&self, sources: BitBoard, kind: Kind, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.side;
        let them = !us;
        let ours = self.colored(us);
        let theirs = self.colored(them);
        let occ = ours | theirs;
        let king = self.king(us);

        // The king.
        if sources.has(king) {
            let mut to = king_attacks(king) - ours;
            if kind == Kind::Noisy {
                to &= theirs;
            }
            let without_king = occ.without(king);
            for sq in to {
                if self.is_attacked(sq, them, without_king) {
                    to = to.without(sq);
                }
            }
            if kind == Kind::All && self.checkers.is_empty() {
                to |= self.castling_moves(king);
            }
            if to.is_nonempty() && f(PieceMoves { role: Role::King, from: king, to }) {
                return true;
            }
        }

        if self.checkers.has_many() {
            return false;
        }
        // Where non-king pieces may go: anywhere not ours, or in check onto the checker or its line.
        let mut target = match self.checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => !ours,
        };
        if kind == Kind::Noisy {
            target &= theirs;
        }
        let movable = (ours & sources).without(king);
        let pinned = self.pinned;

        for from in self.pieces(Role::Knight) & (movable - pinned) {
            let to = knight_attacks(from) & target;
            if to.is_nonempty() && f(PieceMoves { role: Role::Knight, from, to }) {
                return true;
            }
        }
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.pieces(role) & movable {
                let mut to = match role {
                    Role::Bishop => bishop_attacks(from, occ),
                    Role::Rook => rook_attacks(from, occ),
                    _ => bishop_attacks(from, occ) | rook_attacks(from, occ),
                } & target;
                if pinned.has(from) {
                    to &= line(king, from);
                }
                if to.is_nonempty() && f(PieceMoves { role, from, to }) {
                    return true;
                }
            }
        }

        // Pawns. In check, `check_mask` is where a pawn may land (en passant aside).
        let check_mask = match self.checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => BitBoard::FULL,
        };
        let last_rank = Rank::Eighth.relative_to(us).bitboard();
        let double_rank = Rank::Second.relative_to(us);
        for from in self.pieces(Role::Pawn) & movable {
            let mut to = pawn_attacks(us, from) & theirs;
            let push = from.forward(us, 1);
            if !occ.has(push) {
                let promotes = last_rank.has(push);
                if kind == Kind::All || promotes {
                    to |= push.bitboard();
                }
                if kind == Kind::All && from.rank() == double_rank {
                    let double = push.forward(us, 1);
                    if !occ.has(double) {
                        to |= double.bitboard();
                    }
                }
            }
            to &= check_mask;
            if pinned.has(from) {
                to &= line(king, from);
            }
            if let Some(ep) = self.ep {
                if pawn_attacks(us, from).has(ep) && self.ep_is_safe(from, ep, ep.forward(them, 1), king) {
                    to |= ep.bitboard();
                }
            }
            if to.is_nonempty() && f(PieceMoves { role: Role::Pawn, from, to }) {
                return true;
            }
        }
        false
    }

    /// Castling destinations (the rooks' squares), assuming we are not in check.
    #[inline]
    fn castling_moves(&self, king: Square) -> BitBoard {
        let us = self.side;
        let mut out = BitBoard::EMPTY;
        for side in CastleSide::ALL {
            let Some(rook_file) = self.castling.get(us, side) else { continue };
            let rank = king.rank();
            let rook = Square::new(rook_file, rank);
            let king_to = Square::new(side.king_to_file(), rank);
            let rook_to = Square::new(side.rook_to_file(), rank);
            let lifted = self.occupied().without(king).without(rook);
            let must_be_empty = between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to);
            if (must_be_empty & lifted).is_nonempty() {
                continue;
            }
            let king_path = between(king, king_to).with(king_to);
            if king_path.into_iter().any(|sq| self.is_attacked(sq, !us, lifted)) {
                continue;
            }
            out |= rook.bitboard();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotions_expand_to_four_moves() {
        let board: Board = "8/P7/8/8/8/8/8/k6K w - - 0 1".parse().unwrap();
        let moves = board.legal_moves();
        let promos: Vec<String> = moves.iter().filter(|m| m.promotion().is_some()).map(|m| m.to_string()).collect();
        assert_eq!(promos, ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]);
        assert_eq!(board.noisy_moves().len(), 4);
    }

    #[test]
    fn en_passant_rank_pin_is_respected() {
        // After ...d7d5 the e5 pawn may not take en passant: both pawns leave the 5th rank and
        // the rook on a5 would attack the king on h5.
        let mut board: Board = "8/3p4/8/r3P2K/8/8/8/k7 b - - 0 1".parse().unwrap();
        board.play(Move::new(Square::D7, Square::D5, None));
        assert_eq!(board.en_passant(), None);
        assert!(!board.legal_moves().iter().any(|m| m.to() == Square::D6 && m.from() == Square::E5));
    }

    #[test]
    fn en_passant_captures_a_checking_pawn() {
        let mut board: Board = "8/8/8/8/1p6/8/2P5/3K3k w - - 0 1".parse().unwrap();
        board.play(Move::new(Square::C2, Square::C4, None));
        // White's c4 pawn checks nothing; black's b4 pawn may take it en passant.
        assert_eq!(board.en_passant(), Some(Square::C3));
        assert!(board.is_legal(Move::new(Square::B4, Square::C3, None)));
        let mut board: Board = "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1".parse().unwrap();
        // The d4 pawn gives check; exd3 e.p. removes it.
        assert!(board.in_check());
        assert!(board.legal_moves().contains(&Move::new(Square::E4, Square::D3, None)));
        board.play(Move::new(Square::E4, Square::D3, None));
        assert!(board.role_on(Square::D4).is_none());
    }

    #[test]
    fn castling_through_attack_is_refused() {
        let board: Board = "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1".parse().unwrap();
        assert!(board.in_check());
        assert!(!board.legal_moves().iter().any(|m| board.is_castling(*m)));
        let board: Board = "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
        let castles: Vec<_> = board.legal_moves().into_iter().filter(|m| board.is_castling(*m)).collect();
        assert_eq!(castles, [Move::new(Square::E1, Square::H1, None)]);
    }

    #[test]
    fn chess960_castling_rook_shields_destination() {
        // White king c1, castling rook b1, black queen a1 shielded by that rook. Only in
        // Chess960 can the castling rook block a check on the king's destination.
        let board: Board = "7k/8/8/8/8/8/8/qRK5 w B - 0 1".parse().unwrap();
        // Long castling (king c1 -> c1, rook b1 -> d1) would leave the king on c1 facing the queen.
        assert!(!board.legal_moves().iter().any(|m| board.is_castling(*m)));
    }
}
