//! Judging one move: its class from the Win% it loses ([`class_by_loss`]), its reason and claim
//! ([`Judge`]), and the deeper searches that check a claim before it is said ([`Checked`]).

use super::why::{why_by_tables, why_good, why_worse};
use super::*;

/// What judging a move needs of the game and the options: the positions, the moves, the book,
/// the score scale and the positions' keys.
pub(super) struct Judge<'a> {
    pub(super) options: &'a ReviewOptions,
    pub(super) moves: &'a [Move],
    pub(super) positions: &'a [Board],
    pub(super) book: &'static Book,
    pub(super) scale: ScoreScale,
    pub(super) keys: Vec<u64>,
}

impl Judge<'_> {
    /// The move of ply `i + 1` judged, from the search of the position before it and the one
    /// after it (`None` where the move ended the game), and, for a marked move judged again, the
    /// `pair` of one search of both moves: then each of its two scores (the better move's and its
    /// own) is the mean of the two judgements'. Its reason's claim, when the reason makes one, is
    /// not yet checked.
    pub(super) fn ply(&self, i: usize, before: &Analysis, after: Option<&Analysis>, pair: Option<Pair>) -> PlyReview {
        let (options, positions, moves) = (self.options, self.positions, self.moves);
        let mv = moves[i];
        let board = &positions[i];
        let next = &positions[i + 1];
        // Win%, both scores of the move read on the scale of the position after it (an ending has
        // a scale of its own: a capture into one must not read the same score two ways).
        let win = |s: Score| win_percent(self.scale.apply(s, next));
        let mover = board.side_to_move();
        let best = before.best.score;
        // The score after the move, for the mover: the next search's, or the end on the board.
        let played = match after {
            Some(a) => -a.best.score,
            None => over_score(next),
        };
        let (best, played) = match pair {
            Some(pair) => (mean(best, pair.best), mean(played, pair.played)),
            None => (best, played),
        };
        let white = |s: Score| if mover == Color::White { s } else { -s };
        let (win_before, win_after) = (win(best), win(played));
        let is_best = before.best.mv == mv;
        let in_book = i < options.book_plies && self.book.moves(board).iter().any(|m| m.mv == mv);
        let only_move = is_best
            && before.lines.get(1).is_some_and(|second| win_before - win(second.score) >= 15.0)
            && (20.0..=80.0).contains(&win_before);
        let class = if only_move {
            MoveClass::OnlyMove
        } else if is_best {
            MoveClass::Best
        } else {
            class_by_loss(win_before, win_after, best, played)
        };
        // A book move is `book` unless the engine finds it a mistake (books hold bad moves too).
        let class = if in_book && class <= MoveClass::Good { MoveClass::Book } else { class };
        let reply = after.map(|a| &a.best);
        let mut claim = None;
        let why = match class {
            class if class.is_marked() => {
                // The tables' verdict first, when they know both positions (exact: no claim to
                // check).
                let by_tables = why_by_tables(options, board, next, &before.best);
                Some(match by_tables {
                    Some(why) => why,
                    // An inaccuracy's reason is not said: built from the lines of the review's
                    // own searches, its claim held along Stockfish's lines 83% of the time (104
                    // of 125 on four samples), against 94% for mistakes and blunders, judged from
                    // deeper searches (63 of 67; docs/review.md, "Checked claims"). The plain
                    // sentence then.
                    None if class == MoveClass::Inaccuracy => {
                        plain_words(board, white(best), white(played), &before.best)
                    }
                    None => match self.why_marked(i, &before.best, reply) {
                        (why, Some(c)) => {
                            claim = Some(c);
                            why
                        }
                        // A reason that states no checkable fact is not said: the plain sentence.
                        (_, None) => plain_words(board, white(best), white(played), &before.best),
                    },
                })
            }
            MoveClass::OnlyMove => Some(format!(
                "the only move that keeps the game: every other loses at least {:.0} Win%",
                win_before - before.lines.get(1).map_or(0.0, |l| win(l.score))
            )),
            MoveClass::Best | MoveClass::Excellent | MoveClass::Good => why_good(board, mv, next),
            _ => None,
        };
        PlyReview {
            ply: i + 1,
            color: mover,
            mv,
            san: board.san(mv),
            score_before: white(best),
            score_after: white(played),
            win_before,
            win_after,
            accuracy: move_accuracy(win_before, win_after),
            class,
            // The better move's score is the one its class was judged on.
            best: (!is_best).then(|| AnalysisLine { score: best, ..before.best.clone() }),
            why,
            claim,
        }
    }
}

impl Judge<'_> {
    /// The reason of the marked move of ply `i + 1` from the engine's lines: the better move's
    /// (`best`) and the opponent's answer (`reply`), with the claim it makes.
    fn why_marked(&self, i: usize, best: &AnalysisLine, reply: Option<&AnalysisLine>) -> (String, Option<Claim>) {
        let (positions, moves) = (self.positions, self.moves);
        // What the opponent's last move took, and where: a piece the better move takes back.
        let taken = i.checked_sub(1).and_then(|j| Some((positions[j].captured_role(moves[j])?, moves[j].to())));
        let (words, claim) =
            why_worse(&positions[i], moves[i], &positions[i + 1], best, reply, &self.keys[..=i], taken);
        // Material that changes hands far down a line is the engine's guess more than the move's
        // doing: such a claim is not said.
        (words, claim.filter(is_near))
    }
}

/// A move and the better one scored by one search of the position before it, both at its root
/// (mover's view): a second judgement of a marked move. Two searches, one of the position before
/// the move and one of the position after, each carry their own noise (a position a search
/// misjudges marks the move into it and the move out of it); one search of both moves does not
/// share it, so the mean of the two judgements is nearer the truth than either.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pair {
    /// The better move's score.
    best: Score,
    /// The played move's score.
    played: Score,
}

impl Pair {
    /// The pair of `best` and `played` in `search`, a search of the position before the move
    /// with both at its root (`None` if it scored only one).
    pub(super) fn of(search: &Analysis, best: Move, played: Move) -> Option<Pair> {
        let score = |mv: Move| search.lines.iter().find(|l| l.mv == mv).map(|l| l.score);
        Some(Pair { best: score(best)?, played: score(played)? })
    }
}

/// The mean of two scores of one move; a mate is not averaged with centipawns: the first score
/// (the move's own search's) stands.
fn mean(first: Score, second: Score) -> Score {
    if first.is_mate() || second.is_mate() {
        first
    } else {
        Score((first.0 + second.0) / 2)
    }
}

/// Whether a claim's material changes hands near enough to the move to be said: within
/// [`PAWN_CLAIM_PLIES`] for less than a piece, [`MATERIAL_CLAIM_PLIES`] for a piece or more
/// (claims of no material, mates and threats, always).
fn is_near(claim: &Claim) -> bool {
    let window = if claim.material < 3 { PAWN_CLAIM_PLIES } else { MATERIAL_CLAIM_PLIES };
    claim.material == 0 || claim.plies <= window
}

/// The plain sentence of a marked move whose reason's claim did not hold: the evaluation before
/// and after it, and the better move with its line.
pub(super) fn plain(board: &Board, ply: &PlyReview, before: &Analysis) -> String {
    plain_words(board, ply.score_before, ply.score_after, &before.best)
}

/// See [`plain`]: `white_before` and `white_after` are White's view.
pub(super) fn plain_words(board: &Board, white_before: Score, white_after: Score, best: &AnalysisLine) -> String {
    let mover = board.side_to_move();
    let shown = |white: Score, to_move: Color| mover_view(white, to_move).in_pawns_for_white(to_move);
    format!(
        "the evaluation goes from {} to {}; {}",
        shown(white_before, mover),
        shown(white_after, !mover),
        better_words(best)
    )
}

/// `X was better (<its first five moves>)`.
pub(super) fn better_words(best: &AnalysisLine) -> String {
    format!("{} was better ({})", best.san, best.pv_san.iter().take(5).cloned().collect::<Vec<_>>().join(" "))
}

/// A claim of material lost or won is made only when it changes hands within this many plies
/// of its line (three moves each): further down a line the material is the engine's guess more
/// than the move's doing.
const MATERIAL_CLAIM_PLIES: usize = 6;
/// ...and a pawn or two (less than a piece) only within this many: the move, the answer and the
/// next move. Pawns lost further down held along Stockfish's lines 16 times in 23 on the six
/// samples of docs/review.md (a piece or more 22 in 25, all nearer claims 43 in 45).
const PAWN_CLAIM_PLIES: usize = 3;

/// An answer within this many centipawns of the best is one a claim must hold along too.
const CLOSE_ANSWER_CP: i32 = 100;
/// The answers a check searches (the best and those close to it, [`CLOSE_ANSWER_CP`]).
pub(super) const CHECKED_ANSWERS: usize = 4;

/// The deeper searches that check a claim.
pub(super) struct Checked<'a> {
    pub(super) ai: &'a Ai,
    pub(super) limits: &'a Limits,
    pub(super) control: &'a SearchControl,
}

impl Checked<'_> {
    /// The reason of the move of ply `i + 1` again, from deeper searches than the review's: of the
    /// position after the move played (`after_move`, the game up to it) and of the one after the
    /// better move (from `before_move`), where the claim depends on that line (the review's own
    /// lines, `before` and `after`, stand in for the other). Said only when the deeper lines make
    /// the same claim (its kind, its material, its piece) and it holds along them and along the
    /// review's own lines (every line the review has seen agrees): the words and the claim of the
    /// deeper lines, or `None`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn confirm(
        &self,
        judge: &Judge<'_>,
        i: usize,
        claim: &Claim,
        before_move: &Game,
        after_move: &Game,
        before: &Analysis,
        after: Option<&Analysis>,
    ) -> Result<Option<(String, Claim)>, ReviewError> {
        let board = before_move.board();
        let needs_played = !matches!(claim.kind, ClaimKind::MissesMate);
        let needs_better = !matches!(claim.kind, ClaimKind::AllowsMate | ClaimKind::Threat | ClaimKind::Promotes);
        let search = |game: &Game| {
            self.ai.new_game();
            searched(self.ai, game, self.limits, self.control)
        };
        // The answers to a move a claim must hold along: the best, and the second when it is
        // nearly as good (another engine may well choose it), each as a line from the position
        // before the move with the mover's score.
        let answers = |first: Move, analysis: Option<&Analysis>, over: Score| -> Vec<(Vec<Move>, Score)> {
            let Some(a) = analysis else { return vec![(vec![first], over)] };
            a.lines
                .iter()
                .filter(|l| a.best.score.0 - l.score.0 <= CLOSE_ANSWER_CP)
                .map(|l| (std::iter::once(first).chain(l.pv.iter().copied()).collect(), -l.score))
                .collect()
        };
        let mv = after_move.moves()[i];
        let over_played = over_score(after_move.board());
        let (reply, mut played) = match needs_played {
            true => {
                let a = search(after_move)?;
                (a.as_ref().map(|a| a.best.clone()), answers(mv, a.as_ref(), over_played))
            }
            false => (after.map(|a| a.best.clone()), answers(mv, after, over_played)),
        };
        // Material lost is lost whatever the mover does next: after each answer, the mover's
        // defences (the best and those nearly as good: another engine may find one of them
        // better) are lines the claim must hold along too.
        if matches!(claim.kind, ClaimKind::LosesMaterial | ClaimKind::Fork) {
            let mut defended = Vec::with_capacity(played.len());
            for (line, score) in played {
                let mut after_answer = after_move.clone();
                let searched = match line.get(1) {
                    Some(&answer) if after_answer.play(answer).is_ok() => search(&after_answer)?,
                    _ => None,
                };
                let Some(a) = searched else {
                    defended.push((line, score));
                    continue;
                };
                let close = a.lines.iter().filter(|l| a.best.score.0 - l.score.0 <= CLOSE_ANSWER_CP);
                defended.extend(close.map(|l| (line[..2].iter().chain(&l.pv).copied().collect(), l.score)));
            }
            played = defended;
        }
        // The review's own line after the move is one more the claim must hold along: every
        // line the review has seen agrees, or the sentence is plain.
        if let (true, Some(a)) = (needs_played, after) {
            played.push((std::iter::once(mv).chain(a.best.pv.iter().copied()).collect(), -a.best.score));
        }
        let (best, better) = match needs_better {
            true => {
                let mut after_best = before_move.clone();
                if after_best.play(before.best.mv).is_err() {
                    return Ok(None);
                }
                let a = search(&after_best)?;
                let mut better = answers(before.best.mv, a.as_ref(), over_score(after_best.board()));
                let (pv, score) = better[0].clone();
                // ...and the review's own better line.
                better.push((before.best.pv.clone(), before.best.score));
                (AnalysisLine::new(board, before_move.castling_mode(), score, chess_search::Bound::Exact, pv), better)
            }
            false => (before.best.clone(), vec![(before.best.pv.clone(), before.best.score)]),
        };
        if self.control.was_asked_to_stop() {
            return Ok(None);
        }
        let (words, again) = judge.why_marked(i, &best, reply.as_ref());
        let Some(again) = again else { return Ok(None) };
        let same = again.kind == claim.kind && again.material == claim.material && again.piece == claim.piece;

        let holds = played.iter().all(|(played, played_score)| {
            better.iter().all(|(better, better_score)| {
                let lines = Lines { played, played_score: *played_score, better, better_score: *better_score };
                again.holds(board, lines)
            })
        });
        Ok((same && holds).then_some((words, again)))
    }
}

/// The longest mate (in moves) whose loss makes a move a missed win by itself: a mate the
/// review's search finds this short is one it is sure of. A longer one, found before the move and
/// not after it, is as often the search's horizon as the player's miss (on sample 4 of
/// docs/review.md, mates in 10 and 24 still forced after the move by Stockfish): such a move is
/// judged by the Win% it loses, like any other.
const MISSED_MATE_MAX_MOVES: i32 = 5;

/// The class of a move that is not the search's best, from the mover's Win% before and after it
/// and the scores they come from (the best move's and the played move's, mover's view).
pub(super) fn class_by_loss(win_before: f64, win_after: f64, best: Score, played: Score) -> MoveClass {
    let loss = (win_before - win_after).max(0.0);
    let missed_mate = best.mate_moves().is_some_and(|m| (1..=MISSED_MATE_MAX_MOVES).contains(&m))
        && played.mate_moves().is_none_or(|m| m <= 0);
    if loss < 0.5 {
        MoveClass::Best
    } else if (win_before >= 70.0 && win_after <= 50.0) || (missed_mate && win_after < 90.0) {
        MoveClass::MissedWin
    } else if loss < 2.0 {
        MoveClass::Excellent
    } else if loss < 5.0 {
        MoveClass::Good
    } else if loss < 10.0 {
        MoveClass::Inaccuracy
    } else if loss < 15.0 {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_are_claimed_near_the_move_and_pieces_a_little_further() {
        let claim = |material: i32, plies: usize| Claim {
            kind: ClaimKind::LosesMaterial,
            line: Vec::new(),
            san: Vec::new(),
            plies,
            material,
            mate: None,
            piece: None,
            reason: String::new(),
        };
        // A pawn or two: the move, the answer and the next move.
        assert!(is_near(&claim(1, 3)) && is_near(&claim(2, 2)));
        assert!(!is_near(&claim(1, 4)) && !is_near(&claim(2, 6)));
        // A piece: a fork's four plies (the move, the fork, the king's step, the capture) and more.
        assert!(is_near(&claim(3, 4)) && is_near(&claim(5, 6)));
        assert!(!is_near(&claim(9, 7)));
        // No material: a mate or a threat is about the answer, not a count.
        assert!(is_near(&claim(0, 12)));
    }

    #[test]
    fn a_marked_move_is_judged_on_the_mean_of_two_judgements() {
        assert_eq!(mean(Score(-120), Score(-41)), Score(-80));
        // A mate is not averaged with centipawns: the move's own search's score stands.
        assert_eq!(mean(Score::mate_in(5), Score(500)), Score::mate_in(5));
        assert_eq!(mean(Score(500), Score::mated_in(4)), Score(500));
        // The pair is read off the search's lines by move, whatever their order.
        let board = Board::startpos();
        let (e4, a3, h3) =
            (board.parse_uci("e2e4").unwrap(), board.parse_uci("a2a3").unwrap(), board.parse_uci("h2h3").unwrap());
        let line = |mv: Move, cp: i32| {
            AnalysisLine::new(
                &board,
                chess_core::CastlingMode::Standard,
                Score(cp),
                chess_search::Bound::Exact,
                vec![mv],
            )
        };
        let search = Analysis {
            best: line(a3, 40),
            ponder: None,
            from_book: false,
            depth: 12,
            seldepth: 16,
            nodes: 150_000,
            time_ms: 100,
            lines: vec![line(a3, 40), line(e4, 25)],
        };
        let pair = Pair::of(&search, e4, a3).unwrap();
        assert_eq!((pair.best, pair.played), (Score(25), Score(40)));
        assert!(Pair::of(&search, e4, h3).is_none(), "a move the search did not score is no judgement");
    }

    #[test]
    fn classes_by_the_win_lost_and_missed_mates_only_when_short() {
        let cp = Score(300);
        let class = |before: f64, after: f64| class_by_loss(before, after, cp, cp);
        assert_eq!(
            [class(60.0, 59.8), class(60.0, 59.0), class(60.0, 57.0), class(60.0, 53.0), class(60.0, 48.0)],
            [MoveClass::Best, MoveClass::Excellent, MoveClass::Good, MoveClass::Inaccuracy, MoveClass::Mistake]
        );
        assert_eq!(class(68.0, 45.0), MoveClass::Blunder);
        assert_eq!(class(75.0, 45.0), MoveClass::MissedWin, "a won position thrown to worse than equal");
        // A mate in 3 the search is sure of, missed for a position still at 88 Win%: a missed win.
        let (mate_in_3, mate_in_10) = (Score::mate_in(5), Score::mate_in(19));
        assert_eq!((mate_in_3.mate_moves(), mate_in_10.mate_moves()), (Some(3), Some(10)));
        let after = Score(700);
        assert_eq!(class_by_loss(100.0, 88.0, mate_in_3, after), MoveClass::MissedWin);
        // A mate in 10 not found again after the move may be the search's horizon: judged by the
        // Win% lost, as any move (11 points: a mistake).
        assert_eq!(class_by_loss(100.0, 89.0, mate_in_10, after), MoveClass::Mistake);
        // A mate kept is no miss, however long it gets.
        assert_eq!(class_by_loss(100.0, 100.0, mate_in_3, Score::mate_in(9)), MoveClass::Best);
    }
}
