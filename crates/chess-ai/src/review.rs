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

use chess_core::{see_value, Annotation, Board, Color, Game, Move, PgnGame, Role, Square};
use chess_eval::{Network, Score};
use chess_search::{Limits, SearchControl, Silent};

use crate::openings::{classify, Opening};
use crate::{Ai, AiError, AiOptions, Analysis, AnalysisLine, Book, Mode, OptionsError, Strength};
#[cfg(feature = "syzygy")]
use crate::{Tablebase, Wdl};

pub mod claim;
#[cfg(feature = "json")]
pub mod json;
pub mod material;
pub mod motifs;
pub mod positional;
mod scale;

pub use claim::{Claim, ClaimKind};
pub use scale::ScoreScale;

use claim::Lines;

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
                let mut ply = judge.ply(j, before, after.as_ref());
                // A move marked a mistake or worse is judged again from deeper searches of the
                // positions before and after it: one misjudged position otherwise marks the move
                // into it and the move out of it (two searches' noise, not the player's).
                let mut rejudged = None;
                if ply.class >= MoveClass::Mistake {
                    let again = |game: &Game| -> Result<Option<Analysis>, ReviewError> {
                        control.rearm();
                        match ai.think(game, &rejudge, Mode::Analyze, control, &mut Silent) {
                            Ok(a) => Ok(Some(a)),
                            Err(AiError::NoLegalMove(_)) => Ok(None),
                            Err(e) => Err(e.into()),
                        }
                    };
                    let deep_before = again(&before_move)?;
                    let deep_after = match after {
                        Some(_) => again(&prefix)?,
                        None => None,
                    };
                    if control.was_asked_to_stop() {
                        break;
                    }
                    if let Some(deep_before) = deep_before {
                        ply = judge.ply(j, &deep_before, deep_after.as_ref());
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

/// What judging a move needs of the game and the options: the positions, the moves, the book,
/// the score scale and the positions' keys.
struct Judge<'a> {
    options: &'a ReviewOptions,
    moves: &'a [Move],
    positions: &'a [Board],
    book: &'static Book,
    scale: ScoreScale,
    keys: Vec<u64>,
}

impl Judge<'_> {
    /// The move of ply `i + 1` judged, from the search of the position before it and the one
    /// after it (`None` where the move ended the game); its reason's claim, when the reason makes
    /// one, is not yet checked.
    fn ply(&self, i: usize, before: &Analysis, after: Option<&Analysis>) -> PlyReview {
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
            best: (!is_best).then(|| before.best.clone()),
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
        let near = |c: &Claim| c.material == 0 || c.plies <= MATERIAL_CLAIM_PLIES;
        (words, claim.filter(near))
    }
}

/// The plain sentence of a marked move whose reason's claim did not hold: the evaluation before
/// and after it, and the better move with its line.
fn plain(board: &Board, ply: &PlyReview, before: &Analysis) -> String {
    plain_words(board, ply.score_before, ply.score_after, &before.best)
}

/// See [`plain`]: `white_before` and `white_after` are White's view.
fn plain_words(board: &Board, white_before: Score, white_after: Score, best: &AnalysisLine) -> String {
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
fn better_words(best: &AnalysisLine) -> String {
    format!("{} was better ({})", best.san, best.pv_san.iter().take(5).cloned().collect::<Vec<_>>().join(" "))
}

/// A claim of material lost or won is made only when it changes hands within this many plies
/// of its line (three moves each).
const MATERIAL_CLAIM_PLIES: usize = 6;

/// An answer within this many centipawns of the best is one a claim must hold along too.
const CLOSE_ANSWER_CP: i32 = 100;
/// The answers a check searches (the best and those close to it, [`CLOSE_ANSWER_CP`]).
const CHECKED_ANSWERS: usize = 4;

/// The deeper searches that check a claim.
struct Checked<'a> {
    ai: &'a Ai,
    limits: &'a Limits,
    control: &'a SearchControl,
}

impl Checked<'_> {
    /// The reason of the move of ply `i + 1` again, from deeper searches than the review's: of the
    /// position after the move played (`after_move`, the game up to it) and of the one after the
    /// better move (from `before_move`), where the claim depends on that line (the review's own
    /// lines, `before` and `after`, stand in for the other). Said only when the deeper lines make
    /// the same claim (its kind, its material, its piece) and it holds along them: the words and
    /// the claim of the deeper lines, or `None`.
    #[allow(clippy::too_many_arguments)]
    fn confirm(
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
        let search = |game: &Game| -> Result<Option<Analysis>, ReviewError> {
            // The stop the last search's limit left is not the caller's.
            self.control.rearm();
            self.ai.new_game();
            match self.ai.think(game, self.limits, Mode::Analyze, self.control, &mut Silent) {
                Ok(a) => Ok(Some(a)),
                Err(AiError::NoLegalMove(_)) => Ok(None),
                Err(e) => Err(e.into()),
            }
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
        let (reply, played) = match needs_played {
            true => {
                let a = search(after_move)?;
                (a.as_ref().map(|a| a.best.clone()), answers(mv, a.as_ref(), over_played))
            }
            false => (after.map(|a| a.best.clone()), answers(mv, after, over_played)),
        };
        let (best, better) = match needs_better {
            true => {
                let mut after_best = before_move.clone();
                if after_best.play(before.best.mv).is_err() {
                    return Ok(None);
                }
                let a = search(&after_best)?;
                let better = answers(before.best.mv, a.as_ref(), over_score(after_best.board()));
                let (pv, score) = better[0].clone();
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

impl Review {
    /// `pgn` annotated with this review, in the form lichess exports: after each move a
    /// `[%eval ...]` comment (White's view, pawns or `#N`); on an inaccuracy or worse its NAG
    /// (`?!`, `?`, `??`; `!` for an only move), the class, why and the better move in words, and
    /// the better line as a variation. The game's own comments come first; its NAGs stay where
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
                        a.variation = best.pv_san.iter().take(8).cloned().collect();
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

/// The longest mate (in moves) whose loss makes a move a missed win by itself: a mate the
/// review's search finds this short is one it is sure of. A longer one, found before the move and
/// not after it, is as often the search's horizon as the player's miss (on sample 4 of
/// docs/review.md, mates in 10 and 24 still forced after the move by Stockfish): such a move is
/// judged by the Win% it loses, like any other.
const MISSED_MATE_MAX_MOVES: i32 = 5;

/// The class of a move that is not the search's best, from the mover's Win% before and after it
/// and the scores they come from (the best move's and the played move's, mover's view).
fn class_by_loss(win_before: f64, win_after: f64, best: Score, played: Score) -> MoveClass {
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

/// The mover's score when its move ended the game on the board.
fn over_score(after: &Board) -> Score {
    if after.in_check() && !after.has_legal_moves() {
        Score::mate_in(1)
    } else {
        Score::DRAW
    }
}

/// The tables' reason for a marked move, when tables are given and know both positions.
#[cfg(feature = "syzygy")]
fn why_by_tables(options: &ReviewOptions, board: &Board, next: &Board, best: &AnalysisLine) -> Option<String> {
    options.tablebase.as_deref().and_then(|tb| why_tablebase(tb, board, next, best))
}

/// Without the `syzygy` feature there are no tables to ask.
#[cfg(not(feature = "syzygy"))]
fn why_by_tables(_: &ReviewOptions, _: &Board, _: &Board, _: &AnalysisLine) -> Option<String> {
    None
}

#[cfg(feature = "syzygy")]
/// Why a move lost, when the tablebases know both positions and their verdict changed: a win
/// thrown away (to a draw or a loss), or a draw thrown to a loss.
fn why_tablebase(tb: &Tablebase, board: &Board, next: &Board, best: &AnalysisLine) -> Option<String> {
    // Won (1), drawn (0) or lost (-1) for the side to move; a win or loss that the fifty-move rule
    // turns into a draw counts as a draw, as it does on the board.
    let outcome = |wdl: Wdl| wdl.value().signum() * i8::from(wdl.value().abs() == 2);
    let was = outcome(tb.probe_wdl(board).ok()?);
    // A position after a move, from the mover's side: the opposite of the opponent's verdict (a
    // mate is a win, a stalemate a draw).
    let after = |position: &Board| match (position.has_legal_moves(), position.in_check()) {
        (true, _) => tb.probe_wdl(position).ok().map(|w| -outcome(w)),
        (false, true) => Some(1),
        (false, false) => Some(0),
    };
    let now = after(next)?;
    if now >= was {
        return None;
    }
    let said = |o: i8| match o {
        1 => "won",
        0 => "drawn",
        _ => "lost",
    };
    let verb = if was > 0 { "throws away the tablebase win" } else { "loses the tablebase draw" };
    let mut why = format!("{verb}: the tablebases call the position {} after it", said(now));
    // The better move, when the tables confirm that it keeps the verdict.
    if played_from(board, best.mv).is_some_and(|after_best| after(&after_best) == Some(was)) {
        why.push_str(&format!("; {} keeps it {}", best.san, said(was)));
    }
    Some(why)
}

/// The position after `mv` in `board`, when it is legal there.
fn played_from(board: &Board, mv: Move) -> Option<Board> {
    let mut after = *board;
    after.try_play(mv).ok().map(|()| after)
}

/// The point of a good move `mv` (played in `board`, giving `next`), when the board shows one: a
/// fork or a pin it makes, a piece it attacks that the opponent would lose, or a piece of its own
/// it saves.
fn why_good(board: &Board, mv: Move, next: &Board) -> Option<String> {
    if !next.has_legal_moves() {
        return None;
    }
    if let Some(motif) = motifs::motif(next, mv.to()) {
        return Some(motif.describe_own());
    }
    let attacks = motifs::threat(board, next).map(|(role, sq)| format!("attacks the {role} on {sq}"));
    // (A capture that takes the attacked piece away takes something: that is its point.)
    let saves = motifs::saved(board, next).filter(|_| !board.is_capture(mv)).map(|(role, sq)| match mv.from() == sq {
        true => format!("moves the attacked {role} to safety"),
        false => format!("defends the {role} on {sq}"),
    });
    match (saves, attacks) {
        (Some(saves), Some(attacks)) => Some(format!("it {saves} and {attacks}")),
        (Some(one), None) | (None, Some(one)) => Some(format!("it {one}")),
        (None, None) => None,
    }
}

/// Whether the capture `mv` in `board` wins `material` pawns or more by the static exchange on
/// its square: a claim that rests on one capture is said only when the board proves it, whatever
/// the lines after it (another engine's may take back where ours did not).
fn wins_by_exchange(board: &Board, mv: Move, material: i32) -> bool {
    board.see_ge(mv, material * see_value(Role::Pawn))
}

/// How many moves of `line`, played from `board`, it takes to come back to a position seen before:
/// earlier in the line, at `board`, or in the game before it (`earlier`: the keys of its
/// positions); `None` when the line repeats nothing.
fn repeats(board: &Board, line: &[Move], earlier: &[u64]) -> Option<usize> {
    let mut seen: Vec<u64> = earlier.iter().copied().chain([board.hash()]).collect();
    let mut b = *board;
    for (i, &mv) in line.iter().enumerate() {
        b.try_play(mv).ok()?;
        if seen.contains(&b.hash()) {
            return Some(i + 1);
        }
        seen.push(b.hash());
    }
    None
}

/// A reply's line comes back to a position within this many moves (four each): a repetition
/// found deeper in a line is the engine's guess more than the move's doing.
const REPEAT_PLIES: usize = 8;

/// The draw a move let in, when the reply's score is a draw, the better move's was more, and the
/// reply's line repeats a position within [`REPEAT_PLIES`]: `it allows a perpetual check: ...`
/// (the replier checks at every move), `it leaves only a perpetual check: ...` (the mover
/// does), `it allows a draw by repetition: ...`.
/// `seen` holds the keys of the game's positions up to the one the move was played in.
fn why_drawn(next: &Board, best: &AnalysisLine, reply: &AnalysisLine, seen: &[u64]) -> Option<(String, usize)> {
    if reply.score != Score::DRAW || best.score <= Score::DRAW {
        return None;
    }
    let n = repeats(next, &reply.pv, seen).filter(|&n| n <= REPEAT_PLIES)?;
    // Who gives check at each of their moves of the cycle: the replier (even plies) or the mover.
    let mut b = *next;
    let mut checks = [true, true];
    for (i, &m) in reply.pv[..n].iter().enumerate() {
        checks[i % 2] &= b.gives_check(m);
        b.play(m);
    }
    let line = reply.pv_san[..n].join(" ");
    let words = match checks {
        [true, _] => format!("it allows a perpetual check: {line}"),
        [_, true] if n >= 2 => format!("it leaves only a perpetual check: {line}"),
        _ => format!("it allows a draw by repetition: {line}"),
    };
    Some((words, n))
}

/// Why `mv`, played in `board` (giving `next`), lost: the facts of the engine's lines, in words,
/// with the claim the words make (`None` for words that state no checkable fact: the review says
/// the plain sentence instead). `seen` holds the keys of the game's positions up to `board`, for
/// repetitions.
fn why_worse(
    board: &Board,
    mv: Move,
    next: &Board,
    best: &AnalysisLine,
    reply: Option<&AnalysisLine>,
    seen: &[u64],
    taken: Option<(Role, Square)>,
) -> (String, Option<Claim>) {
    let better = better_words(best);
    // The move played and the reply's line, from the position before the move.
    let played: Vec<Move> = std::iter::once(mv).chain(reply.iter().flat_map(|r| r.pv.iter().copied())).collect();
    let claim = |kind, line: &[Move], plies: usize, material: i32, piece: Option<(Role, Square)>| Claim {
        kind,
        line: line.to_vec(),
        san: board.san_line(line),
        plies,
        material,
        mate: None,
        piece,
        reason: String::new(),
    };
    // The reason said with the better move after it; the claim keeps the reason alone.
    let say = |reason: String, c: Option<Claim>| (format!("{reason}; {better}"), c.map(|c| Claim { reason, ..c }));
    // The reply's score is the opponent's, with the opponent to move: a mate it gives.
    if let Some((m, r)) = reply.and_then(|r| Some((r.score.mate_moves().filter(|&m| m > 0)?, r))) {
        let c = Claim { mate: Some(m), ..claim(ClaimKind::AllowsMate, &played, played.len(), 0, None) };
        return say(format!("allows mate in {m}: {}", r.pv_san.join(" ")), Some(c));
    }
    if let Some(m) = best.score.mate_moves().filter(|&m| m > 0) {
        let reason = format!("it misses a mate in {m}");
        let c = Claim { mate: Some(m), reason, ..claim(ClaimKind::MissesMate, &best.pv, best.pv.len(), 0, None) };
        return (format!("misses mate in {m}: {}", best.pv_san.join(" ")), Some(c));
    }
    // Material the best move takes that is still standing after the move played (worth more than
    // what the reply takes back): the move missed a win of material.
    let us = board.side_to_move();
    let lost = reply.and_then(|r| next.role_on(r.mv.to()).filter(|_| next.color_on(r.mv.to()) == Some(us)));
    // The opponent has just taken a piece, the better move takes back on that square and the
    // move played does not (nor does the reply take something bigger): a recapture forgotten.
    let retake = taken
        .filter(|&(role, square)| {
            see_value(role) >= see_value(Role::Knight)
                && best.mv.to() == square
                && board.is_capture(best.mv)
                && mv.to() != square
                && next.color_on(square) == Some(!us)
                && see_value(role) >= lost.map_or(0, see_value)
        })
        .and_then(|(role, square)| Some((role, square, board.role_on(square)?)));
    if let Some((role, square, taker)) = retake {
        let c = claim(ClaimKind::MissesMaterial, &best.pv, 1, claim::pawns(taker), Some((taker, square)));
        let c = Some(c).filter(|c| wins_by_exchange(board, best.mv, c.material));
        return say(format!("it does not take back on {square} (the {taker} there has just taken a {role})"), c);
    }
    let missed = board
        .role_on(best.mv.to())
        .filter(|_| board.color_on(best.mv.to()) == Some(!us))
        .filter(|&role| next.role_on(best.mv.to()) == Some(role) && next.color_on(best.mv.to()) == Some(!us));
    if let Some(role) =
        missed.filter(|&m| see_value(m) > lost.map_or(0, see_value) && see_value(m) >= see_value(Role::Knight))
    {
        let c = claim(ClaimKind::MissesMaterial, &best.pv, 1, claim::pawns(role), Some((role, best.mv.to())));
        let c = Some(c).filter(|c| wins_by_exchange(board, best.mv, c.material));
        let c = c.map(|c| Claim { reason: format!("it misses a win of the {role} on {}", best.mv.to()), ..c });
        return (format!("misses {}, which wins the {role} on {}; {better}", best.san, best.mv.to()), c);
    }
    // What the lines win over their first moves (and the exchanges those start), for the mover:
    // the better move's, and the reply's after the move played.
    let gain = material::Trade::along(board, &best.pv, us);
    let loss = reply.map(|r| material::Trade::along(next, &r.pv, us));
    let taken = board.captured_role(mv).map_or(0, see_value);
    let reply_loss = loss.as_ref().map_or(0, material::Trade::net_loss);
    let (best_gain, played_gain) = (-gain.net_loss(), taken - reply_loss);
    // The better line wins a piece, two pawns or more beyond what the move played and the reply's
    // line come to, and more than the reply takes (by its first capture or its line: a bigger loss
    // is the reason then): the move missed it.
    if best_gain >= see_value(Role::Knight)
        && best_gain - played_gain >= 2 * see_value(Role::Pawn)
        && best_gain > lost.map_or(0, see_value).max(reply_loss)
    {
        let line = best.pv_san[..gain.plies].join(" ");
        let reason = format!("it misses a win of {}", gain.describe_gain());
        let c =
            Claim { reason, ..claim(ClaimKind::MissesMaterial, &best.pv, gain.plies, -gain.net_loss_pawns(), None) };
        return (format!("misses {}, which wins {} ({line}); {better}", best.san, gain.describe_gain()), Some(c));
    }
    if let Some(reply) = reply {
        let replier = next.role_on(reply.mv.from());
        let whole = material::Trade::along(board, &played, us);
        let after_reply = played_from(next, reply.mv);
        match lost {
            // A minor piece for a rook.
            Some(Role::Rook) if matches!(replier, Some(Role::Knight | Role::Bishop)) => {
                let c = claim(ClaimKind::LosesMaterial, &played, 2, 2, Some((Role::Rook, reply.mv.to())));
                let c = Some(c).filter(|c| wins_by_exchange(next, reply.mv, c.material));
                return say(format!("loses the exchange: {} takes the rook on {}", reply.san, reply.mv.to()), c);
            }
            // A piece taken: left en prise, or given in a trade that the move itself began, unless
            // the line wins it back (a trade of queens is no loss of the queen).
            Some(role) if role != Role::Pawn && whole.net_loss() >= 2 * see_value(Role::Pawn) => {
                let plies = whole.plies.max(2);
                let c = claim(
                    ClaimKind::LosesMaterial,
                    &played,
                    plies,
                    whole.net_loss_pawns(),
                    Some((role, reply.mv.to())),
                );
                if taken == 0 {
                    let c = Some(c).filter(|c| wins_by_exchange(next, reply.mv, c.material));
                    return say(format!("it leaves the {role} on {} to {}", reply.mv.to(), reply.san), c);
                }
                let line = board.san_line(&played[..plies]).join(" ");
                return say(format!("it loses {}: {line}", whole.describe_loss()), Some(c));
            }
            _ => {}
        }
        // The reply's fork, read off the board after it, when the line wins material by it. (A
        // pin is not said of a reply: what it wins depends on lines another engine plays
        // otherwise, three times in three on the reference games.)
        let fork = after_reply
            .and_then(|after| motifs::motif(&after, reply.mv.to()))
            .filter(|m| matches!(m, motifs::Motif::Fork { .. }) && whole.net_loss_pawns() >= 1);
        if let Some(motif @ motifs::Motif::Fork { attacker, from, .. }) = &fork {
            let c =
                claim(ClaimKind::Fork, &played, whole.plies.max(2), whole.net_loss_pawns(), Some((*attacker, *from)));
            return say(motif.describe(&reply.san), Some(c));
        }
        // The reply's line wins more than its first capture shows (counted from the move itself
        // when the move took something).
        if let Some(trade) =
            loss.filter(|t| t.net_loss() >= see_value(Role::Pawn) && t.net_loss() > lost.map_or(0, see_value))
        {
            // The reply's trade counts from the position after the move: one more ply from before it.
            let (trade, line, plies) = match taken {
                0 => {
                    let line = reply.pv_san[..trade.plies].join(" ");
                    let plies = trade.plies + 1;
                    (trade, line, plies)
                }
                _ => (whole.clone(), board.san_line(&played[..whole.plies]).join(" "), whole.plies),
            };
            if trade.net_loss() >= see_value(Role::Pawn) {
                let c = claim(ClaimKind::LosesMaterial, &played, plies, trade.net_loss_pawns(), None);
                return say(format!("it loses {}: {line}", trade.describe_loss()), Some(c));
            }
        }
        if lost == Some(Role::Pawn) {
            let c = claim(ClaimKind::LosesMaterial, &played, 2, 1, Some((Role::Pawn, reply.mv.to())));
            let c = Some(c).filter(|c| wins_by_exchange(next, reply.mv, c.material));
            return say(format!("it loses a pawn to {}", reply.san), c);
        }
        // A quiet reply's point: a promotion, or a threat to take something.
        let line = reply.pv_san.iter().take(4).cloned().collect::<Vec<_>>().join(" ");
        if reply.mv.promotion().is_some() {
            let c = claim(ClaimKind::Promotes, &played, 2, 0, None);
            return say(format!("the answer {} promotes ({line})", reply.san), Some(c));
        }
        let threat = after_reply.filter(|_| !next.is_capture(reply.mv)).and_then(|after| motifs::threat(next, &after));
        if let Some((role, sq)) = threat {
            let c = claim(ClaimKind::Threat, &played, 2, 0, Some((role, sq)));
            return say(format!("the answer {} attacks the {role} on {sq} ({line})", reply.san), Some(c));
        }
        // A capture the line takes back: a trade, of like pieces (`trades the queens`) or of one
        // piece for another of the same value, begun by the move or by the reply.
        if let Some(role) = lost {
            let traded = match (whole.lost.as_slice(), whole.won.as_slice()) {
                _ if whole.plies < 2 => None,
                ([], []) => Some(format!("the {role}s")),
                ([l], [w]) if *l == role && see_value(*l) == see_value(*w) => Some(match taken {
                    0 => format!("a {w} for the {role}"),
                    _ => format!("the {role} for a {w}"),
                }),
                _ => None,
            };
            match traded {
                Some(t) if taken > 0 => {
                    let line = board.san_line(&played[..whole.plies]).join(" ");
                    return (format!("it trades {t}: {line}; {better}"), None);
                }
                Some(t) => return (format!("the answer {} trades {t} ({line}); {better}", reply.san), None),
                None => {}
            }
        }
        // A better position let go to a draw: the reply's line comes back to a position seen
        // before within its first moves.
        let own_point = played_from(board, best.mv).and_then(|after| why_good(board, best.mv, &after));
        if let Some((draw, n)) = why_drawn(next, best, reply, seen) {
            let c = claim(ClaimKind::Draw, &played[..=n], n + 1, 0, None);
            return match own_point {
                Some(point) => (format!("{draw}; {better}: {point}"), Some(Claim { reason: draw, ..c })),
                None => say(draw, Some(c)),
            };
        }
        // Nothing the reply wins or threatens: what the position shows (a passed pawn, the
        // king, the pawns, the pieces; the evaluation's terms pick which), and the point of the
        // better move when the board shows one.
        let lost = centipawns(best.score) + centipawns(reply.score);
        let fact = positional::why(board, &played, &best.pv, lost);
        let said = |line| fact.as_ref().filter(|(_, l)| *l == line).map(|(f, _)| f.describe());
        let cost = said(positional::Line::Played).map_or(String::new(), |f| format!(": {f}"));
        let point = own_point.or_else(|| said(positional::Line::Better));
        return match point {
            Some(point) => (format!("the answer {} ({line}) gains{cost}; {better}: {point}", reply.san), None),
            None => (format!("the answer {} ({line}) gains{cost}; {better}", reply.san), None),
        };
    }
    (better, None)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    use chess_core::CastlingMode;
    use chess_search::Bound;

    /// An engine line from `board`, given in SAN.
    fn line(board: &Board, sans: &[&str]) -> AnalysisLine {
        let mut b = *board;
        let pv = sans
            .iter()
            .map(|san| {
                let mv = b.parse_san(san).unwrap();
                b.play(mv);
                mv
            })
            .collect();
        AnalysisLine::new(board, CastlingMode::Standard, Score(0), Bound::Exact, pv)
    }

    /// The position of `fen`, the move `san` in it, and the position after it.
    fn with_move(fen: &str, san: &str) -> (Board, Move, Board) {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_san(san).unwrap();
        (board, mv, played_from(&board, mv).unwrap())
    }

    /// The reason for `played` in `fen`, given the engine's better line and its reply line.
    fn why(fen: &str, played: &str, best: &[&str], reply: &[&str]) -> String {
        let (board, mv, next) = with_move(fen, played);
        why_worse(&board, mv, &next, &line(&board, best), Some(&line(&next, reply)), &[], None).0
    }

    #[test]
    fn a_reply_whose_line_wins_more_than_its_first_capture_says_what_the_line_wins() {
        // 20. Rh6?? of a game of docs/review-quality, with the line of a review at 50,000 nodes:
        // Qxg5 takes a pawn, and the knight then takes the bishop on b2.
        let fen = "r7/1bp1qkbQ/1p2p1p1/n5P1/2nP4/Pp2P3/1B1N1P2/R3K2R w K - 1 20";
        assert_eq!(
            why(fen, "Rh6", &["Rh4", "Nxd2", "Kxd2"], &["Qxg5", "Rh3", "Nxb2", "Nf3", "Nd3+"]),
            "it loses a bishop and a pawn: Qxg5 Rh3 Nxb2; Rh4 was better (Rh4 Nxd2 Kxd2)"
        );
        // The line that wins only its first capture says so in the first capture's words.
        assert_eq!(
            why(fen, "Rh6", &["Rh4", "Nxd2", "Kxd2"], &["Qxg5", "Rh3", "Qf5", "Rh4"]),
            "it loses a pawn to Qxg5; Rh4 was better (Rh4 Nxd2 Kxd2)"
        );
    }

    #[test]
    fn a_capture_answered_by_a_bigger_one_is_a_losing_trade_and_a_trade_of_queens_no_loss() {
        // Qxb7?? takes a pawn, and Rxb7 takes the queen: the queen for a pawn.
        let fen = "1r2k3/1p3ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1";
        assert_eq!(
            why(fen, "Qxb7", &["Qe2+", "Kf8"], &["Rxb7", "h3"]),
            "it loses the queen for a pawn: Qxb7 Rxb7; Qe2+ was better (Qe2+ Kf8)"
        );
        // Qb5 offers a queen trade: Qxb5 is answered by Nxb5, no piece is lost.
        let fen = "4k3/pp1q1ppp/8/8/8/2NQ4/PP3PPP/6K1 w - - 0 1";
        assert_eq!(
            why(fen, "Qb5", &["Qe4+", "Kf8"], &["Qxb5", "Nxb5", "a6"]),
            "the answer Qxb5 trades the queens (Qxb5 Nxb5 a6); Qe4+ was better (Qe4+ Kf8)"
        );
    }

    #[test]
    fn a_trade_of_a_piece_for_another_says_who_began_it() {
        // Bxc6+ takes a knight and bxc6 takes the bishop back: the move traded its bishop.
        let fen = "r1bqk2r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5";
        assert_eq!(
            why(fen, "Bxc6", &["O-O", "Nxe4"], &["dxc6", "O-O"]),
            "it trades the bishop for a knight: Bxc6 dxc6; O-O was better (O-O Nxe4)"
        );
        // Nd5 lets Nxd5 take the knight, exd5 takes back: the reply traded its knight.
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4";
        assert_eq!(
            why(fen, "Nd5", &["Bb5", "Bc5"], &["Nxd5", "exd5", "Nd4"]),
            "the answer Nxd5 trades the knights (Nxd5 exd5 Nd4); Bb5 was better (Bb5 Bc5)"
        );
    }

    #[test]
    fn a_piece_just_taken_and_not_taken_back_is_a_recapture_forgotten() {
        // Black's bishop has just taken the knight on c3; h3 leaves it there, bxc3 takes back.
        let why = |fen: &str, taken: Option<(Role, Square)>, reply: &[&str]| {
            let (board, mv, next) = with_move(fen, "h3");
            why_worse(&board, mv, &next, &line(&board, &["bxc3", "Kb7"]), Some(&line(&next, reply)), &[], taken).0
        };
        let fen = "k7/8/8/8/8/2b5/1P5P/6K1 w - - 0 2";
        let knight = Some((Role::Knight, Square::C3));
        assert_eq!(
            why(fen, knight, &["Bxb2", "Kf2"]),
            "it does not take back on c3 (the bishop there has just taken a knight); bxc3 was better (bxc3 Kb7)"
        );
        // Where it took a pawn, taking the bishop is no recapture but a win of material.
        assert_eq!(
            why(fen, Some((Role::Pawn, Square::C3)), &["Bxb2", "Kf2"]),
            "misses bxc3, which wins the bishop on c3; bxc3 was better (bxc3 Kb7)"
        );
        // The reply takes as much as the recapture would have won back: the recapture is still
        // what the move forgot.
        let with_knight = "k7/8/8/4N3/8/2b5/1P5P/6K1 w - - 0 2";
        assert_eq!(
            why(with_knight, knight, &["Bxe5", "Kf2"]),
            "it does not take back on c3 (the bishop there has just taken a knight); bxc3 was better (bxc3 Kb7)"
        );
        // The reply takes more than the recapture would have won back: that is the reason.
        let fen = "k7/8/8/4Q3/8/2b5/1P5P/6K1 w - - 0 2";
        assert_eq!(why(fen, knight, &["Bxe5", "Kf2"]), "it leaves the queen on e5 to Bxe5; bxc3 was better (bxc3 Kb7)");
    }

    /// The point of `played` in `fen`, as a good move.
    fn point(fen: &str, played: &str) -> Option<String> {
        let (board, mv, next) = with_move(fen, played);
        why_good(&board, mv, &next)
    }

    #[test]
    fn a_good_move_says_its_point_when_the_board_shows_one() {
        // Nc7+ forks king and rook.
        assert_eq!(
            point("r3k3/8/8/1N6/8/8/PP6/4K3 w - - 0 1", "Nc7+").as_deref(),
            Some("it forks the king on e8 and the rook on a8")
        );
        // a3 attacks the bishop on b4 (the pawn is guarded by the b2 pawn).
        assert_eq!(point("4k3/8/8/8/1b6/8/PP6/6K1 w - - 0 1", "a3").as_deref(), Some("it attacks the bishop on b4"));
        // Nf3 takes the knight out of the e5 pawn's reach; Ke4 guards the one on d5.
        assert_eq!(
            point("4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1", "Nf3").as_deref(),
            Some("it moves the attacked knight to safety and attacks the pawn on e5")
        );
        assert_eq!(point("4k3/8/8/2rN4/8/4K3/8/8 w - - 0 1", "Ke4").as_deref(), Some("it defends the knight on d5"));
        // Nothing to say.
        assert_eq!(point("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd2"), None);
    }

    #[test]
    fn where_the_reply_shows_nothing_the_better_moves_point_is_said() {
        // Kf1 lets the bishop stay; a3 would have attacked it.
        assert_eq!(
            why("4k3/8/8/8/1b6/8/PP6/6K1 w - - 0 1", "Kf1", &["a3", "Bd6"], &["Kd7", "Ke2"]),
            "the answer Kd7 (Kd7 Ke2) gains; a3 was better (a3 Bd6): it attacks the bishop on b4"
        );
    }

    #[test]
    fn a_reply_line_that_comes_back_to_a_position_is_a_draw_let_in() {
        // Rd7 leaves the first rank: Qf2+ and Qf1+ check for ever.
        let (board, mv, next) = with_move("6k1/5ppp/5q2/8/8/6PP/7K/3R4 w - - 0 1", "Rd7");
        let mut best = line(&board, &["Kg2", "h6"]);
        best.score = Score(300);
        let why = |reply: &[&str]| {
            let mut reply = line(&next, reply);
            reply.score = Score::DRAW;
            why_worse(&board, mv, &next, &best, Some(&reply), &[], None).0
        };
        assert_eq!(
            why(&["Qf2+", "Kh1", "Qf1+", "Kh2", "Qf2+"]),
            "it allows a perpetual check: Qf2+ Kh1 Qf1+ Kh2 Qf2+; Kg2 was better (Kg2 h6)"
        );
        // Back to the position after Rd7 without a check on the way.
        assert_eq!(
            why(&["Qe5", "Kh1", "Qf6", "Kh2"]),
            "it allows a draw by repetition: Qe5 Kh1 Qf6 Kh2; Kg2 was better (Kg2 h6)"
        );
        // h3 lets the win go: White has only Qf5+ and Qf8+ for ever.
        let (board, mv, next) = with_move("7k/6p1/7p/2Q5/8/8/5PPP/6K1 w - - 0 1", "h3");
        let mut reply = line(&next, &["Kh7", "Qf5+", "Kh8", "Qf8+", "Kh7", "Qf5+"]);
        reply.score = Score::DRAW;
        let mut best = line(&board, &["Qf8+", "Kh7"]);
        best.score = Score(300);
        assert_eq!(
            why_worse(&board, mv, &next, &best, Some(&reply), &[], None).0,
            "it leaves only a perpetual check: Kh7 Qf5+ Kh8 Qf8+ Kh7 Qf5+; Qf8+ was better (Qf8+ Kh7)"
        );
        // A position of the game before the move counts: after Kg1 Qf5, Kh2 Qf6 comes back to
        // the first one.
        let first: Board = "6k1/5ppp/5q2/8/8/6PP/7K/3R4 w - - 0 1".parse().unwrap();
        let mut board = first;
        let mut seen = vec![first.hash()];
        board.play(board.parse_san("Kg1").unwrap());
        seen.push(board.hash());
        board.play(board.parse_san("Qf5").unwrap());
        seen.push(board.hash());
        let mv = board.parse_san("Kh2").unwrap();
        let next = played_from(&board, mv).unwrap();
        let mut reply = line(&next, &["Qf6", "Rd7"]);
        reply.score = Score::DRAW;
        let mut best = line(&board, &["Rd7", "h6"]);
        best.score = Score(300);
        assert_eq!(
            why_worse(&board, mv, &next, &best, Some(&reply), &seen, None).0,
            "it allows a draw by repetition: Qf6; Rd7 was better (Rd7 h6)"
        );
    }

    #[test]
    fn where_no_material_or_threat_shows_a_positional_fact_is_said() {
        // Ke2 gives up castling where O-O tucks the king behind three pawns (the king-safety
        // term of the evaluation is what separates the two lines).
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        assert_eq!(
            why(fen, "Ke2", &["O-O", "d6"], &["d6", "d3"]),
            "the answer d6 (d6 d3) gains: White's king can no longer castle; O-O was better (O-O d6)"
        );
        // b4 lets the c3 pawn run, where bxc3 takes it.
        assert_eq!(
            why("4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1", "b4", &["bxc3", "Kd7"], &["c2", "Kd2"]),
            "the answer c2 (c2 Kd2) gains: Black gets a passed pawn on c2; bxc3 was better (bxc3 Kd7)"
        );
    }

    #[test]
    fn a_quiet_reply_that_attacks_a_piece_says_which() {
        // Kf1 does nothing against a6, which attacks the knight on b5 (the bishop guards it from
        // the queen).
        let fen = "r1b1k2r/pppnbppp/4p3/1N1q4/3P4/4BN2/PP2BPPP/R2QK2R w KQkq - 0 12";
        let reply = why(fen, "Kf1", &["O-O", "Nf6"], &["a6", "Nc3", "Qd6"]);
        assert_eq!(reply, "the answer a6 attacks the knight on b5 (a6 Nc3 Qd6); O-O was better (O-O Nf6)");
    }

    #[test]
    fn a_capture_whose_reply_wins_more_counts_from_the_capture() {
        // 5. Nxf7?? of the Blackburne Shilling gambit takes a pawn; Qxg2 and Qxh1+ take a pawn
        // and the rook, and Qxh2 one more pawn: a rook and a pawn in all, from Nxf7 on.
        let fen = "r1b1kbnr/pppp1ppp/8/4N1q1/2BnP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 5";
        assert_eq!(
            why(fen, "Nxf7", &["Bxf7+", "Kd8"], &["Qxg2", "d3", "Qxh1+", "Kd2", "Qxh2"]),
            "it loses a rook and a pawn: Nxf7 Qxg2 d3 Qxh1+ Kd2 Qxh2; Bxf7+ was better (Bxf7+ Kd8)"
        );
    }

    #[test]
    fn a_better_line_that_wins_what_the_move_played_wins_too_is_no_miss() {
        // 64...Kxf1 takes the rook that Rxf1 would have taken: no miss.
        let fen = "8/8/1R5p/6pP/8/8/3K2k1/r4R2 b - - 0 64";
        assert_eq!(
            why(fen, "Kxf1", &["Rxf1", "Rxh6", "Rh1", "Ke3"], &["Rxh6", "g4", "Rg6", "Ra2+"]),
            "it loses a pawn to Rxh6; Rxf1 was better (Rxf1 Rxh6 Rh1 Ke3)"
        );
    }

    #[test]
    fn a_better_line_that_wins_a_piece_is_what_the_move_missed() {
        // Ke2 lets the rook go and gives up a pawn; Nc7+ forks king and rook and Nxa8 wins it.
        let fen = "r3k3/8/8/1N6/8/8/PP6/4K3 w - - 0 1";
        assert_eq!(
            why(fen, "Ke2", &["Nc7+", "Kd7", "Nxa8", "Kc6", "Ke2"], &["Rxa2", "Nc3", "Ra5"]),
            "misses Nc7+, which wins a rook (Nc7+ Kd7 Nxa8); Nc7+ was better (Nc7+ Kd7 Nxa8 Kc6 Ke2)"
        );
        // Where the better move only keeps the pawn, the pawn is the reason.
        assert_eq!(
            why(fen, "Ke2", &["Nc3", "Kd7"], &["Rxa2", "Nc3", "Ra5"]),
            "it loses a pawn to Rxa2; Nc3 was better (Nc3 Kd7)"
        );
    }

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
