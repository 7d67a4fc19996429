//! [`Nnue`]: the net as a search uses it, with a stack of accumulators that follows the search
//! and is brought up to date only where a position is evaluated.

use std::fmt;
use std::sync::Arc;

use chess_core::{BitBoard, Board, Color, Move, Role, Square};

use super::{kernels, KingBuckets, Network, View};
use crate::{endgame, Evaluator, Score};

/// A piece on a square: one input feature in each perspective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Placed {
    color: Color,
    role: Role,
    square: Square,
}

/// What a ply changed on the board: at most two pieces in and two out (castling moves two,
/// a capture or en passant takes one away, a promotion swaps the pawn for another role).
#[derive(Clone, Copy, Debug)]
struct Delta {
    added: [Placed; 2],
    removed: [Placed; 2],
    n_added: u8,
    n_removed: u8,
}

impl Delta {
    const PLACEHOLDER: Placed = Placed { color: Color::White, role: Role::Pawn, square: Square::A1 };
    /// A null move: nothing changed.
    const NONE: Delta =
        Delta { added: [Self::PLACEHOLDER; 2], removed: [Self::PLACEHOLDER; 2], n_added: 0, n_removed: 0 };

    /// The pieces that differ between `before` and `after`, compared role by role (which covers
    /// captures, castling, en passant and promotions alike); `None` when the two are not one
    /// move apart.
    fn between(before: &Board, after: &Board) -> Option<Delta> {
        let mut delta = Delta::NONE;
        // Squares taken by the other colour (a capture's): where a role's set can keep its
        // squares and still change hands (a pawn takes a rook and becomes one).
        let [(bw, aw), (bb, ab)] = Color::ALL.map(|c| (before.colored(c), after.colored(c)));
        let flipped = (bw ^ aw) & (bb ^ ab);
        for role in Role::ALL {
            let (b, a) = (before.pieces(role), after.pieces(role));
            if a == b && !b.intersects(flipped) {
                continue;
            }
            for color in Color::ALL {
                let (b, a) = (before.colored_pieces(color, role), after.colored_pieces(color, role));
                if a == b {
                    continue;
                }
                for square in a - b {
                    *delta.added.get_mut(usize::from(delta.n_added))? = Placed { color, role, square };
                    delta.n_added += 1;
                }
                for square in b - a {
                    *delta.removed.get_mut(usize::from(delta.n_removed))? = Placed { color, role, square };
                    delta.n_removed += 1;
                }
            }
        }
        (delta.n_added > 0 && delta.n_removed > 0).then_some(delta)
    }

    /// Whether a king moved (castling included).
    #[inline]
    fn moves_a_king(&self) -> bool {
        self.added[..usize::from(self.n_added)].iter().any(|p| p.role == Role::King)
    }

    /// `new = old` with this change, for `perspective` seeing the board through `view`.
    #[inline]
    fn apply(&self, net: &Network, perspective: Color, view: View, old: &[i16], new: &mut [i16]) {
        let row = |p: Placed| net.row(view.feature(p.color == perspective, p.role, p.square));
        match (self.n_added, self.n_removed) {
            (1, 1) => kernels::update_1_1(new, old, row(self.added[0]), row(self.removed[0])),
            (1, 2) => kernels::update_1_2(new, old, row(self.added[0]), row(self.removed[0]), row(self.removed[1])),
            (n_added, n_removed) => {
                // Castling, and the null move (nothing to add or take away).
                new.copy_from_slice(old);
                for &p in &self.added[..usize::from(n_added)] {
                    kernels::add(new, row(p));
                }
                for &p in &self.removed[..usize::from(n_removed)] {
                    kernels::sub(new, row(p));
                }
            }
        }
    }
}

/// One ply of the stack.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The hash of the position the entry is for.
    key: u64,
    /// Whether White's and Black's accumulators are up to date; one that is not is its parent's
    /// plus `delta` (through the same view: a king move that changes a side's view sums that
    /// side anew when it is pushed).
    ready: [bool; 2],
    delta: Delta,
    /// How White and Black see the board (their king buckets and mirroring).
    views: [View; 2],
}

/// The views of a net without king buckets: the same whatever the kings do.
const PLAIN_VIEWS: [View; 2] =
    [KingBuckets::PLAIN.view(Color::White, Square::A1), KingBuckets::PLAIN.view(Color::Black, Square::A1)];

/// The last accumulator each side summed in each of its views, with the pieces it holds (the
/// "Finny table" of Stockfish and Viridithas): a side summed anew starts from the one of its
/// view and adds and takes away only the pieces that differ, a few rows where a fresh sum adds
/// thirty. It is for kings that cross into another bucket or mirroring, the most of a net with
/// king buckets' fresh sums.
#[derive(Clone)]
struct ViewCache {
    /// Per perspective and view ([`View::slot`]), `hidden` values.
    accumulators: Vec<i16>,
    /// Per perspective and view, the pieces its accumulator holds, by colour and role.
    pieces: Vec<[[BitBoard; 6]; 2]>,
}

impl ViewCache {
    /// Every view's accumulator empty of pieces (the biases alone).
    fn new(net: &Network) -> ViewCache {
        let slots = 2 * 2 * net.kings.count();
        ViewCache { accumulators: net.feature_bias.repeat(slots), pieces: vec![[[BitBoard::EMPTY; 6]; 2]; slots] }
    }

    /// `acc` = `perspective`'s accumulator of `board` seen through `view`: the cached one of that
    /// view, brought to `board`'s pieces.
    fn sum(&mut self, net: &Network, board: &Board, perspective: Color, view: View, acc: &mut [i16]) {
        let slot = perspective as usize * self.pieces.len() / 2 + view.slot();
        let cached = &mut self.accumulators[slot * net.hidden..(slot + 1) * net.hidden];
        for color in Color::ALL {
            for role in Role::ALL {
                let (now, then) = (board.colored_pieces(color, role), self.pieces[slot][color as usize][role.index()]);
                for square in now - then {
                    kernels::add(cached, net.row(view.feature(color == perspective, role, square)));
                }
                for square in then - now {
                    kernels::sub(cached, net.row(view.feature(color == perspective, role, square)));
                }
                self.pieces[slot][color as usize][role.index()] = now;
            }
        }
        acc.copy_from_slice(cached);
    }
}

/// The neural evaluation as a search uses it: a [`Network`] and a stack of accumulators that
/// follows the search through the [`Evaluator`] hooks.
///
/// A move only records what it changed ([`push`](Evaluator::push) costs a comparison of two
/// boards); the accumulators are brought up to date when a position is evaluated, from the
/// nearest ancestor that is. Nodes a search never evaluates (cut by the transposition table,
/// in check, drawn) pay for no update.
///
/// Each stack entry remembers the position it belongs to (its hash); [`evaluate`](Evaluator::evaluate)
/// on any other position sums that position from scratch, so a caller that skips the hooks gets a
/// right answer, only slower.
///
/// Its score is the net's, scaled for the drawish endings of [`endgame`] (two knights, rook
/// against minor, opposite bishops); [`Network::evaluate`] is the raw net.
#[derive(Clone)]
pub struct Nnue {
    net: Arc<Network>,
    /// The plies from the root.
    entries: Vec<Entry>,
    /// Per ply, White's accumulator then Black's (`2 × hidden` each); it only grows, so that
    /// entries past the top are reused rather than cleared and allocated again.
    accumulators: Vec<i16>,
    /// How many times an entry was summed from scratch.
    refreshes: u64,
    /// How many times one side was summed anew because its king changed its view.
    king_refreshes: u64,
    /// Where sides are summed anew from.
    cache: ViewCache,
}

impl fmt::Debug for Nnue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nnue({:?}, ply {})", self.net, self.entries.len())
    }
}

impl Nnue {
    /// An evaluator with `net` (shared, not copied, between search threads).
    pub fn new(net: Arc<Network>) -> Nnue {
        const PLIES: usize = 128;
        let accumulators = vec![0; 2 * net.hidden * PLIES];
        let cache = ViewCache::new(&net);
        Nnue { net, entries: Vec::with_capacity(PLIES), accumulators, refreshes: 0, king_refreshes: 0, cache }
    }

    /// The net.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// How many times an accumulator was summed from scratch (at [`reset`](Evaluator::reset), or
    /// for a position the hooks did not lead to): a search that calls its hooks right refreshes
    /// once per search.
    pub fn refreshes(&self) -> u64 {
        self.refreshes
    }

    /// How many times one side's accumulator was summed anew because a king move changed the
    /// side's king bucket or mirroring ([`KingBuckets`]); always 0 for a net without.
    pub fn king_refreshes(&self) -> u64 {
        self.king_refreshes
    }

    /// Where the accumulators of `ply` are in `accumulators`: White's, then Black's.
    fn span(&self, ply: usize) -> std::ops::Range<usize> {
        let n = 2 * self.net.hidden;
        n * ply..n * (ply + 1)
    }

    /// Room for `plies` entries' accumulators.
    fn reserve(&mut self, plies: usize) {
        let needed = 2 * self.net.hidden * plies;
        if self.accumulators.len() < needed {
            self.accumulators.resize(needed.max(2 * self.accumulators.len()), 0);
        }
    }

    /// How each side sees `board`.
    #[inline]
    fn views(&self, board: &Board) -> [View; 2] {
        Color::ALL.map(|c| self.net.view(board, c))
    }

    /// Push an entry for the position `key`, not yet up to date: its parent's accumulators plus
    /// `delta`, seen through `views`.
    fn push_entry(&mut self, key: u64, delta: Delta, views: [View; 2]) {
        self.entries.push(Entry { key, ready: [false; 2], delta, views });
        self.reserve(self.entries.len());
    }

    /// Make the top entry `board`'s, summed anew (pushing one on an empty stack).
    fn refresh_top(&mut self, board: &Board) {
        if self.entries.is_empty() {
            self.push_entry(0, Delta::NONE, PLAIN_VIEWS);
        }
        let views = self.views(board);
        let top = self.entries.last_mut().expect("an entry");
        top.key = board.hash();
        top.views = views;
        self.refreshes += 1;
        for perspective in Color::ALL {
            self.refresh_side(board, perspective);
        }
    }

    /// Sum the top entry's accumulator of `perspective` anew from `board` (from the cache of its
    /// view).
    fn refresh_side(&mut self, board: &Board, perspective: Color) {
        let n = self.net.hidden;
        let top = self.entries.last_mut().expect("an entry");
        let view = top.views[perspective as usize];
        top.ready[perspective as usize] = true;
        let start = self.span(self.entries.len() - 1).start + perspective as usize * n;
        self.cache.sum(&self.net, board, perspective, view, &mut self.accumulators[start..start + n]);
    }

    /// Bring the top entry up to date: for each side, from the nearest ancestor where it is,
    /// apply each ply's change.
    fn catch_up(&mut self) {
        let n = self.net.hidden;
        let top = self.entries.len() - 1;
        for perspective in Color::ALL {
            let side = perspective as usize;
            // The bottom entry is always ready: only `refresh_top` makes one on an empty stack.
            let first = (0..=top).rev().find(|&ply| self.entries[ply].ready[side]).expect("a ready entry") + 1;
            for ply in first..=top {
                let (parent, child) = (self.span(ply - 1).start + side * n, self.span(ply).start + side * n);
                let (before, after) = self.accumulators[parent..child + n].split_at_mut(child - parent);
                let Entry { delta, views, .. } = self.entries[ply];
                delta.apply(&self.net, perspective, views[side], &before[..n], after);
                self.entries[ply].ready[side] = true;
            }
        }
    }

    /// Make sure the top entry is `board`'s, before a move from it is recorded.
    fn follow(&mut self, board: &Board) {
        if self.entries.last().map(|e| e.key) != Some(board.hash()) {
            self.refresh_top(board);
        }
    }
}

impl Evaluator for Nnue {
    fn evaluate(&mut self, board: &Board) -> Score {
        match self.entries.last() {
            Some(top) if top.key == board.hash() => {
                if top.ready != [true; 2] {
                    self.catch_up();
                }
            }
            _ => self.refresh_top(board),
        }
        let span = self.span(self.entries.len() - 1);
        let (white, black) = self.accumulators[span].split_at(self.net.hidden);
        let (us, them) = match board.side_to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let max = Score::MAX_EVAL.0;
        let raw = self.net.output(board, us, them);
        Score(endgame::scaled(board, raw).clamp(-max, max))
    }

    fn reset(&mut self, root: &Board) {
        self.entries.clear();
        self.refresh_top(root);
    }

    fn push(&mut self, before: &Board, _mv: Move, after: &Board) {
        self.follow(before);
        match Delta::between(before, after) {
            Some(delta) if self.net.kings.is_plain() => self.push_entry(after.hash(), delta, PLAIN_VIEWS),
            Some(delta) => {
                let parent = self.entries.last().expect("followed").views;
                // Only a king's move can change a view.
                let views = if delta.moves_a_king() { self.views(after) } else { parent };
                self.push_entry(after.hash(), delta, views);
                // A king that changes its side's bucket or mirroring changes every feature of
                // that side: sum it anew (the other side goes on from its parent).
                for perspective in Color::ALL {
                    if views[perspective as usize] != parent[perspective as usize] {
                        self.king_refreshes += 1;
                        self.refresh_side(after, perspective);
                    }
                }
            }
            None => {
                // Not one move apart: sum anew.
                self.push_entry(after.hash(), Delta::NONE, PLAIN_VIEWS);
                self.refresh_top(after);
            }
        }
    }

    fn push_null(&mut self, before: &Board, after: &Board) {
        // The same pieces: the same accumulators, for another side to move.
        self.follow(before);
        let views = self.entries.last().expect("followed").views;
        self.push_entry(after.hash(), Delta::NONE, views);
    }

    fn pop(&mut self) {
        self.entries.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the evaluator must give: the net's sum from scratch, scaled for drawish endings.
    fn expected(net: &Network, board: &Board) -> i32 {
        endgame::scaled(board, net.evaluate(board)).clamp(-30_000, 30_000)
    }

    #[test]
    fn incremental_updates_match_a_fresh_sum_through_special_moves() {
        let net = Arc::new(Network::random(32, 3));
        let mut nnue = Nnue::new(Arc::clone(&net));
        // Castling both ways, en passant, promotion with capture, a null move.
        let start: Board = "r3k2r/pPp1pppp/8/3pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 1".parse().unwrap();
        nnue.reset(&start);
        let mut boards = vec![start];
        for uci in ["e5d6", "e8g8", "b7a8q", "c7d6", "e1c1"] {
            let before = *boards.last().unwrap();
            let mv = before.parse_uci(uci).unwrap();
            let mut after = before;
            after.play(mv);
            nnue.push(&before, mv, &after);
            assert_eq!(nnue.evaluate(&after).0, expected(&net, &after), "after {uci}");
            boards.push(after);
        }
        let last = *boards.last().unwrap();
        let null = last.null_move().unwrap();
        nnue.push_null(&last, &null);
        assert_eq!(nnue.evaluate(&null).0, expected(&net, &null));
        nnue.pop();
        for _ in 0..5 {
            nnue.pop();
            boards.pop();
            let board = boards.last().unwrap();
            assert_eq!(nnue.evaluate(board).0, expected(&net, board), "taken back to {board}");
        }
        assert_eq!(nnue.entries.len(), 1);
        assert_eq!(nnue.refreshes(), 1);
    }

    #[test]
    fn moves_that_keep_a_square_set_are_updated_not_resummed() {
        // A pawn takes a rook and becomes one (the rooks' squares stay, a8 changes hands), and
        // Chess960 castling where the king and the rook trade squares (no square changes colour).
        let net = Arc::new(Network::random(32, 4));
        for (fen, uci) in [
            ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8r"),
            ("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", "f1g1"),
        ] {
            let before: Board = fen.parse().unwrap();
            let mv = before.parse_uci(uci).unwrap();
            let mut after = before;
            after.play(mv);
            let mut nnue = Nnue::new(Arc::clone(&net));
            nnue.reset(&before);
            nnue.push(&before, mv, &after);
            assert_eq!(nnue.evaluate(&after).0, expected(&net, &after), "{fen} {uci}");
            assert_eq!(nnue.refreshes(), 1, "{fen} {uci}: updated, not summed anew");
            assert!(Delta::between(&before, &after).is_some_and(|d| d.n_added + d.n_removed >= 3), "{fen} {uci}");
        }
    }

    #[test]
    fn plies_never_evaluated_are_caught_up_in_one_go() {
        // Six plies pushed without an evaluation, a null move among them, past the room first
        // reserved: the first evaluation at the end applies all of them, and matches a fresh sum.
        let net = Arc::new(Network::random(24, 5));
        let mut nnue = Nnue::new(Arc::clone(&net));
        let mut board = Board::startpos();
        nnue.reset(&board);
        for uci in ["e2e4", "d7d5", "e4d5", "null", "g1f3", "d8d5"] {
            let before = board;
            if uci == "null" {
                board = board.null_move().unwrap();
                nnue.push_null(&before, &board);
            } else {
                let mv = board.parse_uci(uci).unwrap();
                board.play(mv);
                nnue.push(&before, mv, &board);
            }
        }
        assert!(nnue.entries[1..].iter().all(|e| e.ready == [false; 2]));
        assert_eq!(nnue.evaluate(&board).0, expected(&net, &board));
        assert!(nnue.entries.iter().all(|e| e.ready == [true; 2]));
        // Deep lines grow the stack past its first room.
        let mut deep = Nnue::new(Arc::clone(&net));
        let mut b = Board::startpos();
        deep.reset(&b);
        for i in 0..300 {
            let mv = ["g1f3", "g8f6", "f3g1", "f6g8"][i % 4];
            let before = b;
            let mv = b.parse_uci(mv).unwrap();
            b.play(mv);
            deep.push(&before, mv, &b);
        }
        assert_eq!(deep.evaluate(&b).0, expected(&net, &b));
        assert_eq!(deep.refreshes(), 1);
    }

    #[test]
    fn a_king_that_changes_its_bucket_or_mirror_resums_its_side_only() {
        let net = Arc::new(Network::random_with_kings(KingBuckets::named("hm4").unwrap(), 24, 9));
        let mut nnue = Nnue::new(Arc::clone(&net));
        let start: Board = "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1".parse().unwrap();
        nnue.reset(&start);
        let mut boards = vec![start];
        // White castles short (e1, mirrored d1, a centre bucket, to g1: mirrored b1, a wing
        // bucket) and steps within its bucket; Black's king walks e8-d8 (from mirrored to not),
        // d8-e7 (mirrored again, second rank), e7-e6 (beyond); a null move; captures.
        let line = ["e1g1", "e8d8", "g1h1", "d8e7", "null", "e7e6", "f3e5", "c6e5", "d4e5", "f6g4"];
        for (i, uci) in line.into_iter().enumerate() {
            let before = *boards.last().unwrap();
            let after = if uci == "null" {
                let after = before.null_move().unwrap();
                nnue.push_null(&before, &after);
                after
            } else {
                let mv = before.parse_uci(uci).unwrap();
                let mut after = before;
                after.play(mv);
                nnue.push(&before, mv, &after);
                after
            };
            // Evaluate every other ply, so catching up runs over plies with and without a resum.
            if i % 2 == 1 {
                assert_eq!(nnue.evaluate(&after).0, expected(&net, &after), "after {uci}");
            }
            boards.push(after);
        }
        assert_eq!(nnue.evaluate(boards.last().unwrap()).0, expected(&net, boards.last().unwrap()));
        // e1g1, e8d8, d8e7 and e7e6 change their side's view; g1h1 does not.
        assert_eq!(nnue.king_refreshes(), 4);
        for _ in 0..line.len() {
            nnue.pop();
            boards.pop();
            let board = boards.last().unwrap();
            assert_eq!(nnue.evaluate(board).0, expected(&net, board), "taken back to {board}");
        }
        assert_eq!(nnue.refreshes(), 1, "only the reset summed both sides");
    }

    #[test]
    fn sums_from_the_view_cache_match_fresh_sums_along_random_lines() {
        // Random lines out and back from a middlegame with kings that castle and walk, an hm4
        // net (every king move may change a view), and fresh roots now and then: each view's
        // cached accumulator is brought from whatever position it last held to the next.
        let net = Arc::new(Network::random_with_kings(KingBuckets::named("hm4").unwrap(), 16, 11));
        let mut nnue = Nnue::new(Arc::clone(&net));
        let roots: [Board; 2] = [
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1".parse().unwrap(),
            "8/5k2/3p4/2pP4/2P5/5K2/8/8 w - - 0 1".parse().unwrap(),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for round in 0..40 {
            let root = roots[round % 2];
            nnue.reset(&root);
            assert_eq!(nnue.evaluate(&root).0, expected(&net, &root));
            let mut line = vec![root];
            for _ in 0..24 {
                let board = *line.last().unwrap();
                let moves = board.legal_moves();
                if moves.is_empty() || (line.len() > 1 && next(4) == 0) {
                    nnue.pop();
                    line.pop();
                } else {
                    let mv = moves[next(moves.len())];
                    let mut after = board;
                    after.play(mv);
                    nnue.push(&board, mv, &after);
                    line.push(after);
                }
                let board = line.last().unwrap();
                if next(3) > 0 {
                    assert_eq!(nnue.evaluate(board).0, expected(&net, board), "round {round}: {board}");
                }
            }
        }
        let king_refreshes = nnue.king_refreshes();
        assert!(king_refreshes > 20, "the lines moved kings across views: {king_refreshes}");
    }
}
