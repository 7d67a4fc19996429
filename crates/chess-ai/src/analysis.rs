//! What the AI answers: [`Analysis`] (the move and everything about it) and its
//! [`AnalysisLine`]s.

use chess_core::{Board, CastlingMode, Move};
use chess_eval::Score;
use chess_search::Bound;

/// One root move with its score and the line it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisLine {
    /// The root move.
    pub mv: Move,
    /// The move in UCI notation (`e2e4`, `e7e8n`).
    pub uci: String,
    /// The move in SAN (`e4`, `e8=N+`).
    pub san: String,
    /// Its score for the side to move (centipawns or mate).
    pub score: Score,
    /// Whether the score is exact or a bound (a stopped search can leave bounds).
    pub bound: Bound,
    /// The principal variation, starting with `mv`: every move legal where it comes (a line is
    /// cut at its first move that is not).
    pub pv: Vec<Move>,
    /// The principal variation in SAN.
    pub pv_san: Vec<String>,
}

impl AnalysisLine {
    /// A line from a root move (legal in `board`), its score and its PV, with the notations
    /// filled in; the PV is cut at its first move that is not legal where it comes.
    pub fn new(board: &Board, mode: CastlingMode, score: Score, bound: Bound, mut pv: Vec<Move>) -> AnalysisLine {
        let mv = pv[0];
        let pv_san = board.san_line(&pv);
        pv.truncate(pv_san.len());
        AnalysisLine { mv, uci: board.uci(mv, mode), san: board.san(mv), score, bound, pv_san, pv }
    }
}

/// The AI's answer: the move it plays (or, for an analysis, the best move) and how it got there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The chosen move, with its score and line.
    pub best: AnalysisLine,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Whether the move came from the opening book (then there is no search: score 0, depth 0).
    pub from_book: bool,
    /// The last completed search depth, in plies.
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// The root moves that were scored, best first: every legal move for
    /// [`Ai::analyze`](crate::Ai::analyze) (up to its multi-PV), the candidates the level chose
    /// among for [`Ai::best_move`](crate::Ai::best_move).
    pub lines: Vec<AnalysisLine>,
}

impl Analysis {
    /// The chosen move.
    pub fn mv(&self) -> Move {
        self.best.mv
    }

    /// The chosen move's score, for the side to move.
    pub fn score(&self) -> Score {
        self.best.score
    }
}
