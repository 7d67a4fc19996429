//! Move-ordering memory: killer moves, counter moves, and history scores for quiet moves and
//! captures. Each thread keeps its own; a new game clears them.

use chess_core::{BitBoard, Board, Color, Move, Role, Square};
use chess_eval::Score;

use crate::params::*;
use crate::params::{enabled, Rule};

/// Plies the per-ply tables cover.
pub const MAX_PLY: usize = Score::MAX_PLY as usize;

/// Move-ordering statistics.
#[derive(Clone)]
pub struct History {
    /// Butterfly history by threats: `[color][from attacked][to attacked][from][to]`, how
    /// often a quiet move caused a cutoff, apart for moves that leave or enter a square the
    /// opponent attacks (fleeing a threat and stepping into one are different moves).
    quiet: Box<[[[Butterfly; 2]; 2]; 2]>,
    /// Capture history: `[moving piece][to][captured role]`.
    capture: Box<[[[i16; 6]; 64]; 12]>,
    /// Two killer moves per ply: quiet moves that caused a cutoff at this ply.
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
    /// The quiet move that refuted the previous move, `[previous piece][previous to]`.
    counter: Box<[[Option<Move>; 64]; 12]>,
    /// Continuation history: how good a quiet move (piece, to) was after an earlier move
    /// (piece, to), one and two plies back. `[earlier piece][earlier to][piece][to]`.
    continuation: Box<[[[[i16; 64]; 12]; 64]; 12]>,
    /// Correction history: how far the search's results have been from the static evaluation
    /// in positions with this pawn structure, `[side to move][pawn key]`, in units of
    /// `1 / correction_grain()` centipawn.
    correction: Box<[[i16; CORRECTION_SIZE]; 2]>,
    /// Correction history by each colour's pieces other than pawns (king included):
    /// `[colour][side to move][that colour's non-pawn key]`, in the units of `correction`. The
    /// two colours' entries count half each.
    non_pawn_correction: Box<[[[i16; CORRECTION_SIZE]; 2]; 2]>,
}

/// A butterfly table of quiet moves, `[from][to]`.
type Butterfly = [[i16; 64]; 64];

/// One piece's rows of the quiet-move tables, by destination (see [`History::quiet_rows`]).
#[derive(Clone, Copy)]
pub struct QuietRows<'a> {
    /// The piece's butterfly rows, `[destination attacked]`.
    butterfly: [&'a [i16; 64]; 2],
    threats: BitBoard,
    conts: [Option<&'a [i16; 64]>; 2],
}

impl QuietRows<'_> {
    /// [`History::quiet_score`] of the piece's quiet move to `to`.
    #[inline]
    pub fn score(&self, to: Square) -> i32 {
        let mut score = self.butterfly[self.threats.has(to) as usize][to as usize] as i32;
        for row in self.conts.iter().flatten() {
            score += row[to as usize] as i32;
        }
        score
    }
}

/// Entries of the correction table per side.
const CORRECTION_SIZE: usize = 16_384;
/// Correction entries count in 1/this of a centipawn.
const CORRECTION_GRAIN: i32 = 64;

/// The pawn structure of `board` as an index of the correction table (a multiplicative hash of
/// the two pawn sets; collisions only blur the statistics).
#[inline]
fn pawn_key(board: &Board) -> usize {
    let white = board.colored_pieces(Color::White, Role::Pawn).0;
    let black = board.colored_pieces(Color::Black, Role::Pawn).0;
    let h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
    (h >> 50) as usize % CORRECTION_SIZE
}

/// The pieces other than pawns of `color` (king included) as an index of the correction table.
#[inline]
fn non_pawn_key(board: &Board, color: Color) -> usize {
    const MULTIPLIERS: [u64; 5] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0x85EB_CA77_C2B2_AE63,
        0x27D4_EB2F_1656_67C5,
    ];
    let roles = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    let h = roles
        .iter()
        .zip(MULTIPLIERS)
        .fold(0u64, |h, (&role, m)| h.rotate_left(13) ^ board.colored_pieces(color, role).0.wrapping_mul(m));
    (h >> 50) as usize % CORRECTION_SIZE
}

/// Where a position's entries sit in the correction tables: the side to move, the pawn key and
/// each colour's non-pawn key. A node hashes them once ([`CorrectionKeys::of`]) for both the
/// correction it reads and the one it learns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorrectionKeys {
    stm: usize,
    pawns: usize,
    non_pawns: [usize; 2],
}

impl CorrectionKeys {
    /// The keys of `board`.
    #[inline]
    pub fn of(board: &Board) -> Self {
        Self {
            stm: board.side_to_move() as usize,
            pawns: pawn_key(board),
            non_pawns: Color::ALL.map(|c| non_pawn_key(board, c)),
        }
    }
}

/// A move as the continuation tables see it: the moving piece's index and its destination.
pub type PieceTo = (usize, Square);

/// What the quiet moves of a node are scored against: the moves one and two plies back (the
/// continuation tables' rows) and the squares the opponent attacks (the butterfly table's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuietContext {
    /// The moves one and two plies back, when known.
    pub conts: [Option<PieceTo>; 2],
    /// The squares the opponent attacks.
    pub threats: BitBoard,
}

impl Default for History {
    fn default() -> Self {
        History {
            quiet: vec![[[[[0; 64]; 64]; 2]; 2]; 2].into_boxed_slice().try_into().expect("2 rows"),
            capture: Box::new([[[0; 6]; 64]; 12]),
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
            counter: Box::new([[None; 64]; 12]),
            continuation: vec![[[[0; 64]; 12]; 64]; 12].into_boxed_slice().try_into().expect("12 rows"),
            correction: vec![[0; CORRECTION_SIZE]; 2].into_boxed_slice().try_into().expect("2 rows"),
            non_pawn_correction: vec![[[0; CORRECTION_SIZE]; 2]; 2].into_boxed_slice().try_into().expect("2 rows"),
        }
    }
}

/// The history bonus (or malus) for a cutoff at `depth`.
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (history_bonus_per_depth() * depth - history_bonus_offset()).clamp(0, history_bonus_max())
}

/// Add `delta` to `entry`, pulling it back toward zero the closer it is to the bound.
#[inline]
fn gravity(entry: &mut i16, delta: i32) {
    let e = *entry as i32;
    *entry = (e + delta - e * delta.abs() / history_max()) as i16;
}

/// A piece index 0..12 for per-piece tables.
#[inline]
pub fn piece_index(color: Color, role: Role) -> usize {
    color as usize * 6 + role as usize
}

impl History {
    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        // In place: the tables are large, and a new game should not reallocate them.
        self.quiet.iter_mut().flatten().flatten().flatten().for_each(|row| row.fill(0));
        self.capture.iter_mut().flatten().for_each(|row| row.fill(0));
        self.killers.fill([None; 2]);
        self.counter.iter_mut().for_each(|row| row.fill(None));
        self.continuation.iter_mut().flatten().flatten().for_each(|row| row.fill(0));
        self.correction.iter_mut().for_each(|row| row.fill(0));
        self.non_pawn_correction.iter_mut().flatten().for_each(|row| row.fill(0));
    }

    /// The static evaluation `raw` of the position at `keys` corrected by what searches found
    /// in positions that share its pawns or either side's other pieces.
    #[inline]
    pub fn corrected_eval(&self, keys: CorrectionKeys, raw: i32) -> i32 {
        if !enabled(Rule::CorrectionHistory) {
            return raw;
        }
        let CorrectionKeys { stm, pawns, non_pawns } = keys;
        let pawn_entry = self.correction[stm][pawns] as i32;
        let non_pawn_entries: i32 =
            self.non_pawn_correction.iter().zip(non_pawns).map(|(table, key)| table[stm][key] as i32).sum();
        let max = Score::MAX_EVAL.0;
        (raw + (pawn_entry + non_pawn_entries / 2) / CORRECTION_GRAIN).clamp(-max, max)
    }

    /// Learn from a search of the position at `keys` to `depth` that returned `score` where the
    /// corrected static evaluation said `eval`: a moving average of the difference, weighted by
    /// depth, in each of its entries.
    pub fn update_correction(&mut self, keys: CorrectionKeys, depth: i32, score: i32, eval: i32) {
        let weight = (depth * depth + 2 * depth + 1).min(correction_max_weight());
        let limit = correction_max_cp() * CORRECTION_GRAIN;
        let target = ((score - eval) * CORRECTION_GRAIN).clamp(-limit, limit);
        let blend = |entry: &mut i16| {
            let blended = (*entry as i32 * (256 - weight) + target * weight) / 256;
            *entry = blended.clamp(-limit, limit) as i16;
        };
        let CorrectionKeys { stm, pawns, non_pawns } = keys;
        blend(&mut self.correction[stm][pawns]);
        for (table, key) in self.non_pawn_correction.iter_mut().zip(non_pawns) {
            blend(&mut table[stm][key]);
        }
    }

    /// The butterfly entry of a quiet move alone (the search reads it within
    /// [`quiet_score`](Self::quiet_score)).
    #[cfg(test)]
    fn quiet(&self, color: Color, mv: Move, threats: BitBoard) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        self.quiet[color as usize][threats.has(from) as usize][threats.has(to) as usize][from as usize][to as usize]
            as i32
    }

    /// The ordering score of a quiet move by `piece` (index) in the context `ctx`: butterfly
    /// (by threats) plus continuation history.
    #[inline]
    pub fn quiet_score(&self, color: Color, mv: Move, piece: usize, ctx: &QuietContext) -> i32 {
        self.quiet_rows(color, mv.from(), piece, ctx).score(mv.to())
    }

    /// The tables [`quiet_score`](Self::quiet_score) reads for the quiet moves of one piece (of
    /// `color`, index `piece`, from `from`), looked up once for all its destinations.
    #[inline]
    pub fn quiet_rows(&self, color: Color, from: Square, piece: usize, ctx: &QuietContext) -> QuietRows<'_> {
        let QuietContext { conts, threats } = *ctx;
        let cont = |c: Option<PieceTo>| {
            c.filter(|_| enabled(Rule::ContinuationHistory)).map(|(p, to)| &self.continuation[p][to as usize][piece])
        };
        let butterfly = &self.quiet[color as usize][threats.has(from) as usize];
        QuietRows {
            butterfly: [&butterfly[0][from as usize], &butterfly[1][from as usize]],
            threats,
            conts: [cont(conts[0]), cont(conts[1])],
        }
    }

    /// The history score of a capture by `piece` of `captured` on `to`.
    #[inline]
    pub fn capture(&self, piece: usize, to: Square, captured: Role) -> i32 {
        self.capture[piece][to as usize][captured as usize] as i32
    }

    /// The killers of `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// Forget the killers of `ply` (its children are about to be searched afresh).
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply.min(MAX_PLY)] = [None; 2];
    }

    /// The counter move to the previous move (`piece` index and destination), if any.
    #[inline]
    pub fn counter(&self, prev: Option<(usize, Square)>) -> Option<Move> {
        prev.and_then(|(p, to)| self.counter[p][to as usize])
    }

    /// A quiet move `best` caused a cutoff at `ply` in the context `ctx` after the quiet moves
    /// `tried` failed.
    pub fn update_quiet(
        &mut self,
        board: &Board,
        best: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
        ctx: &QuietContext,
    ) {
        let QuietContext { conts, threats } = *ctx;
        let prev = conts[0];
        let us = board.side_to_move();
        let b = bonus(depth);
        let mut update = |mv: Move, delta: i32| {
            let (from, to) = (mv.from(), mv.to());
            let butterfly = &mut self.quiet[us as usize][threats.has(from) as usize][threats.has(to) as usize];
            gravity(&mut butterfly[from as usize][to as usize], delta);
            let Some(role) = board.role_on(from) else { return };
            let piece = piece_index(us, role);
            for &(p, earlier_to) in conts.iter().flatten() {
                gravity(&mut self.continuation[p][earlier_to as usize][piece][to as usize], delta);
            }
        };
        update(best, b);
        for &mv in tried {
            update(mv, -b);
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some((p, to)) = prev {
            self.counter[p][to as usize] = Some(best);
        }
    }

    /// A capture `best` caused a cutoff (or any move did, after the captures `tried` failed).
    pub fn update_captures(&mut self, board: &Board, best: Option<Move>, tried: &[Move], depth: i32) {
        let b = bonus(depth);
        let us = board.side_to_move();
        let mut update = |mv: Move, delta: i32| {
            let (Some(role), Some(captured)) = (board.role_on(mv.from()), board.captured_role(mv)) else { return };
            gravity(&mut self.capture[piece_index(us, role)][mv.to() as usize][captured as usize], delta);
        };
        if let Some(best) = best {
            update(best, b);
        }
        for &mv in tried {
            update(mv, -b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_scores_bounded() {
        let mut e = 0i16;
        for _ in 0..1000 {
            gravity(&mut e, history_bonus_max());
        }
        assert!(e as i32 <= history_max() && e as i32 > history_max() * 9 / 10, "{e}");
        for _ in 0..1000 {
            gravity(&mut e, -history_bonus_max());
        }
        assert!(e as i32 >= -history_max() && (e as i32) < -history_max() * 9 / 10, "{e}");
    }

    #[test]
    fn killers_and_counters() {
        let board = Board::startpos();
        let mut h = History::default();
        let e4 = board.parse_uci("e2e4").unwrap();
        let d4 = board.parse_uci("d2d4").unwrap();
        let none = BitBoard::EMPTY;
        let ctx = |a, b, threats| QuietContext { conts: [a, b], threats };
        let prev = Some((piece_index(Color::Black, Role::Pawn), Square::E5));
        h.update_quiet(&board, e4, &[d4], 5, 3, &ctx(prev, None, none));
        h.update_quiet(&board, d4, &[], 5, 3, &ctx(None, None, none));
        assert_eq!(h.killers(3), [Some(d4), Some(e4)]);
        assert_eq!(h.counter(prev), Some(e4));
        assert!(h.quiet(Color::White, e4, none) > 0);
        let pawn = piece_index(Color::White, Role::Pawn);
        // e4 earned continuation credit after ...e5; d4 lost some there.
        assert!(h.quiet_score(Color::White, e4, pawn, &ctx(prev, None, none)) > h.quiet(Color::White, e4, none));
        assert!(h.quiet_score(Color::White, d4, pawn, &ctx(prev, None, none)) < h.quiet(Color::White, d4, none));
        // The score sums the butterfly entry and one continuation entry per earlier move known.
        let prev2 = Some((piece_index(Color::White, Role::Knight), Square::F3));
        h.update_quiet(&board, d4, &[e4], 4, 2, &ctx(prev, prev2, none));
        for conts in [[prev, None], [prev, prev2], [None, prev2], [None, None]] {
            for mv in [e4, d4] {
                let cont = |c: Option<PieceTo>| {
                    c.map_or(0, |(p, to)| h.continuation[p][to as usize][pawn][mv.to() as usize] as i32)
                };
                let sum = h.quiet(Color::White, mv, none) + cont(conts[0]) + cont(conts[1]);
                assert_eq!(
                    h.quiet_score(Color::White, mv, pawn, &ctx(conts[0], conts[1], none)),
                    sum,
                    "{mv} {conts:?}"
                );
            }
        }
        assert_eq!(h.killers(4), [None, None]);

        // The butterfly entries are kept apart by threats: e4 into an attacked square, or from
        // one, is another entry, which the cutoffs above did not touch.
        for threats in [BitBoard::from(Square::E4), BitBoard::from(Square::E2)] {
            assert_eq!(h.quiet(Color::White, e4, threats), 0);
            assert_eq!(h.quiet_score(Color::White, e4, pawn, &ctx(None, None, threats)), 0);
        }
        h.update_quiet(&board, e4, &[], 5, 3, &ctx(None, None, BitBoard::from(Square::E4)));
        assert!(h.quiet(Color::White, e4, BitBoard::from(Square::E4)) > 0);
        assert!(h.quiet(Color::White, e4, BitBoard::from(Square::E2)) == 0);
    }

    #[test]
    fn correction_learns_by_pawns_and_by_each_colours_pieces() {
        let fen = |f: &str| Board::from_fen(f).unwrap();
        // The same pieces, other pawns: the non-pawn keys agree, the pawn key differs.
        let a = fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4");
        let b = fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 4");
        assert_ne!(pawn_key(&a), pawn_key(&b));
        for c in Color::ALL {
            assert_eq!(non_pawn_key(&a, c), non_pawn_key(&b, c));
        }
        // A white knight elsewhere: only White's non-pawn key moves.
        let c = fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N5/PPPPNPPP/R1BQKB1R w KQkq - 4 4");
        assert_eq!(pawn_key(&a), pawn_key(&c));
        assert_ne!(non_pawn_key(&a, Color::White), non_pawn_key(&c, Color::White));
        assert_eq!(non_pawn_key(&a, Color::Black), non_pawn_key(&c, Color::Black));

        // A deep search 40 cp above the evaluation corrects `a` by the full pawn entry plus half
        // of each colour's entry (all three learnt the same amount: 40 cp), and `b`, which shares
        // only the pieces, by the two halves of those; `c`, which shares the pawns and Black's
        // pieces, by 40 + 20. (The moving average stops a hair short of its target: ±1.)
        let mut h = History::default();
        for _ in 0..200 {
            h.update_correction(CorrectionKeys::of(&a), 20, 40, 0);
        }
        for (board, expected) in [(&a, 80), (&b, 40), (&c, 60)] {
            let got = h.corrected_eval(CorrectionKeys::of(board), 0);
            assert!((got - expected).abs() <= 1, "{got} for {expected}");
        }
    }
}
