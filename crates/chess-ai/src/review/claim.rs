//! The fact a why-sentence states, in a form a program can check: a marked move's reason is said
//! only when its claim holds along a deeper search's lines than the ones that found it
//! ([`Claim::holds`]); otherwise the review says the plain sentence (the evaluation before and
//! after, and the better move). The JSON carries the claim beside the words, so that another
//! engine's lines can check it too (`scripts/review-vs-stockfish.py --why` checks every claim
//! against Stockfish's).
//!
//! Material is counted in pawns (pawn 1, knight and bishop 3, rook 5, queen 9) over a line's
//! window: the claim's [`plies`](Claim::plies), and the forcing moves that go on from there
//! (captures, checks and the answers to checks), sixteen plies at most, as [`window`] reads it.

use chess_core::{Board, Color, Move, Role, Square};
use chess_eval::Score;

/// What a claim says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClaimKind {
    /// The move lets the opponent mate within [`Claim::mate`] moves.
    AllowsMate,
    /// The better move mates within [`Claim::mate`] moves, the move played does not.
    MissesMate,
    /// Along the refutation the mover loses [`Claim::material`] pawns' worth or more; along the
    /// better line it does not lose that much.
    LosesMaterial,
    /// [`LosesMaterial`](Self::LosesMaterial), by a fork the refutation makes.
    Fork,
    /// Along the better line the mover wins [`Claim::material`] pawns' worth or more; along the
    /// refutation it does not win that much.
    MissesMaterial,
    /// The opponent's best answer is the move the claim names (the line's second move), which
    /// attacks [`Claim::piece`].
    Threat,
    /// The opponent promotes within the first four plies of its answer.
    Promotes,
    /// The refutation holds a draw (a repetition or a perpetual check) where the better move
    /// keeps more.
    Draw,
}

impl ClaimKind {
    /// Every kind.
    pub const ALL: [ClaimKind; 8] = [
        ClaimKind::AllowsMate,
        ClaimKind::MissesMate,
        ClaimKind::LosesMaterial,
        ClaimKind::Fork,
        ClaimKind::MissesMaterial,
        ClaimKind::Threat,
        ClaimKind::Promotes,
        ClaimKind::Draw,
    ];

    /// A stable kebab-case name (`allows-mate`, `loses-material`...), the JSON's.
    pub const fn name(self) -> &'static str {
        match self {
            ClaimKind::AllowsMate => "allows-mate",
            ClaimKind::MissesMate => "misses-mate",
            ClaimKind::LosesMaterial => "loses-material",
            ClaimKind::Fork => "fork",
            ClaimKind::MissesMaterial => "misses-material",
            ClaimKind::Threat => "threat",
            ClaimKind::Promotes => "promotes",
            ClaimKind::Draw => "draw",
        }
    }

    /// The kind of a [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<ClaimKind> {
        ClaimKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether the claim's line starts with the better move (else with the move played).
    pub const fn on_better_line(self) -> bool {
        matches!(self, ClaimKind::MissesMate | ClaimKind::MissesMaterial)
    }
}

/// A why-sentence's fact: its kind, the line that shows it (from the position before the move:
/// the move played and the refutation, or the better move and its line), the plies of that line
/// within which it happens, and what it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// What it says.
    pub kind: ClaimKind,
    /// The line that shows it, from the position before the move: the move played first, or the
    /// better move first ([`ClaimKind::on_better_line`]).
    pub line: Vec<Move>,
    /// [`line`](Self::line) in SAN.
    pub san: Vec<String>,
    /// The plies of [`line`](Self::line) within which it happens (the forcing moves after them
    /// count too).
    pub plies: usize,
    /// The material lost or won, in pawns (0 for mates, threats and draws).
    pub material: i32,
    /// The moves to mate, for the mate kinds.
    pub mate: Option<i32>,
    /// The piece the sentence names, and its square.
    pub piece: Option<(Role, Square)>,
    /// The fact in words, as the sentence says it but without the better move (`it leaves the
    /// knight on d4 to exd4`, `it misses a mate in 2`): what a player asked to find a better move
    /// may be told of a wrong try without being given the answer. Empty in a review written before
    /// 2026-12-06 and read back from JSON.
    pub reason: String,
}

/// The lines a claim is checked against, from the position before the move, with their scores
/// for the mover (the side that played the move).
#[derive(Debug, Clone, Copy)]
pub struct Lines<'a> {
    /// The move played, then the opponent's best answer and its line.
    pub played: &'a [Move],
    /// The mover's score after the move played.
    pub played_score: Score,
    /// The better move and its line.
    pub better: &'a [Move],
    /// The mover's score after the better move.
    pub better_score: Score,
}

/// A score within this many centipawns of zero is a draw for [`ClaimKind::Draw`].
const DRAW_CP: i32 = 15;
/// The plies a line is read at most (its window and the forcing moves after it).
const MAX_PLIES: usize = 16;

/// A piece's worth in pawns.
pub const fn pawns(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The material `side` comes out ahead by (in pawns; negative when behind) as `line` is played
/// from `board`, and the position where the count stops: its first `plies` moves (at least two),
/// then the forcing moves that go on from there (captures, checks, the answers to checks),
/// [`MAX_PLIES`] at most, up to the first move that is not legal. A promotion counts as the piece
/// it makes less the pawn.
fn window(board: &Board, line: &[Move], plies: usize, side: Color) -> (i32, Board) {
    let mut b = *board;
    let mut total = 0;
    for (i, &mv) in line.iter().enumerate() {
        if i >= MAX_PLIES || !b.is_legal(mv) {
            break;
        }
        let forcing = b.is_capture(mv) || b.in_check() || b.gives_check(mv);
        if i >= plies.max(2) && !forcing {
            break;
        }
        total += if b.side_to_move() == side { gain(&b, mv) } else { -gain(&b, mv) };
        b.play_unchecked(mv);
    }
    (total, b)
}

/// The material a move takes or makes, in pawns.
fn gain(board: &Board, mv: Move) -> i32 {
    board.captured_role(mv).map_or(0, pawns) + mv.promotion().map_or(0, |r| pawns(r) - 1)
}

/// The plies of captures [`capture_gain`] reads at most.
const CAPTURE_PLIES: u32 = 8;

/// What the side to move of `board` wins by captures alone (in pawns, 0 when it wins nothing):
/// a search of captures and promotions where either side may stop capturing, [`CAPTURE_PLIES`]
/// deep. A line's count that stops where a piece can be taken back has not lost it.
pub fn capture_gain(board: &Board) -> i32 {
    fn search(b: &Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        // Not capturing is always allowed: the count never makes a side worse off by its captures.
        let mut best = 0;
        if depth == 0 || best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        for mv in b.noisy_moves() {
            let won = gain(b, mv);
            let mut next = *b;
            next.play_unchecked(mv);
            let score = won - search(&next, depth - 1, won - beta, won - alpha);
            if score > best {
                best = score;
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            }
        }
        best
    }
    search(board, CAPTURE_PLIES, 0, i32::MAX / 2)
}

/// A count `total` for `side` (from [`window`]) with what the captures at `end`, where it
/// stopped, would still change (the side to move there takes what it can, [`capture_gain`]): the
/// material that stays won or lost.
fn settled(total: i32, end: &Board, side: Color) -> i32 {
    let more = capture_gain(end);
    if end.side_to_move() == side {
        total + more
    } else {
        total - more
    }
}

impl Claim {
    /// Whether the claim holds along `lines` (from `board`, the position before the move): the
    /// check a deeper search's lines make before the sentence is said, and the one another
    /// engine's lines make of the JSON.
    pub fn holds(&self, board: &Board, lines: Lines<'_>) -> bool {
        let mover = board.side_to_move();
        let played = || window(board, lines.played, self.plies, mover);
        let better = || window(board, lines.better, self.plies, mover);
        let claimed = self.mate.unwrap_or(0);
        match self.kind {
            // The opponent mates within the moves claimed (its own view of the position after the
            // move: mover's scores are a ply off the side to move's mate counting).
            ClaimKind::AllowsMate => (-lines.played_score).mate_moves().is_some_and(|m| m > 0 && m <= claimed),
            // The better move mates (on the board, or by force within the moves claimed).
            ClaimKind::MissesMate => {
                let mates_on_board = lines.better.first().is_some_and(|&mv| {
                    let mut after = *board;
                    after.try_play(mv).is_ok() && after.in_check() && !after.has_legal_moves()
                });
                // The opponent, to move after it, is mated in `-m` moves of its own: the better
                // move and those make `-m + 1`.
                mates_on_board || (-lines.better_score).mate_moves().is_some_and(|m| m <= 0 && 1 - m <= claimed)
            }
            // The material counted, and where the count stops once the captures there are made:
            // a piece taken that is taken back is not lost, and one won that is lost again is not
            // won.
            ClaimKind::LosesMaterial | ClaimKind::Fork => {
                let (lost, end) = played();
                lost <= -self.material && settled(lost, &end, mover) <= -self.material && better().0 > -self.material
            }
            ClaimKind::MissesMaterial => {
                let (won, end) = better();
                won >= self.material && settled(won, &end, mover) >= self.material && played().0 < self.material
            }
            ClaimKind::Threat => lines.played.get(1).is_some() && lines.played.get(1) == self.line.get(1),
            ClaimKind::Promotes => {
                let mut b = *board;
                lines.played.iter().take(5).enumerate().any(|(i, &mv)| {
                    let promotes = i % 2 == 1 && mv.promotion().is_some() && b.is_legal(mv);
                    if b.is_legal(mv) {
                        b.play_unchecked(mv);
                    }
                    promotes
                })
            }
            ClaimKind::Draw => {
                let drawn = lines.played_score.mate_moves().is_none() && lines.played_score.0.abs() <= DRAW_CP;
                drawn && lines.better_score > lines.played_score + 2 * DRAW_CP
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves in SAN played from `board`.
    fn line(board: &Board, sans: &str) -> Vec<Move> {
        let mut b = *board;
        sans.split_whitespace()
            .map(|san| {
                let mv = b.parse_san(san).unwrap_or_else(|e| panic!("{san} in {}: {e}", b.fen()));
                b.play(mv);
                mv
            })
            .collect()
    }

    fn claim(kind: ClaimKind, board: &Board, claimed: &str, plies: usize, material: i32, mate: Option<i32>) -> Claim {
        let line = line(board, claimed);
        Claim { kind, san: board.san_line(&line), line, plies, material, mate, piece: None, reason: String::new() }
    }

    /// Whether `claim` holds along the lines `played` and `better` (SAN from `board`), with the
    /// mover's scores after each move.
    fn holds(claim: &Claim, board: &Board, played: (&str, Score), better: (&str, Score)) -> bool {
        let (p, b) = (line(board, played.0), line(board, better.0));
        claim.holds(board, Lines { played: &p, played_score: played.1, better: &b, better_score: better.1 })
    }

    // Kd2 leaves the bishop on b5 to axb5; but axb5 opens the a-file, and Rxa8+ takes the rook.
    const BISHOP: &str = "r6k/8/p7/1B6/8/8/8/R3K3 w - - 0 1";

    #[test]
    fn the_count_reads_past_its_window_while_the_moves_force() {
        // Bxc6 dxc6: a bishop for a knight, even; then Nxe5, a capture, is read past a window
        // of two plies and wins a pawn, and the quiet Qd4 ends the count. After a quiet third
        // move the count stops at the window.
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4".parse().unwrap();
        let balance = |sans: &str, plies| window(&board, &line(&board, sans), plies, Color::White).0;
        assert_eq!(balance("Bxc6 dxc6 Nxe5 Qd4 Nf3", 2), 1);
        assert_eq!(balance("Bxc6 dxc6", 2), 0);
        assert_eq!(balance("Bxc6 dxc6 O-O Bg4 Nxe5", 2), 0);
        assert_eq!(balance("Bxc6 dxc6 O-O Bg4 Nxe5", 5), 1);
    }

    #[test]
    fn the_capture_gain_takes_what_nothing_guards() {
        // White takes the rook on a8 (5), which nothing guards.
        let board: Board = "r6k/8/2n5/1p6/8/8/3B4/R3K3 w - - 0 1".parse().unwrap();
        assert_eq!(capture_gain(&board), 5);
        // The pawn on b5 is guarded: Bxb5 axb5 would give the bishop for it, so White takes
        // nothing.
        let guarded: Board = "7k/8/p7/1p6/8/3B4/8/4K3 w - - 0 1".parse().unwrap();
        assert_eq!(capture_gain(&guarded), 0);
    }

    #[test]
    fn a_piece_lost_is_said_only_when_it_stays_lost_and_the_better_move_keeps_it() {
        // Without White's rook: Kd2 leaves the bishop to axb5 and nothing comes back.
        let alone: Board = "r6k/8/p7/1B6/8/8/8/4K3 w - - 0 1".parse().unwrap();
        let lost = claim(ClaimKind::LosesMaterial, &alone, "Kd2 axb5", 2, 3, None);
        let even = Score(0);
        assert!(holds(&lost, &alone, ("Kd2 axb5 Kc3 Kg7", even), ("Bc4 Kg7", even)));
        // Both lines lose it: the better move is no better there.
        assert!(!holds(&lost, &alone, ("Kd2 axb5 Kc3 Kg7", even), ("Kf2 axb5 Kg3 Kg7", even)));
        // A line that does not take it.
        assert!(!holds(&lost, &alone, ("Kd2 Kg7 Bc4 Kf6", even), ("Bc4 Kg7", even)));

        let board: Board = BISHOP.parse().unwrap();
        let lost = claim(ClaimKind::LosesMaterial, &board, "Kd2 axb5", 2, 3, None);
        // The naive sentence would be wrong here: the bishop comes back with more (Rxa8+).
        assert!(!holds(&lost, &board, ("Kd2 axb5 Rxa8+ Kg7", even), ("Bc4 Kg7", even)));
        // ...and it is wrong even along a line that does not take the rook: once axb5 has opened
        // the a-file, Rxa8 is there for the taking where the count stops.
        assert!(!holds(&lost, &board, ("Kd2 axb5 Kc3 Kg7", even), ("Bc4 Kg7", even)));
    }

    #[test]
    fn a_missed_win_of_material_is_no_miss_when_the_move_played_wins_it_too() {
        // Black to move; Rxb5 would take the bishop, and axb5 takes it as well. Guarded by a pawn,
        // the bishop taken is taken back.
        let board: Board = "1r5k/8/p7/1B6/8/8/8/4K3 b - - 0 1".parse().unwrap();
        let missed = claim(ClaimKind::MissesMaterial, &board, "Rxb5 Kd2", 1, 3, None);
        let even = Score(0);
        assert!(holds(&missed, &board, ("Kg7 Bc4 Kf6", even), ("Rxb5 Kd2 Kg7", even)));
        assert!(!holds(&missed, &board, ("axb5 Kd2 Kg7", even), ("Rxb5 Kd2 Kg7", even)));
        // Taken and taken back is no win.
        let guarded: Board = "1r5k/8/p7/1B6/P7/8/8/4K3 b - - 0 1".parse().unwrap();
        let missed = claim(ClaimKind::MissesMaterial, &guarded, "Rxb5 axb5", 1, 3, None);
        assert!(!holds(&missed, &guarded, ("Kg7 Kd2", even), ("Rxb5 axb5 axb5 Kd2", Score(-200))));
    }

    #[test]
    fn a_mate_is_claimed_within_the_moves_it_takes_and_no_more() {
        // Black has just played g5??: Qh5# (after 1. e4 f6 2. d4 g5).
        let board: Board = "rnbqkbnr/ppppp1pp/5p2/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2".parse().unwrap();
        let allows = claim(ClaimKind::AllowsMate, &board, "g5 Qh5#", 2, 0, Some(1));
        // The opponent, to move after g5, mates in one: Score::mate_in(1) from its view.
        let in_one = -Score::mate_in(1);
        let in_two = -Score::mate_in(3);
        let any = ("Nc6", Score(0));
        assert!(holds(&allows, &board, ("g5 Qh5#", in_one), any));
        assert!(!holds(&allows, &board, ("g5 Qh5+", in_two), any), "a mate in two is not a mate in one");
        assert!(!holds(&allows, &board, ("g5 Qh5+", Score(-500)), any), "no mate at all");
    }

    #[test]
    fn a_threat_is_the_answer_the_line_plays_and_a_draw_a_score_of_zero() {
        let board: Board = BISHOP.parse().unwrap();
        let threat = claim(ClaimKind::Threat, &board, "Kd2 Kg7", 2, 0, None);
        let even = Score(0);
        assert!(holds(&threat, &board, ("Kd2 Kg7", even), ("Bc4 Kg7", even)));
        assert!(!holds(&threat, &board, ("Kd2 axb5", even), ("Bc4 Kg7", even)));
        let draw = claim(ClaimKind::Draw, &board, "Kd2 Kg7", 2, 0, None);
        assert!(holds(&draw, &board, ("Kd2 Kg7", Score(0)), ("Bc4 Kg7", Score(120))));
        assert!(!holds(&draw, &board, ("Kd2 Kg7", Score(60)), ("Bc4 Kg7", Score(120))), "not a draw");
        assert!(!holds(&draw, &board, ("Kd2 Kg7", Score(0)), ("Bc4 Kg7", Score(10))), "the better move draws too");
    }

    #[test]
    fn every_kind_has_a_name_it_is_read_back_by() {
        for kind in ClaimKind::ALL {
            assert_eq!(ClaimKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(ClaimKind::from_name("wins"), None);
    }
}
