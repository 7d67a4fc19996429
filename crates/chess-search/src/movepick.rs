//! Staged move ordering: the moves of a node come out best-first, generated only when needed.
//!
//! 1. the transposition-table move (often the refutation, found before generating anything);
//! 2. captures and promotions that do not lose material (SEE ≥ 0), most valuable victim first,
//!    ties broken by capture history;
//! 3. the two killer moves of this ply, then the counter move to the opponent's last move;
//! 4. the other quiet moves, by history score;
//! 5. the losing captures.
//!
//! In quiescence (out of check) only stage 1 and 2 run, plus the losing captures which the
//! caller skips.

use arrayvec::ArrayVec;
use chess_core::{Board, CheckSquares, Move, MoveList, PieceMoves, Role, MAX_MOVES};

use crate::history::{piece_index, History, PieceTo, QuietContext};
use chess_core::see_value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// Yields the legal moves of a position in search order.
pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// What quiet moves are scored against: the moves one and two plies back (continuation
    /// history) and the opponent's threats (butterfly history).
    quiet_ctx: QuietContext,
    /// Moves with scores, consumed by selection from `next_index`.
    moves: ArrayVec<(Move, i32), MAX_MOVES>,
    next_index: usize,
    bad_noisy: MoveList,
    quiets: Quiets,
}

/// Which quiet moves a picker still yields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quiets {
    All,
    /// Late move or futility pruning gave up on quiet moves, but not on those that check.
    ChecksOnly,
    /// Quiescence out of check: none.
    None,
}

impl MovePicker {
    /// A picker for a main-search node.
    pub fn new(
        board: &Board,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        quiet_ctx: QuietContext,
    ) -> Self {
        MovePicker {
            stage: Stage::TtMove,
            tt_move: tt_move.filter(|&m| board.is_legal(m)),
            killers,
            counter,
            quiet_ctx,
            moves: ArrayVec::new(),
            next_index: 0,
            bad_noisy: MoveList::new(),
            quiets: Quiets::All,
        }
    }

    /// A picker for quiescence: captures and promotions only (all evasions in check).
    pub fn new_quiescence(board: &Board, tt_move: Option<Move>) -> Self {
        let in_check = board.in_check();
        let tt_move = tt_move.filter(|&m| (in_check || is_noisy(board, m)) && board.is_legal(m));
        let mut picker = MovePicker::new(board, None, [None; 2], None, QuietContext::default());
        picker.tt_move = tt_move;
        picker.quiets = if in_check { Quiets::All } else { Quiets::None };
        picker
    }

    /// From now on, yield only the quiet moves that give check (late move and futility pruning
    /// skip the others).
    pub fn skip_quiets(&mut self, board: &Board) {
        if self.quiets == Quiets::All {
            self.quiets = Quiets::ChecksOnly;
            if self.stage == Stage::Quiet {
                // Already generated: keep the checks among the moves not yet yielded, in place.
                let checks = CheckSquares::new(board);
                let mut kept = self.next_index;
                for i in self.next_index..self.moves.len() {
                    let entry = self.moves[i];
                    if checks.gives_check(board, entry.0) {
                        self.moves[kept] = entry;
                        kept += 1;
                    }
                }
                self.moves.truncate(kept);
            }
        }
    }

    /// Whether `mv`, a quiet move, is still wanted.
    #[inline]
    fn wanted(&self, board: &Board, mv: Move) -> bool {
        match self.quiets {
            Quiets::All => true,
            Quiets::ChecksOnly => board.gives_check(mv),
            Quiets::None => false,
        }
    }

    /// Whether the losing captures are being yielded now.
    pub fn in_bad_noisy_stage(&self) -> bool {
        self.stage == Stage::BadNoisy
    }

    /// The next move, or `None` when all are out.
    pub fn next(&mut self, board: &Board, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenerateNoisy => {
                    self.generate_noisy(board, history);
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    while let Some(mv) = self.select_best() {
                        if Some(mv) == self.tt_move {
                            continue;
                        }
                        // Losing captures wait; under-promotions too.
                        let underpromotion = mv.promotion().is_some_and(|r| r != Role::Queen);
                        if underpromotion || !board.see_ge(mv, 0) {
                            self.bad_noisy.push(mv);
                            continue;
                        }
                        return Some(mv);
                    }
                    self.stage = Stage::Killer1;
                }
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let candidate = match self.stage {
                        Stage::Killer1 => self.killers[0],
                        Stage::Killer2 => self.killers[1],
                        _ => self.counter.filter(|&c| !self.killers.contains(&Some(c))),
                    };
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenerateQuiet,
                    };
                    if let Some(mv) = candidate {
                        if Some(mv) != self.tt_move
                            && !is_noisy(board, mv)
                            && board.is_legal(mv)
                            && self.wanted(board, mv)
                        {
                            return Some(mv);
                        }
                    }
                }
                Stage::GenerateQuiet => {
                    match self.quiets {
                        Quiets::All => self.generate_quiet(board, history),
                        Quiets::ChecksOnly => self.generate_quiet_checks(board),
                        Quiets::None => self.moves.clear(),
                    }
                    self.next_index = 0;
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    // (After `skip_quiets` only checks are left in the list.)
                    while let Some(mv) = self.select_best() {
                        if Some(mv) == self.tt_move || self.killers.contains(&Some(mv)) || (Some(mv) == self.counter) {
                            continue;
                        }
                        return Some(mv);
                    }
                    self.stage = Stage::BadNoisy;
                    self.next_index = 0;
                }
                Stage::BadNoisy => {
                    if self.next_index < self.bad_noisy.len() {
                        self.next_index += 1;
                        return Some(self.bad_noisy[self.next_index - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    // The generators stay out of line: inlined into `next`, their set-up (the board's masks and
    // sets) was hoisted into its prologue and paid on every call, even the many that only hand
    // out the next sorted move (3% of `chess bench`'s instructions).
    #[inline(never)]
    fn generate_noisy(&mut self, board: &Board, history: &History) {
        self.moves.clear();
        self.next_index = 0;
        let us = board.side_to_move();
        board.generate_noisy_moves(|pm| {
            let piece = piece_index(us, pm.role);
            for mv in pm {
                let victim = board.captured_role(mv);
                let mut score = victim.map_or(0, |v| see_value(v) * 16);
                if let Some(v) = victim {
                    score += history.capture(piece, mv.to(), v) / 32;
                }
                if mv.promotion() == Some(Role::Queen) {
                    score += see_value(Role::Queen) * 16;
                }
                self.moves.push((mv, score));
            }
            false
        });
    }

    #[inline(never)]
    fn generate_quiet(&mut self, board: &Board, history: &History) {
        self.moves.clear();
        self.next_index = 0;
        let us = board.side_to_move();
        board.generate_quiet_moves(|pm| {
            let rows = history.quiet_rows(us, pm.from, piece_index(us, pm.role), &self.quiet_ctx);
            for mv in pm {
                self.moves.push((mv, rows.score(mv.to())));
            }
            false
        });
    }

    /// The quiet checks only, unscored (what is left after pruning gave up on quiet moves).
    /// Direct checks are found set-wise (destinations from which the piece would attack the
    /// king); only pieces that may uncover a check are tested move by move.
    #[inline(never)]
    fn generate_quiet_checks(&mut self, board: &Board) {
        self.moves.clear();
        let checks = CheckSquares::new(board);
        board.generate_quiet_moves(|pm| {
            if checks.set_wise(pm.role, pm.from) {
                let direct = PieceMoves { to: pm.to & checks.direct(pm.role), ..pm };
                for mv in direct {
                    self.moves.push((mv, 0));
                }
            } else {
                for mv in pm {
                    if board.gives_check(mv) {
                        self.moves.push((mv, 0));
                    }
                }
            }
            false
        });
    }

    /// Selection sort, one step: the best remaining move (cheap when a cutoff comes early).
    #[inline]
    fn select_best(&mut self) -> Option<Move> {
        let rest = self.moves.get_mut(self.next_index..)?;
        // The first of the highest scores (a strict `>`: ties keep the generation order).
        let (mut best, mut best_score) = (0, rest.first()?.1);
        for (i, &(_, score)) in rest.iter().enumerate().skip(1) {
            if score > best_score {
                (best, best_score) = (i, score);
            }
        }
        rest.swap(0, best);
        self.next_index += 1;
        Some(self.moves[self.next_index - 1].0)
    }
}

/// Whether `mv` is a capture or a promotion.
#[inline]
pub fn is_noisy(board: &Board, mv: Move) -> bool {
    mv.promotion().is_some() || board.is_capture(mv)
}

/// The destination of `mv` for per-square tables, and the moving piece index.
#[inline]
pub fn moved_piece(board: &Board, mv: Move) -> Option<PieceTo> {
    let role = board.role_on(mv.from())?;
    Some((piece_index(board.side_to_move(), role), mv.to()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Square;
    use std::collections::HashSet;

    fn all(board: &Board, tt: Option<Move>, killers: [Option<Move>; 2], counter: Option<Move>) -> Vec<Move> {
        let history = History::default();
        let mut picker = MovePicker::new(board, tt, killers, counter, QuietContext::default());
        std::iter::from_fn(|| picker.next(board, &history)).collect()
    }

    #[test]
    fn yields_every_legal_move_once() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ] {
            let board: Board = fen.parse().unwrap();
            let legal: HashSet<Move> = board.legal_moves().into_iter().collect();
            let some = *legal.iter().next().unwrap();
            // Killers that are illegal here, or duplicates of the TT move, must not repeat.
            let bogus = Move::new(Square::A1, Square::H8, None);
            for (tt, killers) in [(None, [None, None]), (Some(some), [Some(some), Some(bogus)])] {
                let got = all(&board, tt, killers, Some(some));
                let set: HashSet<Move> = got.iter().copied().collect();
                assert_eq!(got.len(), set.len(), "duplicates in {fen}");
                assert_eq!(set, legal, "{fen}");
                if let Some(tt) = tt {
                    assert_eq!(got[0], tt);
                }
            }
        }
    }

    #[test]
    fn after_skip_quiets_only_quiet_checks_remain() {
        let history = History::default();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/1b6/8/3N4/R3K2R w KQ - 0 1",
            "3k4/8/8/8/8/8/3N4/3QK2R w K - 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "4k3/8/4N3/8/8/8/8/4R1K1 w - - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            let mut picker = MovePicker::new(&board, None, [None; 2], None, QuietContext::default());
            picker.skip_quiets(&board);
            let got: HashSet<Move> = std::iter::from_fn(|| picker.next(&board, &history)).collect();
            let expected: HashSet<Move> =
                board.legal_moves().into_iter().filter(|&m| is_noisy(&board, m) || board.gives_check(m)).collect();
            assert_eq!(got, expected, "{fen}");
        }
    }

    #[test]
    fn good_captures_first_losing_captures_last() {
        // White can take the d5 pawn with the pawn (good) or the queen (loses the queen).
        let board: Board = "4k3/8/2p5/3p4/4P3/8/3Q4/4K3 w - - 0 1".parse().unwrap();
        let moves = all(&board, None, [None, None], None);
        assert_eq!(moves[0].to_string(), "e4d5");
        assert_eq!(moves.last().unwrap().to_string(), "d2d5");
    }

    #[test]
    fn quiescence_yields_noisy_moves_or_evasions() {
        let history = History::default();
        let board: Board = "4k3/8/2p5/3p4/4P3/8/3Q4/4K3 w - - 0 1".parse().unwrap();
        let mut picker = MovePicker::new_quiescence(&board, None);
        let got: Vec<Move> = std::iter::from_fn(|| picker.next(&board, &history)).collect();
        assert_eq!(got.len(), 2);
        let check: Board = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse().unwrap();
        let mut picker = MovePicker::new_quiescence(&check, None);
        let got: Vec<Move> = std::iter::from_fn(|| picker.next(&check, &history)).collect();
        assert_eq!(got.len(), check.legal_moves().len());
    }
}
