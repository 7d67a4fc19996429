//! Game review: every move of a game judged against the engine's best, as lichess's computer
//! analysis does — the Win% before and after it, its class (book, best, excellent, good,
//! inaccuracy, mistake, blunder, missed win, only move), the better move with its line and a
//! reason drawn from the engine's facts, and per side the accuracy (lichess's formula), the
//! average centipawn loss and the count of each class.
//!
//! One search per position (the score after a move is the score before the next), two lines
//! each (to see only-moves), full strength on the embedded net, one transposition table kept
//! across the game, and a node budget by default, so a review is the same on every machine.
//!
//! ```
//! use chess_ai::review::{review, MoveClass, ReviewOptions};
//! use chess_ai::SearchControl;
//! use chess_core::Game;
//!
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san).unwrap();
//! }
//! // No book moves, to see the engine judge every move.
//! let options = ReviewOptions { nodes: 20_000, book_plies: 0, ..ReviewOptions::default() };
//! let r = review(&game, &options, &SearchControl::new(), &mut |_, _| {}).unwrap();
//! assert_eq!(r.plies[2].class, MoveClass::Blunder); // g4?? allows mate in one
//! assert!(r.plies[2].why.as_deref().unwrap().starts_with("allows mate in 1"));
//! assert_eq!(r.plies[3].class, MoveClass::Best);
//! assert!(r.black.accuracy > r.white.accuracy);
//! ```

use std::sync::Arc;

use chess_core::{see_value, Annotation, Board, Color, Game, Move, PgnGame, Role, Square, Variation};
use chess_eval::{Network, Score};
use chess_search::{Limits, SearchControl, Silent};

use crate::openings::{classify, Opening};
use crate::{Ai, AiError, AiOptions, Analysis, AnalysisLine, Book, Mode, OptionsError, Strength};
#[cfg(feature = "syzygy")]
use crate::{Tablebase, Wdl};

// The facts a reason is drawn from are the review's own helpers: what a reason says is public
// (`PlyReview::why`, its `Claim`), how it is found is not.
mod claim;
#[cfg(feature = "json")]
pub mod json;
mod judge;
mod material;
mod motifs;
mod positional;
mod scale;
mod why;

pub use claim::{Claim, ClaimKind, Lines};
pub use scale::ScoreScale;

use judge::{plain, Checked, Judge, Pair, CHECKED_ANSWERS};

/// How a review searches.
#[derive(Debug, Clone)]
pub struct ReviewOptions {
    /// Nodes a position (the default budget: the same result on every machine).
    pub nodes: u64,
    /// Or milliseconds a position, instead of nodes.
    pub move_time_ms: Option<u64>,
    /// Or a depth a position, instead of nodes.
    pub depth: Option<i32>,
    /// Search threads (more than one gives up determinism for speed).
    pub threads: usize,
    /// Transposition table in MiB, kept across the game.
    pub hash_mb: usize,
    /// Moves of the embedded opening book count as `book` up to this ply.
    pub book_plies: usize,
    /// The net the searches evaluate with: the one compiled in ([`Network::embedded`]) by
    /// default, another to see how a review changes with it, `None` for the classical evaluation.
    pub net: Option<Arc<Network>>,
    /// Syzygy endgame tablebases: the search probes them, and a move that turns a position they
    /// call won into one they do not (or a drawn one into a loss) says so (`None`: none).
    #[cfg(feature = "syzygy")]
    pub tablebase: Option<Arc<Tablebase>>,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            nodes: 50_000,
            move_time_ms: None,
            depth: None,
            threads: 1,
            hash_mb: 32,
            book_plies: 30,
            net: Some(Network::embedded()),
            #[cfg(feature = "syzygy")]
            tablebase: None,
        }
    }
}

/// The largest node budget a position (a billion: minutes a position at full strength).
pub const MAX_NODES: u64 = 1_000_000_000;
/// The longest move time a position, in milliseconds (an hour).
pub const MAX_MOVE_TIME_MS: u64 = 3_600_000;

impl ReviewOptions {
    /// Whether the budget is in range: nodes `1..=`[`MAX_NODES`], a move time
    /// `1..=`[`MAX_MOVE_TIME_MS`], a depth `1..=`[`MAX_DEPTH`](crate::MAX_DEPTH) (threads and hash
    /// are checked as [`AiOptions`] are). [`review`] checks it first; a front end can check early.
    ///
    /// ```
    /// use chess_ai::review::ReviewOptions;
    /// assert!(ReviewOptions::default().validate().is_ok());
    /// let zero = ReviewOptions { nodes: 0, ..ReviewOptions::default() };
    /// assert_eq!(zero.validate().unwrap_err().to_string(), "nodes must be from 1 to 1000000000 a position, got 0");
    /// ```
    pub fn validate(&self) -> Result<(), ReviewError> {
        let out = |what: &str, range: String, got: String| {
            Err(ReviewError::Budget(format!("{what} must be from {range} a position, got {got}")))
        };
        if !(1..=MAX_NODES).contains(&self.nodes) {
            return out("nodes", format!("1 to {MAX_NODES}"), self.nodes.to_string());
        }
        if let Some(ms) = self.move_time_ms.filter(|ms| !(1..=MAX_MOVE_TIME_MS).contains(ms)) {
            return out("the move time", format!("1 to {MAX_MOVE_TIME_MS} ms"), ms.to_string());
        }
        if let Some(d) = self.depth.filter(|d| !(1..=crate::MAX_DEPTH).contains(d)) {
            return out("the depth", format!("1 to {}", crate::MAX_DEPTH), d.to_string());
        }
        Ok(())
    }
}

/// Why a review could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReviewError {
    /// The budget a position is out of range ([`ReviewOptions::validate`]).
    #[error("{0}")]
    Budget(String),
    /// The options are out of range (threads, hash).
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// A search failed.
    #[error(transparent)]
    Search(#[from] AiError),
}

/// What a move was worth, lichess's classes and two of our own (`only-move`, `missed-win`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// A move of the opening book that the engine does not find an inaccuracy or worse.
    Book,
    /// The engine's best move, and the only one that keeps the result (every other loses at
    /// least a blunder's worth).
    OnlyMove,
    /// The engine's best move.
    Best,
    /// Within 2 Win% of the best.
    Excellent,
    /// Within 5 Win% of the best.
    Good,
    /// Loses 5 to 10 Win%.
    Inaccuracy,
    /// Loses 10 to 15 Win%.
    Mistake,
    /// Loses 15 Win% or more.
    Blunder,
    /// Throws a won position (70 Win% or more) to equal or worse, or misses a mate in 5 moves or
    /// fewer (leaving less than 90 Win%).
    MissedWin,
}

impl MoveClass {
    /// Every class, in the order of [`SideSummary::counts`].
    pub const ALL: [MoveClass; 9] = [
        MoveClass::Book,
        MoveClass::OnlyMove,
        MoveClass::Best,
        MoveClass::Excellent,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
        MoveClass::MissedWin,
    ];

    /// A stable kebab-case name (`only-move`, `missed-win`...).
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Book => "book",
            MoveClass::OnlyMove => "only-move",
            MoveClass::Best => "best",
            MoveClass::Excellent => "excellent",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
            MoveClass::MissedWin => "missed-win",
        }
    }

    /// The class as a person reads it: `Book move`, `Only move`, `Best move`, `Excellent`,
    /// `Good`, `Inaccuracy`, `Mistake`, `Blunder`, `Missed win` (the annotated PGN's words, and the
    /// page's, through the npm package's `MOVE_CLASSES`).
    pub const fn title(self) -> &'static str {
        match self {
            MoveClass::Book => "Book move",
            MoveClass::OnlyMove => "Only move",
            MoveClass::Best => "Best move",
            MoveClass::Excellent => "Excellent",
            MoveClass::Good => "Good",
            MoveClass::Inaccuracy => "Inaccuracy",
            MoveClass::Mistake => "Mistake",
            MoveClass::Blunder => "Blunder",
            MoveClass::MissedWin => "Missed win",
        }
    }

    /// Whether the class marks a move that lost something: an inaccuracy, a mistake, a blunder
    /// or a missed win (what a review explains and its key moments are made of).
    pub const fn is_marked(self) -> bool {
        matches!(self, MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder | MoveClass::MissedWin)
    }

    /// The PGN symbol (NAG) of the class, where it has one: `!` only move, `?!`, `?`, `??`.
    pub const fn symbol(self) -> Option<&'static str> {
        match self {
            MoveClass::OnlyMove => Some("!"),
            MoveClass::Inaccuracy => Some("?!"),
            MoveClass::Mistake => Some("?"),
            MoveClass::Blunder | MoveClass::MissedWin => Some("??"),
            _ => None,
        }
    }
}

/// One move of the game, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct PlyReview {
    /// Its ply, from 1.
    pub ply: usize,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The move in SAN.
    pub san: String,
    /// The score before the move and after it, from White's point of view.
    pub score_before: Score,
    /// See [`score_before`](Self::score_before).
    pub score_after: Score,
    /// The mover's Win% before and after the move: [`win_percent`] of the score in Stockfish's
    /// centipawns ([`ScoreScale`]).
    pub win_before: f64,
    /// See [`win_before`](Self::win_before).
    pub win_after: f64,
    /// lichess's accuracy of the move ([`move_accuracy`]), 0 to 100.
    pub accuracy: f64,
    /// Its class.
    pub class: MoveClass,
    /// The engine's best move here with its line, when the move played was another.
    pub best: Option<AnalysisLine>,
    /// Why the move is marked, in words built from the engine's facts (for inaccuracies and
    /// worse, and only-moves).
    pub why: Option<String>,
    /// The fact [`why`](Self::why) states, checked by a deeper search before it was said; `None`
    /// for a plain sentence (the evaluation before and after, and the better move) and for the
    /// reasons of unmarked moves.
    pub claim: Option<Claim>,
}

/// One side's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct SideSummary {
    /// lichess's game accuracy: the mean of the volatility-weighted mean and the harmonic mean of
    /// the move accuracies, 0 to 100.
    pub accuracy: f64,
    /// Average centipawn loss (in Stockfish's centipawns, [`ScoreScale`], capped at ±1,000).
    pub acpl: f64,
    /// How many moves of each class, in the order of [`MoveClass::ALL`].
    pub counts: [usize; 9],
}

impl SideSummary {
    /// How many moves of `class`.
    pub fn count(&self, class: MoveClass) -> usize {
        self.counts[MoveClass::ALL.iter().position(|&c| c == class).unwrap_or(0)]
    }
}

/// A game reviewed.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Every move, in order (fewer when the review was stopped).
    pub plies: Vec<PlyReview>,
    /// White's figures.
    pub white: SideSummary,
    /// Black's figures.
    pub black: SideSummary,
    /// The plies (from 1) of the largest Win% swings, largest first: where the game turned (at
    /// most five marked moves that lost 10 Win% or more).
    pub key_moments: Vec<usize>,
    /// The game's opening (ECO code and name, [`crate::openings::classify`]), when it passed
    /// through a named position.
    pub opening: Option<Opening>,
}

/// lichess's Win% for a score from a side's point of view: `50 + 50 (2 / (1 + e^(-0.00368208 cp)) - 1)`,
/// 100 for a mate it gives, 0 for one it gets.
///
/// ```
/// use chess_ai::review::win_percent;
/// use chess_eval::Score;
/// assert_eq!(win_percent(Score(0)), 50.0);
/// assert!((win_percent(Score(300)) - 75.1).abs() < 0.1);
/// assert_eq!(win_percent(Score::mate_in(3)), 100.0);
/// ```
pub fn win_percent(score: Score) -> f64 {
    match score.mate_moves() {
        Some(m) if m > 0 => 100.0,
        Some(_) => 0.0,
        None => {
            let cp = f64::from(centipawns(score));
            50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
        }
    }
}

/// A score in centipawns as the review's formulas take it: capped at ±1,000, a mate at the cap.
fn centipawns(score: Score) -> i32 {
    score.0.clamp(-1_000, 1_000)
}

/// lichess's accuracy of a move from the mover's Win% before and after it:
/// `103.1668 e^(-0.04354 loss) - 3.1669`, plus one point for the engine's uncertainty, within 0 to
/// 100; 100 when nothing was lost.
///
/// ```
/// use chess_ai::review::move_accuracy;
/// assert_eq!(move_accuracy(60.0, 60.0), 100.0);
/// assert!((move_accuracy(60.0, 50.0) - 64.6).abs() < 0.1);
/// assert_eq!(move_accuracy(90.0, 0.0), 0.0);
/// ```
pub fn move_accuracy(win_before: f64, win_after: f64) -> f64 {
    if win_after >= win_before {
        return 100.0;
    }
    let loss = win_before - win_after;
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * loss).exp() - 3.166_924_740_191_411 + 1.0).clamp(0.0, 100.0)
}

/// The volatility-weighted game accuracy of one side, as lichess computes it: `wins` is White's
/// Win% before each ply and after the last (one more than the moves), `color` the side.
fn game_accuracy(wins: &[f64], color: Color) -> f64 {
    let moves = wins.len().saturating_sub(1);
    if moves == 0 {
        return 100.0;
    }
    let window = (wins.len() / 10).clamp(2, 8);
    let std_dev = |xs: &[f64]| {
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / xs.len() as f64).sqrt()
    };
    // The first windows repeat the first full one, so every move has a weight.
    let weights: Vec<f64> = (0..moves)
        .map(|i| {
            let start = i.saturating_sub(window - 2).min(wins.len().saturating_sub(window));
            std_dev(&wins[start..(start + window).min(wins.len())]).clamp(0.5, 12.0)
        })
        .collect();
    let first = if color == Color::White { 0 } else { 1 };
    let (mut weighted, mut weight_sum, mut inverse_sum, mut n) = (0.0, 0.0, 0.0, 0.0);
    for i in (first..moves).step_by(2) {
        let (before, after) = match color {
            Color::White => (wins[i], wins[i + 1]),
            Color::Black => (100.0 - wins[i], 100.0 - wins[i + 1]),
        };
        let accuracy = move_accuracy(before, after);
        weighted += accuracy * weights[i];
        weight_sum += weights[i];
        inverse_sum += 1.0 / accuracy.max(1.0);
        n += 1.0;
    }
    if n == 0.0 {
        return 100.0;
    }
    (weighted / weight_sum + n / inverse_sum) / 2.0
}

/// Review `game` (its moves from its start position). `progress` is called after each position
/// with the positions done and their number. Once `control` is stopped (from another thread, or
/// by its host signal), the review returns the moves judged so far: the search it cuts short
/// counts for nothing.
pub fn review(
    game: &Game,
    options: &ReviewOptions,
    control: &SearchControl,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    options.validate()?;
    let ai = Ai::new(AiOptions {
        strength: Strength::Full,
        multi_pv: 2,
        book: false,
        seed: Some(0),
        threads: options.threads,
        hash_mb: Some(options.hash_mb),
        net: options.net.clone(),
        #[cfg(feature = "syzygy")]
        tablebase: options.tablebase.clone(),
        ..AiOptions::default()
    })?;
    let limits = match (options.move_time_ms, options.depth) {
        (Some(ms), _) => Limits { move_time_ms: Some(ms), multi_pv: 2, ..Limits::default() },
        (None, Some(depth)) => Limits { depth: Some(depth), multi_pv: 2, ..Limits::default() },
        (None, None) => Limits { nodes: Some(options.nodes), multi_pv: 2, ..Limits::default() },
    };
    // A move marked a mistake or worse is judged again from searches of three times the budget.
    let rejudge = match (options.move_time_ms, options.depth) {
        (Some(ms), _) => Limits { move_time_ms: Some(ms.saturating_mul(3)), ..limits.clone() },
        (None, Some(depth)) => Limits { depth: Some((depth + 2).min(crate::MAX_DEPTH)), ..limits.clone() },
        (None, None) => Limits { nodes: Some(options.nodes.saturating_mul(3)), ..limits.clone() },
    };
    // The searches that check a reason's claim before it is said look deeper: twice the budget,
    // each from a cleared table (one the review's searches have filled cuts their lines short).
    let checker = Ai::new(AiOptions { multi_pv: CHECKED_ANSWERS, hash_mb: Some(16), ..ai.options().clone() })?;
    let deeper = match (options.move_time_ms, options.depth) {
        (Some(ms), _) => Limits { move_time_ms: Some(ms.saturating_mul(2)), ..limits.clone() },
        (None, Some(depth)) => Limits { depth: Some((depth + 2).min(crate::MAX_DEPTH)), ..limits.clone() },
        (None, None) => Limits { nodes: Some(options.nodes.saturating_mul(2)), ..limits.clone() },
    };
    let moves = game.moves();
    let positions = game.positions();
    let judge = Judge {
        options,
        moves,
        positions,
        book: Book::embedded(),
        // Win% as lichess reads Stockfish's scores: ours in Stockfish's centipawns first.
        scale: ScoreScale::for_net(options.net.as_deref()),
        // The game's positions by key, for the repetitions a reason names.
        keys: positions.iter().map(Board::hash).collect(),
    };
    let scale = judge.scale;
    // The search of each position, side to move's view; `None` where the game is over: no legal
    // move, or the last position when the rules end the game there. A draw that could have been
    // claimed (threefold, fifty moves) or a dead position the players went on from is searched
    // like any other: every move of the game is judged. Each move is judged once the position
    // after it is searched, and its reason checked there.
    let mut searches: Vec<Option<Analysis>> = Vec::with_capacity(positions.len());
    let mut plies = Vec::new();
    let mut prefix = Game::from_board(*game.start());
    prefix.set_castling_mode(game.castling_mode());
    let mut before_move = prefix.clone();
    for i in 0..positions.len() {
        control.rearm();
        if control.was_asked_to_stop() {
            break;
        }
        let last = i + 1 == positions.len();
        let analysis = if last && prefix.status().is_over() {
            None
        } else {
            match ai.think(&prefix, &limits, Mode::Analyze, control, &mut Silent) {
                // A search cut short by the stop is not a judgement: the review ends before it.
                Ok(_) if control.was_asked_to_stop() => break,
                Ok(analysis) => Some(analysis),
                Err(AiError::NoLegalMove(_)) => None,
                Err(e) => return Err(e.into()),
            }
        };
        searches.push(analysis);
        if let (Some(j), Some(after)) = (i.checked_sub(1), searches.last()) {
            if let Some(before) = &searches[j] {
                let mut ply = judge.ply(j, before, after.as_ref(), None);
                // A move marked a mistake or worse is judged again from deeper searches of the
                // positions before and after it: one misjudged position otherwise marks the move
                // into it and the move out of it (two searches' noise, not the player's).
                let mut rejudged = None;
                if ply.class >= MoveClass::Mistake {
                    let again = |game: &Game| searched(&ai, game, &rejudge, control);
                    let deep_before = again(&before_move)?;
                    let deep_after = match after {
                        Some(_) => again(&prefix)?,
                        None => None,
                    };
                    // A second judgement of the same two moves, from one search of the position
                    // before the move with only them at its root: the mean of the two halves the
                    // noise of either (docs/review.md, "Two judgements of a marked move"). It is
                    // made in the checker's table, cleared: an independent judgement, which
                    // leaves the review's own searches and lines as they were.
                    let pair = match (&deep_before, &deep_after) {
                        (Some(b), Some(_)) if b.best.mv != moves[j] => {
                            let both =
                                Limits { search_moves: vec![b.best.mv, moves[j]], multi_pv: 2, ..rejudge.clone() };
                            checker.new_game();
                            searched(&checker, &before_move, &both, control)?
                                .and_then(|a| Pair::of(&a, b.best.mv, moves[j]))
                        }
                        _ => None,
                    };
                    if control.was_asked_to_stop() {
                        break;
                    }
                    if let Some(deep_before) = deep_before {
                        ply = judge.ply(j, &deep_before, deep_after.as_ref(), pair);
                        rejudged = Some((deep_before, deep_after));
                    }
                }
                let (before, after) = match &rejudged {
                    Some((b, a)) => (b, a.as_ref()),
                    None => (before, after.as_ref()),
                };
                if let Some(claim) = ply.claim.take() {
                    let checked = Checked { ai: &checker, limits: &deeper, control };
                    match checked.confirm(&judge, j, &claim, &before_move, &prefix, before, after)? {
                        Some((words, claim)) => {
                            ply.why = Some(words);
                            ply.claim = Some(claim);
                        }
                        None => ply.why = Some(plain(&positions[j], &ply, before)),
                    }
                    // A check cut short by the stop says nothing: the review ends before the move.
                    if control.was_asked_to_stop() {
                        break;
                    }
                }
                plies.push(ply);
            }
        }
        progress(i + 1, positions.len());
        if let Some(&mv) = moves.get(i) {
            before_move = prefix.clone();
            prefix.play(mv).map_err(|_| AiError::NoLegalMove(prefix.status()))?;
        }
    }
    // White's Win% before each ply and after the last.
    let mut wins: Vec<f64> =
        plies.iter().map(|p| if p.color == Color::White { p.win_before } else { 100.0 - p.win_before }).collect();
    if let Some(last) = plies.last() {
        wins.push(if last.color == Color::White { last.win_after } else { 100.0 - last.win_after });
    }
    let summary = |color: Color| {
        let mine: Vec<&PlyReview> = plies.iter().filter(|p| p.color == color).collect();
        let mut counts = [0; 9];
        for p in &mine {
            counts[MoveClass::ALL.iter().position(|&c| c == p.class).unwrap_or(0)] += 1;
        }
        // Both scores of a move read on the scale of the position after it, as its Win% are.
        let capped = |s: Score, next: &Board| centipawns(scale.apply(if color == Color::White { s } else { -s }, next));
        let loss = |p: &&PlyReview| {
            let next = &positions[p.ply];
            f64::from((capped(p.score_before, next) - capped(p.score_after, next)).max(0))
        };
        // A side without a move lost nothing (an empty float sum is -0, which prints as "-0").
        let acpl = if mine.is_empty() { 0.0 } else { mine.iter().map(loss).sum::<f64>() / mine.len() as f64 };
        SideSummary { accuracy: game_accuracy(&wins, color), acpl, counts }
    };
    let mut key_moments: Vec<usize> = (0..plies.len()).collect();
    key_moments.sort_by(|&a, &b| {
        let swing = |p: &PlyReview| p.win_before - p.win_after;
        swing(&plies[b]).total_cmp(&swing(&plies[a])).then(a.cmp(&b))
    });
    // A swing on a move the engine itself chose is its own noise between two searches, not a
    // moment of the game: only marked moves count.
    key_moments.retain(|&i| plies[i].win_before - plies[i].win_after >= 10.0 && plies[i].class.is_marked());
    key_moments.truncate(5);
    let key_moments = key_moments.into_iter().map(|i| i + 1).collect();
    let opening = classify(game).map(|(opening, _)| opening);
    Ok(Review { white: summary(Color::White), black: summary(Color::Black), plies, key_moments, opening })
}

/// `ai`'s search of `game` within `limits`, in analysis, the caller's stop rearmed first (the
/// last search's limit left it set); `None` where the side to move has no legal move.
fn searched(ai: &Ai, game: &Game, limits: &Limits, control: &SearchControl) -> Result<Option<Analysis>, ReviewError> {
    control.rearm();
    match ai.think(game, limits, Mode::Analyze, control, &mut Silent) {
        Ok(a) => Ok(Some(a)),
        Err(AiError::NoLegalMove(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

impl Review {
    /// `pgn` annotated with this review, in the form lichess exports: after each move a
    /// `[%eval ...]` comment (White's view, pawns or `#N`); on an inaccuracy or worse its NAG
    /// (`?!`, `?`, `??`; `!` for an only move), the class, why and the better move in words, and
    /// the better line as a variation (after the game's own). The game's own comments come first; its NAGs stay where
    /// the review adds none. Tags get `Annotator`, and `ECO` and `Opening` when the game has none
    /// and the review named its opening.
    ///
    /// ```
    /// use chess_ai::review::{review, ReviewOptions};
    /// use chess_ai::SearchControl;
    /// use chess_core::{read_pgn, Game, PgnGame};
    ///
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let options = ReviewOptions { nodes: 5_000, book_plies: 0, ..ReviewOptions::default() };
    /// let r = review(&game, &options, &SearchControl::new(), &mut |_, _| {}).unwrap();
    /// let text = r.annotate(&PgnGame::new(game)).to_pgn();
    /// let flat = text.replace('\n', " ");
    /// assert!(flat.contains("2. g4 $4 {[%eval #-1] Blunder: allows mate in 1: Qh4#;"), "{text}");
    /// assert!(flat.contains("(2. e3 "), "the better line as a variation: {text}");
    /// assert!(flat.trim_end().ends_with("2... Qh4# 0-1"), "{text}");
    /// assert_eq!(read_pgn(&text).unwrap()[0].game.moves().len(), 4);
    /// ```
    pub fn annotate(&self, pgn: &PgnGame) -> PgnGame {
        let mut out = pgn.clone();
        out.annotations.resize(out.game.moves().len(), Annotation::default());
        let positions = pgn.game.positions();
        for p in &self.plies {
            let Some(a) = out.annotations.get_mut(p.ply - 1) else { break };
            let mut words = Vec::new();
            if positions[p.ply].has_legal_moves() {
                words.push(format!("[%eval {}]", pgn_eval(p.score_after, !p.color)));
            }
            if let Some(nag) = p.class.symbol().and_then(nag_of) {
                a.nags = vec![nag];
            }
            if p.class >= MoveClass::Inaccuracy || p.class == MoveClass::OnlyMove {
                let mut sentence = p.class.title().to_owned();
                match p.why.as_deref().filter(|why| !why.is_empty()) {
                    // Its reason says what the class says: say it once, its first letter a capital
                    // (whatever its script: a review read back from JSON says what it was given).
                    Some(why) if p.class == MoveClass::OnlyMove => {
                        let mut chars = why.chars();
                        let first: String = chars.next().into_iter().flat_map(char::to_uppercase).collect();
                        sentence = format!("{first}{}.", chars.as_str());
                    }
                    Some(why) => sentence.push_str(&format!(": {why}.")),
                    None => sentence.push('.'),
                }
                if let Some(best) = &p.best {
                    let board = &positions[p.ply - 1];
                    if board.is_legal(best.mv) {
                        a.variations.push(Variation::new(best.pv.iter().take(8).copied()));
                    }
                }
                words.push(sentence);
            }
            if words.is_empty() {
                continue;
            }
            let ours = words.join(" ");
            a.comment = Some(match a.comment.take() {
                Some(theirs) if !theirs.contains("[%eval") => format!("{theirs} {ours}"),
                _ => ours,
            });
        }
        if out.tag("Annotator").is_none() {
            out.tags.push(("Annotator".to_owned(), "chess review".to_owned()));
        }
        if let Some(opening) = self.opening.filter(|_| out.tag("ECO").is_none() && out.tag("Opening").is_none()) {
            out.tags.push(("ECO".to_owned(), opening.eco.to_owned()));
            out.tags.push(("Opening".to_owned(), opening.name.to_owned()));
        }
        out
    }
}

/// A score from White's point of view, as the side to move `to_move` sees it (its moves to mate
/// count its own moves: a White's-view score alone cannot say whose move it is).
pub fn mover_view(white: Score, to_move: Color) -> Score {
    if to_move == Color::White {
        white
    } else {
        -white
    }
}

/// Moves to mate from White's point of view (`3`: White mates in 3, `-1`: Black mates in 1) of
/// a White's-view score in a position where `to_move` moves; `None` when it is no mate.
pub fn white_mate_moves(white: Score, to_move: Color) -> Option<i32> {
    let moves = mover_view(white, to_move).mate_moves()?;
    Some(if to_move == Color::White { moves } else { -moves })
}

/// A score in the `[%eval]` form of PGN comments: pawns from White's view (`0.35`, `-1.20`), or
/// `#N` / `#-N` for a mate; `white` is White's view in a position where `to_move` moves.
fn pgn_eval(white: Score, to_move: Color) -> String {
    match white_mate_moves(white, to_move) {
        Some(moves) => format!("#{moves}"),
        None => format!("{:.2}", f64::from(white.0.clamp(-Score::MAX_EVAL.0, Score::MAX_EVAL.0)) / 100.0),
    }
}

/// The NAG number of a symbol of [`MoveClass::symbol`].
fn nag_of(symbol: &str) -> Option<u8> {
    match symbol {
        "!" => Some(1),
        "?" => Some(2),
        "??" => Some(4),
        "?!" => Some(6),
        _ => None,
    }
}

/// The mover's score when its move ended the game on the board.
fn over_score(after: &Board) -> Score {
    if after.in_check() && !after.has_legal_moves() {
        Score::mate_in(1)
    } else {
        Score::DRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_only_move_says_its_reason_whatever_its_first_letter() {
        // Found by the fuzz target `review_json`: the reason of an only move, read back from JSON,
        // was capitalised by its first byte, which panicked on an empty reason or a first letter
        // of more than one byte.
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let board = Board::startpos();
        let summary = || SideSummary { accuracy: 100.0, acpl: 0.0, counts: [0; 9] };
        let annotated = |why: Option<&str>| {
            let ply = PlyReview {
                ply: 1,
                color: Color::White,
                mv: board.parse_san("e4").unwrap(),
                san: "e4".to_owned(),
                score_before: Score(20),
                score_after: Score(20),
                win_before: 51.8,
                win_after: 51.8,
                accuracy: 100.0,
                class: MoveClass::OnlyMove,
                best: None,
                why: why.map(str::to_owned),
                claim: None,
            };
            let review =
                Review { plies: vec![ply], white: summary(), black: summary(), key_moments: vec![], opening: None };
            review.annotate(&game.to_pgn_game(&[])).annotations[0].comment.clone().unwrap()
        };
        assert_eq!(annotated(Some("the only move that holds")), "[%eval 0.20] The only move that holds.");
        assert_eq!(annotated(Some("éclair: holds")), "[%eval 0.20] Éclair: holds.");
        assert_eq!(annotated(Some("ß")), "[%eval 0.20] SS.");
        assert_eq!(annotated(Some("")), format!("[%eval 0.20] {}.", MoveClass::OnlyMove.title()));
        assert_eq!(annotated(None), format!("[%eval 0.20] {}.", MoveClass::OnlyMove.title()));
    }
}
