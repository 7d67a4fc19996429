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

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, pawn_attacks_set,
    rook_attacks, rook_rays,
};
use crate::{BitBoard, Board, CastleSide, Color, File, Move, MoveList, Rank, Role, Square};

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
    /// Everything else: moves to empty squares that do not promote, and castling.
    Quiet,
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

    /// Like [`generate_moves`](Self::generate_moves), for the moves that
    /// [`generate_noisy_moves`](Self::generate_noisy_moves) leaves out: non-promoting moves to
    /// empty squares, and castling. The two together give every legal move exactly once.
    #[inline]
    pub fn generate_quiet_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate(Kind::Quiet, f)
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

    /// The legal quiet moves (neither captures nor promotions).
    pub fn quiet_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_quiet_moves(|pm| {
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
    ///
    /// Order (which [`legal_moves`](Self::legal_moves) and `divide` show): the king, then knights,
    /// bishops, rooks, queens and pawns, each kind in square order.
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
            match kind {
                Kind::All => {}
                Kind::Noisy => to &= theirs,
                Kind::Quiet => to -= theirs,
            }
            if to.is_nonempty() {
                to = self.safe_king_squares(to, king, them);
            }
            if kind != Kind::Noisy && self.checkers.is_empty() && !self.castling.is_empty() {
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
        let check_mask = match self.checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => BitBoard::FULL,
        };
        let mut target = check_mask - ours;
        match kind {
            Kind::All => {}
            Kind::Noisy => target &= theirs,
            Kind::Quiet => target -= theirs,
        }
        let movable = (ours & sources).without(king);
        let pinned = self.pinned;

        for from in self.pieces(Role::Knight) & (movable - pinned) {
            let to = knight_attacks(from) & target;
            if to.is_nonempty() && f(PieceMoves { role: Role::Knight, from, to }) {
                return true;
            }
        }
        let queens = self.pieces(Role::Queen);
        for from in self.pieces(Role::Bishop) & movable {
            let mut to = bishop_attacks(from, occ) & target;
            if pinned.has(from) {
                to &= line(king, from);
            }
            if to.is_nonempty() && f(PieceMoves { role: Role::Bishop, from, to }) {
                return true;
            }
        }
        for from in self.pieces(Role::Rook) & movable {
            let mut to = rook_attacks(from, occ) & target;
            if pinned.has(from) {
                to &= line(king, from);
            }
            if to.is_nonempty() && f(PieceMoves { role: Role::Rook, from, to }) {
                return true;
            }
        }
        for from in queens & movable {
            let mut to = (bishop_attacks(from, occ) | rook_attacks(from, occ)) & target;
            if pinned.has(from) {
                to &= line(king, from);
            }
            if to.is_nonempty() && f(PieceMoves { role: Role::Queen, from, to }) {
                return true;
            }
        }

        // Pawns: pushes are computed for all pawns at once, then handed out pawn by pawn. A pawn
        // never stands on its first or last rank, so rotating by a rank never wraps a real pawn.
        let pawns = self.pieces(Role::Pawn) & movable;
        if pawns.is_empty() {
            return false;
        }
        let up = match us {
            Color::White => 8,
            Color::Black => 56,
        };
        let empty = !occ;
        let mut single = BitBoard(pawns.0.rotate_left(up)) & empty;
        let double = if kind == Kind::Noisy {
            single &= Rank::Eighth.relative_to(us).bitboard();
            BitBoard::EMPTY
        } else {
            BitBoard((single & Rank::Third.relative_to(us).bitboard()).0.rotate_left(up)) & empty & check_mask
        };
        if kind == Kind::Quiet {
            single -= Rank::Eighth.relative_to(us).bitboard();
        }
        single &= check_mask;
        let captures = if kind == Kind::Quiet { BitBoard::EMPTY } else { theirs & check_mask };
        // Pawns that may take en passant (tested for safety below, one by one).
        let ep_pawns = match self.ep {
            Some(ep) if kind != Kind::Quiet => pawn_attacks(them, ep) & pawns,
            _ => BitBoard::EMPTY,
        };
        for from in pawns {
            let bit = from.bitboard().0;
            let mut to = (pawn_attacks(us, from) & captures)
                | (BitBoard(bit.rotate_left(up)) & single)
                | (BitBoard(bit.rotate_left(2 * up)) & double);
            if pinned.has(from) {
                to &= line(king, from);
            }
            if ep_pawns.has(from) {
                if let Some(ep) = self.ep {
                    if self.ep_is_safe(from, ep, ep.forward(them, 1), king) {
                        to |= ep.bitboard();
                    }
                }
            }
            if to.is_nonempty() && f(PieceMoves { role: Role::Pawn, from, to }) {
                return true;
            }
        }
        false
    }

    /// The squares of `to` (next to our king) where the king is not attacked by `them`, with the
    /// king lifted from the board.
    #[inline(always)]
    fn safe_king_squares(&self, mut to: BitBoard, king: Square, them: Color) -> BitBoard {
        let their = self.colored(them);
        // Pawns and the king first, set-wise: the cheap way to drop most squares.
        to -= pawn_attacks_set(them, self.pieces(Role::Pawn) & their) | king_attacks(self.king(them));
        if to.is_empty() {
            return to;
        }
        let without_king = self.occupied().without(king);
        let knights = self.pieces(Role::Knight) & their;
        let rq = (self.pieces(Role::Rook) | self.pieces(Role::Queen)) & their;
        let bq = (self.pieces(Role::Bishop) | self.pieces(Role::Queen)) & their;
        for sq in to {
            // An empty-board ray test before each magic lookup.
            if (knight_attacks(sq) & knights).is_nonempty()
                || ((rook_rays(sq) & rq).is_nonempty() && (rook_attacks(sq, without_king) & rq).is_nonempty())
                || ((bishop_rays(sq) & bq).is_nonempty() && (bishop_attacks(sq, without_king) & bq).is_nonempty())
            {
                to = to.without(sq);
            }
        }
        to
    }

    /// Castling destinations (the rooks' squares), assuming we are not in check.
    #[inline]
    fn castling_moves(&self, king: Square) -> BitBoard {
        let us = self.side;
        let mut out = BitBoard::EMPTY;
        let rank_base = king as u32 & 56;
        let occ = self.occupied();
        for side in CastleSide::ALL {
            let Some(rook_file) = self.castling.get(us, side) else { continue };
            let paths = &CASTLING_PATHS[side as usize][king as usize & 7][rook_file as usize];
            let rook = BitBoard(1 << (rank_base + rook_file as u32));
            let lifted = occ - rook - king.bitboard();
            if (BitBoard(paths.must_be_empty << rank_base) & lifted).is_nonempty() {
                continue;
            }
            let king_path = BitBoard(paths.king_path << rank_base);
            if king_path.into_iter().any(|sq| self.is_attacked(sq, !us, lifted)) {
                continue;
            }
            out |= rook;
        }
        out
    }
}

/// The squares a castling move needs, on the first rank (shifted to the king's rank when used).
#[derive(Clone, Copy)]
struct CastlingPaths {
    /// The king's and the rook's paths, destinations included: empty but for king and rook.
    must_be_empty: u64,
    /// The king's path, destination included: none of it may be attacked.
    king_path: u64,
}

/// `CASTLING_PATHS[side][king file][rook file]`, on the first rank.
static CASTLING_PATHS: [[[CastlingPaths; 8]; 8]; 2] = {
    let mut t = [[[CastlingPaths { must_be_empty: 0, king_path: 0 }; 8]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let (king_to, rook_to) = if side == 0 { (File::G, File::F) } else { (File::C, File::D) };
        let mut king = 0;
        while king < 8 {
            let mut rook = 0;
            while rook < 8 {
                let king_path = span(king, king_to as usize);
                let rook_path = span(rook, rook_to as usize);
                t[side][king][rook] = CastlingPaths { must_be_empty: king_path | rook_path, king_path };
                rook += 1;
            }
            king += 1;
        }
        side += 1;
    }
    t
};

/// The first-rank squares strictly between `from` and `to`, and `to` itself.
const fn span(from: usize, to: usize) -> u64 {
    let mut out = 1 << to;
    let mut f = from;
    while f != to {
        f = if to > f { f + 1 } else { f - 1 };
        out |= 1 << f;
    }
    out
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
