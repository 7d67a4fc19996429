//! [`Classical`]: material and piece-square tables tapered by phase, plus pawn structure,
//! mobility, king safety, piece bonuses and tempo.
//!
//! Each term is one function below; every weight lives in [`crate::weights`].

use chess_core::attacks::{king_attacks, pawn_attacks, pawn_attacks_set, piece_attacks};
use chess_core::{BitBoard, Board, Color, File, Piece, Rank, Role, Square};

use crate::layout::Param;
use crate::sink::Sink;
use crate::trace::{Term, Trace, S};
use crate::weights::*;
use crate::{Evaluator, Score};

/// Which evaluation terms are on. Material is always on.
///
/// Weaker difficulty levels use simpler evaluation, and each term can be measured by games with
/// it switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EvalConfig {
    /// Piece-square tables.
    pub piece_square: bool,
    /// Doubled, isolated, backward and connected pawns.
    pub pawns: bool,
    /// Passed pawns.
    pub passed_pawns: bool,
    /// Piece mobility.
    pub mobility: bool,
    /// King safety.
    pub king_safety: bool,
    /// Bishop pair and rook files.
    pub pieces: bool,
    /// Side-to-move bonus.
    pub tempo: bool,
}

impl EvalConfig {
    /// Every term.
    pub const FULL: EvalConfig = EvalConfig {
        piece_square: true,
        pawns: true,
        passed_pawns: true,
        mobility: true,
        king_safety: true,
        pieces: true,
        tempo: true,
    };
    /// Material and tapered piece-square tables only: the simplest judgement, for the weakest
    /// level.
    pub const MATERIAL_PST: EvalConfig = EvalConfig {
        piece_square: true,
        pawns: false,
        passed_pawns: false,
        mobility: false,
        king_safety: false,
        pieces: false,
        tempo: false,
    };

    /// Whether `term` is on.
    pub const fn has(&self, term: Term) -> bool {
        match term {
            Term::Material => true,
            Term::PieceSquare => self.piece_square,
            Term::Pawns => self.pawns,
            Term::PassedPawns => self.passed_pawns,
            Term::Mobility => self.mobility,
            Term::KingSafety => self.king_safety,
            Term::Pieces => self.pieces,
            Term::Tempo => self.tempo,
        }
    }
}

impl Default for EvalConfig {
    fn default() -> Self {
        EvalConfig::FULL
    }
}

/// The classical evaluator.
///
/// ```
/// use chess_core::Board;
/// use chess_eval::{Classical, Evaluator, Score};
///
/// let mut eval = Classical::default();
/// let start = eval.evaluate(&Board::startpos());
/// assert!(start.0.abs() < 30, "about equal, with a small tempo bonus: {start}");
///
/// let queen_up: Board = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// assert!(eval.evaluate(&queen_up) > Score(800));
/// println!("{}", eval.trace(&queen_up));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Classical {
    /// The terms in use.
    pub config: EvalConfig,
}

impl Classical {
    /// An evaluator with the given terms.
    pub const fn new(config: EvalConfig) -> Self {
        Classical { config }
    }

    /// The full breakdown of the evaluation of `board`.
    pub fn trace(&self, board: &Board) -> Trace {
        let terms = self.terms(board);
        let phase = phase(board);
        let total = terms.iter().fold(S(0, 0), |acc, [w, b]| acc + *w - *b);
        let white_score = blend(total, phase);
        let score = match board.side_to_move() {
            Color::White => white_score,
            Color::Black => -white_score,
        };
        let score = Score(score).clamp_eval().0;
        Trace { terms, phase, white_score, score }
    }

    /// Every term for both colours (zero for terms switched off).
    fn terms(&self, board: &Board) -> [[S; 2]; Term::NUM] {
        let mut sink = TermSums { terms: [[S(0, 0); 2]; Term::NUM], at: (0, 0), acc: S(0, 0) };
        self.walk(board, &mut sink);
        sink.flush();
        sink.terms
    }

    /// Feeds every term that is switched on to `sink`, term by term and colour by colour.
    #[inline(always)]
    pub(crate) fn walk<K: Sink>(&self, board: &Board, sink: &mut K) {
        let cfg = &self.config;
        for color in Color::ALL {
            material_and_pst(board, color, cfg.piece_square, sink);
            if cfg.pawns {
                sink.begin(Term::Pawns, color);
                pawn_structure(board, color, sink);
            }
            if cfg.passed_pawns {
                sink.begin(Term::PassedPawns, color);
                passed_pawns(board, color, sink);
            }
            if cfg.pieces {
                sink.begin(Term::Pieces, color);
                piece_bonuses(board, color, sink);
            }
            if cfg.tempo && board.side_to_move() == color {
                sink.begin(Term::Tempo, color);
                sink.add(Param::Tempo, 0, 1);
            }
        }
        if cfg.mobility || cfg.king_safety {
            let ctx = Context::new(board);
            sink.begin(Term::Mobility, Color::White);
            let white = activity(board, Color::White, &ctx, cfg.mobility, sink);
            sink.begin(Term::Mobility, Color::Black);
            let black = activity(board, Color::Black, &ctx, cfg.mobility, sink);
            if cfg.king_safety {
                sink.begin(Term::KingSafety, Color::White);
                king_safety(board, Color::White, &black, sink);
                sink.begin(Term::KingSafety, Color::Black);
                king_safety(board, Color::Black, &white, sink);
            }
        }
    }
}

/// Sums the weights of each term and colour, for [`Classical::trace`] and the evaluation.
struct TermSums {
    terms: [[S; 2]; Term::NUM],
    at: (usize, usize),
    acc: S,
}

impl TermSums {
    #[inline(always)]
    fn flush(&mut self) {
        self.terms[self.at.0][self.at.1] += self.acc;
        self.acc = S(0, 0);
    }
}

impl Sink for TermSums {
    #[inline(always)]
    fn begin(&mut self, term: Term, color: Color) {
        self.flush();
        self.at = (term as usize, color as usize);
    }
    #[inline(always)]
    fn add(&mut self, param: Param, index: usize, count: i32) {
        self.acc += param.values()[index] * count;
    }
    #[inline(always)]
    fn add_fixed(&mut self, value: S) {
        self.acc += value;
    }
}

impl Evaluator for Classical {
    #[inline]
    fn evaluate(&mut self, board: &Board) -> Score {
        Score(self.trace(board).score)
    }
}

/// Attack maps shared by several terms.
struct Context {
    pawn_attacks: [BitBoard; 2],
}

impl Context {
    fn new(board: &Board) -> Self {
        let attacks = |c: Color| pawn_attacks_set(c, board.colored_pieces(c, Role::Pawn));
        Context { pawn_attacks: [attacks(Color::White), attacks(Color::Black)] }
    }
}

/// Game phase from the non-pawn material on the board, `0..=24`.
pub fn phase(board: &Board) -> i32 {
    let p: i32 = Role::ALL.iter().map(|&r| PHASE[r as usize] * board.pieces(r).len() as i32).sum();
    p.min(MAX_PHASE)
}

pub(crate) fn blend(s: S, phase: i32) -> i32 {
    (s.mg() * phase + s.eg() * (MAX_PHASE - phase)) / MAX_PHASE
}

impl Trace {
    /// One side's value of a term, middlegame and endgame blended by the phase as the
    /// evaluation blends its total (written here, beside the blending, so that the trace module
    /// needs no weights).
    pub fn blended(&self, term: Term, color: Color) -> i32 {
        blend(self.terms[term as usize][color as usize], self.phase)
    }
}

/// The square as white sees it (black's squares are mirrored), for piece-square tables.
#[inline(always)]
fn relative(sq: Square, color: Color) -> usize {
    sq.relative_to(color) as usize
}

fn material_and_pst<K: Sink>(board: &Board, color: Color, piece_square: bool, sink: &mut K) {
    sink.begin(Term::Material, color);
    for role in Role::ALL {
        let n = board.colored_pieces(color, role).len() as i32;
        if n > 0 {
            sink.add(Param::Material, role as usize, n);
        }
    }
    if piece_square {
        sink.begin(Term::PieceSquare, color);
        for role in Role::ALL {
            for sq in board.colored_pieces(color, role) {
                sink.add(Param::pst(role), relative(sq, color), 1);
            }
        }
    }
}

/// Squares strictly in front of `sq` from `color`'s side, on all files.
#[inline]
fn ranks_ahead(sq: Square, color: Color) -> BitBoard {
    let r = sq.rank() as u32;
    match color {
        Color::White => BitBoard(if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) }),
        Color::Black => BitBoard((1u64 << (8 * r)) - 1),
    }
}

/// The squares of the files beside `file` (one file at the board's edge): where a pawn's
/// neighbours stand, for isolated and passed pawns.
///
/// ```
/// use chess_core::{File, Square};
/// let beside = chess_eval::adjacent_files(File::A);
/// assert!(beside.has(Square::B4) && !beside.has(Square::A4) && !beside.has(Square::C4));
/// ```
#[inline]
pub fn adjacent_files(file: File) -> BitBoard {
    let f = file.bitboard();
    BitBoard(((f.0 << 1) & !File::A.bitboard().0) | ((f.0 >> 1) & !File::H.bitboard().0))
}

fn pawn_structure<K: Sink>(board: &Board, color: Color, sink: &mut K) {
    let ours = board.colored_pieces(color, Role::Pawn);
    let theirs = board.colored_pieces(!color, Role::Pawn);
    for file in File::ALL {
        let n = (ours & file.bitboard()).len() as i32;
        if n > 1 {
            sink.add(Param::Doubled, 0, n - 1);
        }
    }
    for sq in ours {
        let adjacent = adjacent_files(sq.file());
        if (ours & adjacent).is_empty() {
            sink.add(Param::Isolated, 0, 1);
            continue;
        }
        let defended = (pawn_attacks(!color, sq) & ours).is_nonempty();
        let phalanx = (ours & adjacent & sq.rank().bitboard()).is_nonempty();
        if defended || phalanx {
            sink.add(Param::Connected, 0, 1);
        }
        // Backward: no friendly pawn beside or behind on the adjacent files, and the stop
        // square is covered by an enemy pawn.
        let supporters = ours & adjacent & !ranks_ahead(sq, color);
        if let Some(stop) = sq.try_offset(0, if color == Color::White { 1 } else { -1 }) {
            if supporters.is_empty() && (pawn_attacks(color, stop) & theirs).is_nonempty() {
                sink.add(Param::Backward, 0, 1);
            }
        }
    }
}

/// Whether the pawn of `color` on `sq` has no enemy pawn in front of it on its own or an
/// adjacent file.
#[inline]
pub fn is_passed(board: &Board, color: Color, sq: Square) -> bool {
    let span = (sq.file().bitboard() | adjacent_files(sq.file())) & ranks_ahead(sq, color);
    (board.colored_pieces(!color, Role::Pawn) & span).is_empty()
}

fn passed_pawns<K: Sink>(board: &Board, color: Color, sink: &mut K) {
    let ours = board.colored_pieces(color, Role::Pawn);
    for sq in ours {
        if !is_passed(board, color, sq) {
            continue;
        }
        let rank = sq.rank().relative_to(color) as usize;
        sink.add(Param::Passed, rank, 1);
        let stop = sq.forward(color, 1);
        if !board.occupied().has(stop) {
            sink.add(Param::PassedFree, rank, 1);
        }
        if (pawn_attacks(!color, sq) & ours).is_nonempty() {
            sink.add(Param::PassedSupported, rank, 1);
        }
    }
}

fn piece_bonuses<K: Sink>(board: &Board, color: Color, sink: &mut K) {
    let bishops = board.colored_pieces(color, Role::Bishop);
    if bishops.intersects(BitBoard::LIGHT_SQUARES) && bishops.intersects(BitBoard::DARK_SQUARES) {
        sink.add(Param::BishopPair, 0, 1);
    }
    let our_pawns = board.colored_pieces(color, Role::Pawn);
    let their_pawns = board.colored_pieces(!color, Role::Pawn);
    for sq in board.colored_pieces(color, Role::Rook) {
        let file = sq.file().bitboard();
        if (file & our_pawns).is_empty() {
            let param = if (file & their_pawns).is_empty() { Param::RookOpenFile } else { Param::RookHalfOpenFile };
            sink.add(param, 0, 1);
        }
    }
}

/// One side's pressure on the enemy king zone.
struct KingAttack {
    /// Weighted attacks on squares of the enemy king zone.
    units: i32,
    /// Pieces attacking the enemy king zone.
    attackers: i32,
}

/// Feeds the mobility of one side's pieces to `sink` (if `mobility` is on) and measures their
/// pressure on the enemy king zone.
#[inline(always)]
fn activity<K: Sink>(board: &Board, color: Color, ctx: &Context, mobility: bool, sink: &mut K) -> KingAttack {
    let occ = board.occupied();
    let safe = !board.colored(color) & !ctx.pawn_attacks[!color as usize];
    let enemy_king = board.king(!color);
    let zone = king_attacks(enemy_king).with(enemy_king);
    let mut a = KingAttack { units: 0, attackers: 0 };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in board.colored_pieces(color, role) {
            let attacks = piece_attacks(Piece::new(color, role), sq, occ);
            if mobility {
                let param = match role {
                    Role::Knight => Param::KnightMobility,
                    Role::Bishop => Param::BishopMobility,
                    Role::Rook => Param::RookMobility,
                    _ => Param::QueenMobility,
                };
                sink.add(param, (attacks & safe).len() as usize, 1);
            }
            let hits = (attacks & zone).len() as i32;
            if hits > 0 {
                a.attackers += 1;
                a.units += ATTACK_WEIGHT[role as usize] * hits;
            }
        }
    }
    a
}

fn king_safety<K: Sink>(board: &Board, color: Color, enemy: &KingAttack, sink: &mut K) {
    let king = board.king(color);
    let ours = board.colored_pieces(color, Role::Pawn);
    let files = king.file().bitboard() | adjacent_files(king.file());
    for step in 1..=2u8 {
        let rank_index = king.rank() as i8 + if color == Color::White { step as i8 } else { -(step as i8) };
        if let Some(rank) = Rank::try_from_index(rank_index as usize).filter(|_| rank_index >= 0) {
            let n = (ours & files & rank.bitboard()).len() as i32;
            if n > 0 {
                sink.add(Param::Shield, step as usize - 1, n);
            }
        }
    }
    for sq in (files & Rank::First.bitboard()).iter() {
        if (ours & sq.file().bitboard()).is_empty() {
            sink.add(Param::KingOpenFile, 0, 1);
        }
    }
    // One attacker alone rarely breaks through; pressure counts from two attackers, or one
    // with the queen on board.
    let has_queen = board.colored_pieces(!color, Role::Queen).is_nonempty();
    if enemy.attackers >= 2 || (enemy.attackers == 1 && has_queen) {
        sink.add_fixed(king_danger(enemy.units));
    }
}
