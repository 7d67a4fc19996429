//! [`Board`]: a position, and making moves on it.

use core::fmt;

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_set, rook_attacks,
    rook_rays,
};
use crate::{zobrist, BitBoard, CastleSide, CastlingRights, Color, File, Move, Piece, Rank, Role, Square};

/// The plies without a capture or pawn move that let a player claim a draw (FIDE 9.3).
pub(crate) const CLAIMABLE_PLIES: u16 = 100;

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position: piece placement, side to move, castling rights, en-passant square,
/// move clocks and Zobrist key, plus cached check and pin information.
///
/// `Board` is `Copy` (about 100 bytes): a search makes a move on a copy and throws it away.
/// It always holds a legal position: build one with [`Board::startpos`], by parsing a FEN
/// (`"...".parse::<Board>()` or [`Board::from_fen`]) or with [`Board::from_setup`], and change
/// it with [`play`](Self::play), [`try_play`](Self::try_play) or
/// [`play_unchecked`](Self::play_unchecked).
///
/// The en-passant square is kept only while an en-passant capture is actually legal, so that
/// two positions with the same legal moves have the same key and the same FEN (the rule that
/// FIDE's repetition article asks for).
///
/// ```
/// use chess_core::{Board, Move, Square};
/// let mut board = Board::startpos();
/// board.play(Move::new(Square::E2, Square::E4, None));
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(board.legal_moves().len(), 20);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) by_role: [BitBoard; 6],
    pub(crate) by_color: [BitBoard; 2],
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
    pub(crate) checkers: BitBoard,
    pub(crate) pinned: BitBoard,
}

/// The error of [`Board::try_play`]: the move is not legal in the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}")]
pub struct IllegalMoveError {
    /// The rejected move.
    pub mv: Move,
}

impl Default for Board {
    fn default() -> Self {
        Board::startpos()
    }
}

impl Board {
    /// The standard starting position.
    pub fn startpos() -> Self {
        Board::from_fen(STARTPOS).expect("the start position is valid")
    }

    /// Pieces of `role` (both colours).
    #[inline(always)]
    pub const fn pieces(&self, role: Role) -> BitBoard {
        self.by_role[role as usize]
    }

    /// Pieces of `color` (all roles).
    #[inline(always)]
    pub const fn colored(&self, color: Color) -> BitBoard {
        self.by_color[color as usize]
    }

    /// Pieces of `color` and `role`.
    #[inline(always)]
    pub const fn colored_pieces(&self, color: Color, role: Role) -> BitBoard {
        BitBoard(self.by_role[role as usize].0 & self.by_color[color as usize].0)
    }

    /// Every occupied square.
    #[inline(always)]
    pub const fn occupied(&self) -> BitBoard {
        BitBoard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The side to move.
    #[inline(always)]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The castling rights.
    #[inline(always)]
    pub const fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target square, present only when an en-passant capture is legal.
    #[inline(always)]
    pub const fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move (the fifty-move rule counts 100 of them).
    #[inline(always)]
    pub const fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after black's move.
    #[inline(always)]
    pub const fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The Zobrist key of the position.
    #[inline(always)]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub const fn checkers(&self) -> BitBoard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub const fn in_check(&self) -> bool {
        self.checkers.is_nonempty()
    }

    /// Pieces of the side to move pinned to their king.
    #[inline(always)]
    pub const fn pinned(&self) -> BitBoard {
        self.pinned
    }

    /// The king square of `color`.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        match self.colored_pieces(color, Role::King).first() {
            Some(sq) => sq,
            None => unreachable!("a Board always has both kings"),
        }
    }

    /// The kind of piece on `sq`, if any.
    #[inline]
    pub fn role_on(&self, sq: Square) -> Option<Role> {
        if !self.occupied().has(sq) {
            return None;
        }
        Some(self.role_on_occupied(sq))
    }

    /// The kind of the piece on `sq`, which must be occupied.
    #[inline(always)]
    fn role_on_occupied(&self, sq: Square) -> Role {
        match Role::ALL.into_iter().find(|&r| self.by_role[r as usize].has(sq)) {
            Some(role) => role,
            None => Role::King,
        }
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].has(sq) {
            Some(Color::White)
        } else if self.by_color[1].has(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_on(sq)?, self.role_on(sq)?))
    }

    /// Pieces of either colour that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: BitBoard) -> BitBoard {
        let rq = self.pieces(Role::Rook) | self.pieces(Role::Queen);
        let bq = self.pieces(Role::Bishop) | self.pieces(Role::Queen);
        (knight_attacks(sq) & self.pieces(Role::Knight))
            | (king_attacks(sq) & self.pieces(Role::King))
            | (pawn_attacks(Color::White, sq) & self.colored_pieces(Color::Black, Role::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.colored_pieces(Color::White, Role::Pawn))
            | (rook_attacks(sq, occupied) & rq)
            | (bishop_attacks(sq, occupied) & bq)
    }

    /// Every square a piece of `color` attacks (defended own pieces included), with the board's
    /// own blockers: the threats the other side must mind.
    ///
    /// ```
    /// use chess_core::{Board, Color, Square};
    ///
    /// let board = Board::startpos();
    /// let white = board.attacks_by(Color::White);
    /// assert!(white.has(Square::F3) && white.has(Square::D2) && !white.has(Square::E4));
    /// assert_eq!(white.len(), 22);
    /// ```
    pub fn attacks_by(&self, color: Color) -> BitBoard {
        let occupied = self.occupied();
        let mut attacked = pawn_attacks_set(color, self.colored_pieces(color, Role::Pawn));
        for sq in self.colored_pieces(color, Role::Knight) {
            attacked |= knight_attacks(sq);
        }
        let side = self.colored(color);
        for sq in (self.pieces(Role::Bishop) | self.pieces(Role::Queen)) & side {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in (self.pieces(Role::Rook) | self.pieces(Role::Queen)) & side {
            attacked |= rook_attacks(sq, occupied);
        }
        attacked | king_attacks(self.king(color))
    }

    /// Whether `by` attacks `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: BitBoard) -> bool {
        let them = self.colored(by);
        let rq = (self.pieces(Role::Rook) | self.pieces(Role::Queen)) & them;
        let bq = (self.pieces(Role::Bishop) | self.pieces(Role::Queen)) & them;
        (knight_attacks(sq) & self.pieces(Role::Knight) & them).is_nonempty()
            || (pawn_attacks(!by, sq) & self.pieces(Role::Pawn) & them).is_nonempty()
            || (king_attacks(sq) & self.pieces(Role::King) & them).is_nonempty()
            // An empty-board ray test first: most squares see no slider at all.
            || ((rook_rays(sq) & rq).is_nonempty() && (rook_attacks(sq, occupied) & rq).is_nonempty())
            || ((bishop_rays(sq) & bq).is_nonempty() && (bishop_attacks(sq, occupied) & bq).is_nonempty())
    }

    /// Whether a draw by the fifty-move rule can be claimed here (FIDE 9.3): 100 plies or more
    /// without a capture or pawn move, unless the last of them mated (the mate stands).
    ///
    /// ```
    /// use chess_core::Board;
    /// let board = |fen: &str| fen.parse::<Board>().unwrap();
    /// assert!(board("7k/8/8/8/8/8/R7/K7 w - - 100 80").is_fifty_move_draw());
    /// assert!(!board("7k/8/8/8/8/8/R7/K7 w - - 99 80").is_fifty_move_draw());
    /// // Mated on the hundredth ply: no draw to claim.
    /// assert!(!board("R6k/6pp/8/8/8/8/8/K7 b - - 100 80").is_fifty_move_draw());
    /// ```
    #[inline]
    pub fn is_fifty_move_draw(&self) -> bool {
        // The check first: move generation only where a mate is possible.
        self.halfmove_clock() >= CLAIMABLE_PLIES && (!self.in_check() || self.has_legal_moves())
    }

    /// Whether the game is drawn by insufficient material: no sequence of legal moves can
    /// mate (K v K, K+N v K, K+B v K, and any number of bishops all on squares of one colour).
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(Role::Pawn) | self.pieces(Role::Rook) | self.pieces(Role::Queen);
        if heavy.is_nonempty() {
            return false;
        }
        let knights = self.pieces(Role::Knight);
        let bishops = self.pieces(Role::Bishop);
        if knights.is_nonempty() {
            // A lone knight (and nothing else besides kings) cannot mate.
            return knights.len() == 1 && bishops.is_empty();
        }
        !(bishops.intersects(BitBoard::LIGHT_SQUARES) && bishops.intersects(BitBoard::DARK_SQUARES))
    }

    /// Whether `color` could still mate by some series of legal moves, the opponent helping
    /// (FIDE's rule for a flag that falls: the game is drawn when the other side could not). As
    /// lichess reads the rule: a bare king cannot; a lone knight cannot against a king with only
    /// queens; bishops all on squares of one colour cannot unless the opponent has a knight, a
    /// pawn or a bishop of the other colour to block a flight square; anything else can.
    ///
    /// ```
    /// use chess_core::{Board, Color};
    /// let kn_v_k: Board = "8/8/8/4k3/8/8/8/4KN2 w - - 0 1".parse().unwrap();
    /// assert!(!kn_v_k.can_mate(Color::White));
    /// let kn_v_kp: Board = "8/4p3/8/4k3/8/8/8/4KN2 w - - 0 1".parse().unwrap();
    /// assert!(kn_v_kp.can_mate(Color::White), "the pawn can block: a helpmate exists");
    /// assert!(kn_v_kp.can_mate(Color::Black), "a pawn can promote");
    /// ```
    pub fn can_mate(&self, color: Color) -> bool {
        let ours = self.colored(color) - self.pieces(Role::King);
        let theirs = self.colored(!color) - self.pieces(Role::King);
        if ours.is_empty() {
            return false;
        }
        let minors_only = (ours - self.pieces(Role::Knight) - self.pieces(Role::Bishop)).is_empty();
        if !minors_only {
            return true;
        }
        let knights = ours & self.pieces(Role::Knight);
        let bishops = ours & self.pieces(Role::Bishop);
        if knights.len() == 1 && bishops.is_empty() {
            return (theirs - self.pieces(Role::Queen)).is_nonempty();
        }
        if knights.is_empty() {
            let light = bishops.intersects(BitBoard::LIGHT_SQUARES);
            let dark = bishops.intersects(BitBoard::DARK_SQUARES);
            if light && dark {
                return true;
            }
            let other = if light { BitBoard::DARK_SQUARES } else { BitBoard::LIGHT_SQUARES };
            let blockers = self.pieces(Role::Knight) | self.pieces(Role::Pawn) | (self.pieces(Role::Bishop) & other);
            return (theirs & blockers).is_nonempty();
        }
        true
    }

    /// Whether `color` has a piece other than pawns and king (null-move pruning uses this as a
    /// zugzwang guard).
    #[inline]
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        (self.colored(color) - self.pieces(Role::Pawn) - self.pieces(Role::King)).is_nonempty()
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.colored_pieces(color, role) {
                    h ^= zobrist::piece(color, role, sq);
                }
            }
        }
        h ^= Self::castling_hash(self.castling);
        if let Some(ep) = self.ep {
            h ^= zobrist::en_passant(ep.file());
        }
        if self.side == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h
    }

    #[inline(always)]
    fn toggle(&mut self, color: Color, role: Role, sq: Square) {
        let b = sq.bitboard();
        self.by_role[role as usize] ^= b;
        self.by_color[color as usize] ^= b;
        self.hash ^= zobrist::piece(color, role, sq);
    }

    /// The part of the key that the castling rights contribute.
    #[inline(always)]
    fn castling_hash(castling: CastlingRights) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(file) = castling.get(color, side) {
                    h ^= zobrist::castling(color, file);
                }
            }
        }
        h
    }

    /// Make a move that must be legal (from [`legal_moves`](Self::legal_moves) or checked with
    /// [`is_legal`](Self::is_legal)).
    ///
    /// # Panics
    /// If the move is illegal. Use [`try_play`](Self::try_play) for untrusted moves.
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e} in {self}");
        }
    }

    /// Make the move if it is legal; otherwise leave the board unchanged and return an error.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMoveError { mv })
        }
    }

    /// Make a move without checking that it is legal. The move must be legal: an illegal move
    /// leaves the board in an unspecified (but memory-safe) state.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        if !self.occupied().has(from) {
            return debug_assert!(false, "no piece on {from}");
        }
        let role = self.role_on_occupied(from);
        let captured = if self.colored(them).has(to) { Some(self.role_on_occupied(to)) } else { None };

        let old_castling = self.castling;
        if let Some(ep) = self.ep.take() {
            self.hash ^= zobrist::en_passant(ep.file());
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let mut double_push = false;

        if role == Role::King && self.colored(us).has(to) {
            // Castling: the king "takes" its own rook.
            let side = if to.file() > from.file() { CastleSide::Short } else { CastleSide::Long };
            let rank = from.rank();
            let king_to = Square::new(side.king_to_file(), rank);
            let rook_to = Square::new(side.rook_to_file(), rank);
            self.toggle(us, Role::King, from);
            self.toggle(us, Role::Rook, to);
            self.toggle(us, Role::King, king_to);
            self.toggle(us, Role::Rook, rook_to);
            self.castling.clear(us);
        } else {
            if let Some(cap) = captured {
                self.toggle(them, cap, to);
                self.halfmove = 0;
                if cap == Role::Rook {
                    self.clear_castling_for_rook(them, to);
                }
            }
            self.toggle(us, role, from);
            match role {
                Role::Pawn => {
                    self.halfmove = 0;
                    if let Some(promo) = mv.promotion() {
                        self.toggle(us, promo, to);
                    } else {
                        self.toggle(us, Role::Pawn, to);
                        if from.file() != to.file() && captured.is_none() {
                            // En passant: the captured pawn stands behind the target square.
                            let victim = Square::new(to.file(), from.rank());
                            self.toggle(them, Role::Pawn, victim);
                        }
                        double_push = (to as i8 - from as i8).abs() == 16;
                    }
                }
                Role::King => {
                    self.toggle(us, Role::King, to);
                    self.castling.clear(us);
                }
                Role::Rook => {
                    self.toggle(us, Role::Rook, to);
                    self.clear_castling_for_rook(us, from);
                }
                _ => self.toggle(us, role, to),
            }
        }

        if self.castling != old_castling {
            self.hash ^= Self::castling_hash(old_castling) ^ Self::castling_hash(self.castling);
        }
        self.side = them;
        self.hash ^= zobrist::black_to_move();
        self.update_checks_and_pins();

        if double_push {
            let ep = Square::new(from.file(), Rank::Third.relative_to(us));
            // Most double pushes land beside no enemy pawn: this inlined test spares the call
            // (measured: ~4% of full-perft instructions), though `ep_capture_is_legal` repeats it.
            if (pawn_attacks(us, ep) & self.colored_pieces(them, Role::Pawn)).is_nonempty()
                && self.ep_capture_is_legal(ep)
            {
                self.ep = Some(ep);
                self.hash ^= zobrist::en_passant(ep.file());
            }
        }
    }

    #[inline]
    fn clear_castling_for_rook(&mut self, color: Color, sq: Square) {
        if sq.rank() != Rank::First.relative_to(color) {
            return;
        }
        for side in CastleSide::ALL {
            if self.castling.get(color, side) == Some(sq.file()) {
                self.castling.set(color, side, None);
            }
        }
    }

    /// Pass the move to the opponent without moving (for null-move pruning). Returns `None` when
    /// in check, where a null move would leave the king capturable.
    pub fn null_move(&self) -> Option<Board> {
        if self.in_check() {
            return None;
        }
        let mut b = *self;
        if let Some(ep) = b.ep.take() {
            b.hash ^= zobrist::en_passant(ep.file());
        }
        b.side = !b.side;
        b.hash ^= zobrist::black_to_move();
        b.halfmove = b.halfmove.saturating_add(1);
        if b.side == Color::White {
            b.fullmove = b.fullmove.saturating_add(1);
        }
        b.update_checks_and_pins();
        Some(b)
    }

    /// Recompute `checkers` and `pinned` for the side to move.
    #[inline]
    pub(crate) fn update_checks_and_pins(&mut self) {
        let us = self.side;
        let them = !us;
        let king = self.king(us);
        let their = self.colored(them);
        let occ = self.occupied();
        let rq = (self.pieces(Role::Rook) | self.pieces(Role::Queen)) & their;
        let bq = (self.pieces(Role::Bishop) | self.pieces(Role::Queen)) & their;
        let mut checkers = (knight_attacks(king) & self.pieces(Role::Knight) & their)
            | (pawn_attacks(us, king) & self.pieces(Role::Pawn) & their);
        let mut pinned = BitBoard::EMPTY;
        let snipers = (rook_rays(king) & rq) | (bishop_rays(king) & bq);
        for sniper in snipers {
            let blockers = between(king, sniper) & occ;
            if blockers.is_empty() {
                checkers |= sniper.bitboard();
            } else if !blockers.has_many() {
                pinned |= blockers & self.colored(us);
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Whether the side to move may legally capture en passant onto `ep`.
    pub(crate) fn ep_capture_is_legal(&self, ep: Square) -> bool {
        let us = self.side;
        let them = !us;
        let candidates = pawn_attacks(them, ep) & self.colored_pieces(us, Role::Pawn);
        if candidates.is_empty() {
            return false;
        }
        let victim = ep.forward(them, 1);
        let king = self.king(us);
        candidates.into_iter().any(|from| self.ep_is_safe(from, ep, victim, king))
    }

    /// Whether our king is safe after the pawn on `from` captures en passant on `ep`, removing the
    /// pawn on `victim`. Simulated in full: it covers pins along ranks through both pawns,
    /// discovered checks and checks given by the double-pushed pawn.
    #[inline]
    pub(crate) fn ep_is_safe(&self, from: Square, ep: Square, victim: Square, king: Square) -> bool {
        let them = !self.side;
        let occ = (self.occupied() - from.bitboard() - victim.bitboard()) | ep.bitboard();
        let their = self.colored(them) - victim.bitboard();
        let rq = (self.pieces(Role::Rook) | self.pieces(Role::Queen)) & their;
        let bq = (self.pieces(Role::Bishop) | self.pieces(Role::Queen)) & their;
        (rook_attacks(king, occ) & rq).is_empty()
            && (bishop_attacks(king, occ) & bq).is_empty()
            && (knight_attacks(king) & self.pieces(Role::Knight) & their).is_empty()
            && (pawn_attacks(self.side, king) & self.pieces(Role::Pawn) & their).is_empty()
    }

    /// Whether the legal move `mv` gives check, without playing it: directly, by discovery, by
    /// promotion, en passant or castling.
    ///
    /// ```
    /// use chess_core::Board;
    /// let board: Board = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
    /// assert!(board.gives_check(board.parse_uci("a1a8").unwrap()));
    /// assert!(!board.gives_check(board.parse_uci("a1a7").unwrap()));
    /// ```
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        if self.is_castling(mv) || self.is_en_passant(mv) {
            let mut after = *self;
            after.play_unchecked(mv);
            return after.in_check();
        }
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let king = self.king(!us);
        let Some(moved) = self.role_on(from) else { return false };
        let role = mv.promotion().unwrap_or(moved);
        let occ = (self.occupied().without(from)).with(to);
        // A slider's blockers are looked up only when the king is on one of its lines at all.
        let diagonal = || bishop_rays(to).has(king) && bishop_attacks(to, occ).has(king);
        let straight = || rook_rays(to).has(king) && rook_attacks(to, occ).has(king);
        let direct = match role {
            Role::Pawn => pawn_attacks(us, to).has(king),
            Role::Knight => knight_attacks(to).has(king),
            Role::Bishop => diagonal(),
            Role::Rook => straight(),
            Role::Queen => straight() || diagonal(),
            Role::King => false,
        };
        if direct {
            return true;
        }
        // A discovered check: one of our sliders sees the king once `from` is vacated. Only along
        // the line from the king through `from` (none of ours gives check before the move: it is
        // our turn), so a piece off the king's lines discovers nothing.
        let ours = self.colored(us).without(from);
        if rook_rays(king).has(from) {
            let rq = (self.pieces(Role::Rook) | self.pieces(Role::Queen)) & ours;
            (rook_attacks(king, occ) & rq).is_nonempty()
        } else if bishop_rays(king).has(from) {
            let bq = (self.pieces(Role::Bishop) | self.pieces(Role::Queen)) & ours;
            (bishop_attacks(king, occ) & bq).is_nonempty()
        } else {
            false
        }
    }

    /// Whether the move captures a piece (en passant included; castling is not a capture).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.colored(!self.side).has(mv.to()) || self.is_en_passant(mv)
    }

    /// Whether the move is an en-passant capture.
    #[inline]
    pub fn is_en_passant(&self, mv: Move) -> bool {
        self.ep == Some(mv.to()) && self.colored_pieces(self.side, Role::Pawn).has(mv.from())
    }

    /// Whether the move is castling (encoded as the king taking its own rook).
    #[inline]
    pub fn is_castling(&self, mv: Move) -> bool {
        self.colored_pieces(self.side, Role::King).has(mv.from()) && self.colored(self.side).has(mv.to())
    }

    /// The kind of piece the move captures (a pawn for en passant).
    #[inline]
    pub fn captured_role(&self, mv: Move) -> Option<Role> {
        if self.colored(!self.side).has(mv.to()) {
            self.role_on(mv.to())
        } else if self.is_en_passant(mv) {
            Some(Role::Pawn)
        } else {
            None
        }
    }

    /// The square the king lands on for a castling move.
    pub fn castling_king_square(&self, mv: Move) -> Square {
        let side = if mv.to().file() > mv.from().file() { CastleSide::Short } else { CastleSide::Long };
        Square::new(side.king_to_file(), mv.from().rank())
    }

    /// The square the moving piece lands on: the king's square when castling (the move itself
    /// names the rook's square), else the move's destination.
    ///
    /// ```
    /// use chess_core::{Board, Square};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let castle = board.parse_uci("e1h1").unwrap();
    /// assert_eq!(board.landing_square(castle), Square::G1);
    /// assert_eq!(board.landing_square(board.parse_uci("a1a8").unwrap()), Square::A8);
    /// ```
    #[inline]
    pub fn landing_square(&self, mv: Move) -> Square {
        if self.is_castling(mv) {
            self.castling_king_square(mv)
        } else {
            mv.to()
        }
    }

    /// The same position with colours swapped and the board mirrored vertically (white's pieces
    /// become black's on the mirrored squares, the other side moves). Evaluation symmetry tests
    /// use it.
    pub fn mirrored(&self) -> Board {
        let mut b = *self;
        b.by_color = [self.by_color[1].flip_ranks(), self.by_color[0].flip_ranks()];
        for r in 0..6 {
            b.by_role[r] = self.by_role[r].flip_ranks();
        }
        b.side = !self.side;
        b.castling = self.castling.swap_colors();
        b.ep = self.ep.map(Square::flip_rank);
        b.hash = b.compute_hash();
        b.update_checks_and_pins();
        b
    }

    /// The same position mirrored left to right (files a and h swapped), the same side to move:
    /// for the rules the same game, so an evaluation with mirrored inputs must score it alike.
    /// `None` while either side may castle (the wings are not alike for castling).
    ///
    /// ```
    /// use chess_core::Board;
    ///
    /// let board: Board = "8/5k2/3p4/1p1P4/1P3K2/8/8/8 b - - 0 1".parse().unwrap();
    /// assert_eq!(board.flipped_files().unwrap().to_string(), "8/2k5/4p3/4P1p1/2K3P1/8/8/8 b - - 0 1");
    /// assert!(Board::startpos().flipped_files().is_none());
    /// ```
    pub fn flipped_files(&self) -> Option<Board> {
        if !self.castling.is_empty() {
            return None;
        }
        let mut b = *self;
        b.by_color = self.by_color.map(BitBoard::flip_files);
        b.by_role = self.by_role.map(BitBoard::flip_files);
        b.ep = self.ep.map(Square::flip_file);
        b.hash = b.compute_hash();
        b.update_checks_and_pins();
        Some(b)
    }

    /// A multi-line diagram of the board (rank 8 at the top), with the FEN below.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in Rank::ALL.iter().rev() {
            s.push(rank.char());
            s.push(' ');
            for file in File::ALL {
                let c = self.piece_on(Square::new(file, *rank)).map_or('.', Piece::char);
                s.push(c);
                s.push(' ');
            }
            s.pop();
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        s
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}
