//! The review's JSON form, one owner for every place that writes it (`chess review --json`, the
//! npm package's `review`): versioned by [`SCHEMA`], described in `docs/review.md`. Its
//! [`ScoreJson`] is also the score of the npm package's analyses.

use chess_core::Color;
use chess_eval::Score;
use serde::Serialize;

use super::{MoveClass, PlyReview, Review, SideSummary};

/// The schema's name and version: a change that renames or removes a field bumps it.
pub const SCHEMA: &str = "chess-review/1";

/// A score: `{"cp": n}` or `{"mate": n}` (moves; negative when the side is being mated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves.
    Mate(i32),
}

impl From<Score> for ScoreJson {
    /// A score from the side to move's point of view, as that side sees it.
    fn from(score: Score) -> Self {
        match score.mate_moves() {
            Some(moves) => ScoreJson::Mate(moves),
            None => ScoreJson::Cp(score.0),
        }
    }
}

impl ScoreJson {
    /// A White's-view score in a position where `to_move` moves, from White's point of view
    /// (mates counted in moves: `{"mate": -2}`, Black mates in 2).
    pub fn white(white: Score, to_move: Color) -> ScoreJson {
        match super::white_mate_moves(white, to_move) {
            Some(moves) => ScoreJson::Mate(moves),
            None => ScoreJson::Cp(white.0),
        }
    }
}

/// One decimal: enough for a percentage, and stable text for snapshots.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReviewJson<'a> {
    schema: &'static str,
    white: SideJson,
    black: SideJson,
    key_moments: &'a [usize],
    opening: Option<OpeningJson>,
    plies: Vec<PlyJson<'a>>,
}

#[derive(Serialize)]
struct OpeningJson {
    eco: &'static str,
    name: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SideJson {
    accuracy: f64,
    acpl: f64,
    counts: serde_json::Map<String, serde_json::Value>,
}

impl From<&SideSummary> for SideJson {
    fn from(s: &SideSummary) -> Self {
        let counts = MoveClass::ALL.iter().map(|&c| (c.name().to_string(), s.count(c).into())).collect();
        SideJson { accuracy: tenth(s.accuracy), acpl: tenth(s.acpl), counts }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlyJson<'a> {
    ply: usize,
    color: &'static str,
    san: &'a str,
    uci: String,
    score_before: ScoreJson,
    score_after: ScoreJson,
    win_before: f64,
    win_after: f64,
    accuracy: f64,
    class: &'static str,
    symbol: Option<&'static str>,
    best: Option<BestJson<'a>>,
    why: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BestJson<'a> {
    san: &'a str,
    uci: &'a str,
    score: ScoreJson,
    pv_san: &'a [String],
}

impl<'a> From<&'a PlyReview> for PlyJson<'a> {
    fn from(p: &'a PlyReview) -> Self {
        let white = |mover: Score| ScoreJson::white(super::mover_view(mover, p.color), p.color);
        PlyJson {
            ply: p.ply,
            color: p.color.as_str(),
            san: &p.san,
            uci: p.mv.to_string(),
            score_before: ScoreJson::white(p.score_before, p.color),
            score_after: ScoreJson::white(p.score_after, !p.color),
            win_before: tenth(p.win_before),
            win_after: tenth(p.win_after),
            accuracy: tenth(p.accuracy),
            class: p.class.name(),
            symbol: p.class.symbol(),
            best: p.best.as_ref().map(|b| BestJson {
                san: &b.san,
                uci: &b.uci,
                score: white(b.score),
                pv_san: &b.pv_san,
            }),
            why: p.why.as_deref(),
        }
    }
}

impl Review {
    /// The review as JSON ([`SCHEMA`]): scores from White's point of view, Win% and accuracy
    /// to one decimal, class names as [`MoveClass::name`].
    ///
    /// ```
    /// use chess_ai::review::{review, ReviewOptions};
    /// use chess_ai::SearchControl;
    /// use chess_core::Game;
    ///
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let options = ReviewOptions { nodes: 5_000, book_plies: 0, ..ReviewOptions::default() };
    /// let json = review(&game, &options, &SearchControl::new(), &mut |_, _| {}).unwrap().to_json();
    /// let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    /// assert_eq!(v["schema"], "chess-review/1");
    /// assert_eq!(v["plies"][2]["san"], "g4");
    /// assert_eq!(v["plies"][2]["class"], "blunder");
    /// assert_eq!(v["plies"][2]["best"]["score"]["cp"].as_i64().map(|cp| cp > -300), Some(true));
    /// assert_eq!(v["plies"][2]["why"].as_str().map(|w| w.starts_with("allows mate in 1")), Some(true));
    /// assert_eq!(v["plies"][3]["class"], "best");
    /// assert!(v["black"]["accuracy"].as_f64() > v["white"]["accuracy"].as_f64());
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_json_value()).expect("a review serialises")
    }

    /// The review as a [`serde_json::Value`] ([`to_json`](Self::to_json)'s), for callers that
    /// put it inside a larger document.
    pub fn to_json_value(&self) -> serde_json::Value {
        let json = ReviewJson {
            schema: SCHEMA,
            white: (&self.white).into(),
            black: (&self.black).into(),
            key_moments: &self.key_moments,
            opening: self.opening.map(|o| OpeningJson { eco: o.eco, name: o.name }),
            plies: self.plies.iter().map(PlyJson::from).collect(),
        };
        serde_json::to_value(json).expect("a review serialises")
    }
}
