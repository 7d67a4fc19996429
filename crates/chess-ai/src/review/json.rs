//! The review's JSON form, one owner for every place that writes it (`chess review --json`, the
//! npm package's `review`): versioned by [`SCHEMA`], described in `docs/review.md`. Its
//! [`ScoreJson`] is also the score of the npm package's analyses.

use chess_core::{Board, Color, Game, Move, Role, Square};
use chess_eval::Score;
use serde::Serialize;

use super::{Claim, ClaimKind, MoveClass, PlyReview, Review, SideSummary};
use crate::openings::classify;
use crate::AnalysisLine;

/// The schema's name and version: a change that renames or removes a field bumps it. Version 2
/// names a mate's moves `moves` (`{"kind": "mate", "moves": 2}`), where version 1 wrote `mate`.
pub const SCHEMA: &str = "chess-review/2";

/// The schemas [`Review::from_json`] reads: this one and the first (whose mates are
/// `{"mate": n}`), so that a review saved before still reads; it is written back in [`SCHEMA`].
pub const READABLE_SCHEMAS: [&str; 2] = ["chess-review/1", SCHEMA];

/// A score: `{"kind": "cp", "cp": n}` or `{"kind": "mate", "moves": n}` (negative when the side
/// is being mated). `kind` names the one other field, so that a TypeScript reader narrows
/// on it (a discriminated union); readers of the schema take a score without it too.
///
/// ```
/// use chess_ai::review::json::ScoreJson;
/// assert_eq!(serde_json::to_string(&ScoreJson::Cp(-28)).unwrap(), r#"{"kind":"cp","cp":-28}"#);
/// assert_eq!(serde_json::to_string(&ScoreJson::Mate(2)).unwrap(), r#"{"kind":"mate","moves":2}"#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreJson {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves.
    Mate(i32),
}

impl Serialize for ScoreJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let (kind, field, value) = match *self {
            ScoreJson::Cp(cp) => ("cp", "cp", cp),
            ScoreJson::Mate(moves) => ("mate", "moves", moves),
        };
        let mut out = serializer.serialize_struct("Score", 2)?;
        out.serialize_field("kind", kind)?;
        out.serialize_field(field, &value)?;
        out.end()
    }
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
    /// (mates counted in moves: `{"kind": "mate", "moves": -2}`, Black mates in 2).
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
    claim: Option<ClaimJson<'a>>,
}

/// A reason's claim (`super::claim`): its kind, which line shows it (`played`: the move played
/// and the refutation; `better`: the better move and its line), that line from the position
/// before the move, the plies within which it happens, the material in pawns, the moves to mate,
/// the piece it names, and the fact in words without the better move.
#[derive(Serialize)]
struct ClaimJson<'a> {
    kind: &'static str,
    line: &'static str,
    uci: Vec<String>,
    san: &'a [String],
    plies: usize,
    material: i32,
    mate: Option<i32>,
    piece: Option<String>,
    square: Option<String>,
    reason: &'a str,
}

impl<'a> From<&'a Claim> for ClaimJson<'a> {
    fn from(c: &'a Claim) -> Self {
        ClaimJson {
            kind: c.kind.name(),
            line: if c.kind.on_better_line() { "better" } else { "played" },
            uci: c.line.iter().map(Move::to_string).collect(),
            san: &c.san,
            plies: c.plies,
            material: c.material,
            mate: c.mate,
            piece: c.piece.map(|(role, _)| role.to_string()),
            square: c.piece.map(|(_, sq)| sq.to_string()),
            reason: &c.reason,
        }
    }
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
            claim: p.claim.as_ref().map(ClaimJson::from),
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
    /// assert_eq!(v["schema"], "chess-review/2");
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

/// Why a review's JSON cannot be read back as a review of a given game
/// ([`Review::from_json`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReviewJsonError {
    /// Not JSON of this schema (serde's words, with where).
    #[error("not a review of schema {SCHEMA}: {0}")]
    Schema(String),
    /// The review is of another game, or of this one changed since: the first ply that differs.
    #[error("the review is not of this game: {0}")]
    OtherGame(String),
}

impl From<ScoreJson> for Score {
    /// The score from the side to move's point of view that [`ScoreJson::from`] writes as `json`
    /// (a mate at the shortest ply count its moves allow).
    fn from(json: ScoreJson) -> Score {
        match json {
            ScoreJson::Cp(cp) => Score(cp),
            ScoreJson::Mate(moves) if moves > 0 => Score::mate_in(2 * moves - 1),
            ScoreJson::Mate(moves) => Score::mated_in(-2 * moves),
        }
    }
}

impl ScoreJson {
    /// The White's-view score that [`ScoreJson::white`] writes as `self` in a position where
    /// `to_move` moves.
    fn white_score(self, to_move: Color) -> Score {
        match self {
            ScoreJson::Cp(cp) => Score(cp),
            // Moves to mate from White's view: the mover's are the same for White, negated for Black.
            ScoreJson::Mate(moves) => {
                let mover = if to_move == Color::White { moves } else { -moves };
                super::mover_view(Score::from(ScoreJson::Mate(mover)), to_move)
            }
        }
    }
}

/// One value of a review being read, with its path for the errors (`plies[2].best.san`). The
/// reader walks a `serde_json::Value` rather than derived `Deserialize` types, which made the
/// wasm module 106 KB larger where this makes it 61 KB larger.
struct At<'a> {
    value: &'a serde_json::Value,
    path: String,
}

impl<'a> At<'a> {
    fn wrong(&self, what: &str) -> ReviewJsonError {
        let path = if self.path.is_empty() { "the review" } else { &self.path };
        ReviewJsonError::Schema(format!("{path}: {what}"))
    }

    fn child(&self, value: &'a serde_json::Value, name: &str) -> At<'a> {
        let path = if self.path.is_empty() { name.to_owned() } else { format!("{}.{name}", self.path) };
        At { value, path }
    }

    /// The field `name`, or `None` when it is absent or null.
    fn get(&self, name: &str) -> Option<At<'a>> {
        self.value.get(name).filter(|v| !v.is_null()).map(|v| self.child(v, name))
    }

    /// The field `name`, which must be there.
    fn field(&self, name: &str) -> Result<At<'a>, ReviewJsonError> {
        self.get(name).ok_or_else(|| self.wrong(&format!("no {name}")))
    }

    fn str(&self) -> Result<&'a str, ReviewJsonError> {
        self.value.as_str().ok_or_else(|| self.wrong("expected a string"))
    }

    /// A number within `range` (a Win% or an accuracy is 0 to 100, an average centipawn loss
    /// 0 to 2,000): what a review holds, and what its JSON writes back the same.
    fn f64_in(&self, range: std::ops::RangeInclusive<f64>) -> Result<f64, ReviewJsonError> {
        let n = self.value.as_f64().ok_or_else(|| self.wrong("expected a number"))?;
        if !range.contains(&n) {
            return Err(self.wrong(&format!("{n} is not within {} to {}", range.start(), range.end())));
        }
        Ok(n)
    }

    fn usize(&self) -> Result<usize, ReviewJsonError> {
        self.value.as_u64().and_then(|n| usize::try_from(n).ok()).ok_or_else(|| self.wrong("expected a whole number"))
    }

    /// The elements of an array, each with its path.
    fn items(&self) -> Result<Vec<At<'a>>, ReviewJsonError> {
        let items = self.value.as_array().ok_or_else(|| self.wrong("expected an array"))?;
        Ok(items.iter().enumerate().map(|(i, v)| At { value: v, path: format!("{}[{i}]", self.path) }).collect())
    }

    /// `{"cp": n}` or `{"moves": n}` (a mate; `{"mate": n}` in schema version 1), with or without
    /// the `kind` that says which: a score a search gives, centipawns short of the mate scores, a
    /// mate within [`Score::MAX_PLY`] plies (128 moves).
    fn score(&self) -> Result<ScoreJson, ReviewJsonError> {
        let int = |v: &serde_json::Value| v.as_i64().and_then(|n| i32::try_from(n).ok());
        let max_mate = (Score::MAX_PLY + 1) / 2;
        let mate = self.value.get("moves").or_else(|| self.value.get("mate"));
        if let Some(kind) = self.value.get("kind") {
            let names_its_field = match kind.as_str() {
                Some("cp") => self.value.get("cp").is_some(),
                Some("mate") => mate.is_some(),
                _ => false,
            };
            if !names_its_field {
                return Err(self.wrong(r#"a "kind" that is not "cp" or "mate", or names no field"#));
            }
        }
        match (self.value.get("cp").map(int), mate.map(int)) {
            (Some(Some(cp)), None) if cp.unsigned_abs() < Score::MATE_BOUND.0.unsigned_abs() => Ok(ScoreJson::Cp(cp)),
            (None, Some(Some(moves))) if (-max_mate..=max_mate).contains(&moves) => Ok(ScoreJson::Mate(moves)),
            (Some(Some(_)), None) | (None, Some(Some(_))) => Err(self.wrong(&format!(
                "a score out of range (centipawns within ±{}, mates within {max_mate} moves)",
                Score::MATE_BOUND.0 - 1
            ))),
            _ => Err(self.wrong(r#"expected {"kind": "cp", "cp": n} or {"kind": "mate", "moves": n}"#)),
        }
    }

    /// A reason's claim about the move `played` in `board` (`better`: the better move, when the
    /// review names one): its line must start with the move its kind is about and be legal.
    fn claim(&self, board: &Board, played: Move, better: Option<Move>) -> Result<Claim, ReviewJsonError> {
        let name = self.field("kind")?.str()?;
        let kind = ClaimKind::from_name(name).ok_or_else(|| self.wrong(&format!("no claim is named {name:?}")))?;
        let side = if kind.on_better_line() { "better" } else { "played" };
        if self.field("line")?.str()? != side {
            return Err(self.wrong(&format!("a {name} claim is shown by the {side} line")));
        }
        let mut b = *board;
        let mut line = Vec::new();
        for at in self.field("uci")?.items()? {
            let uci = at.str()?;
            let mv = b
                .parse_uci(uci)
                .ok()
                .filter(|&m| b.is_legal(m))
                .ok_or_else(|| at.wrong(&format!("{uci} is not legal there")))?;
            b.play(mv);
            line.push(mv);
        }
        let first = if kind.on_better_line() { better } else { Some(played) };
        if line.is_empty() || line.first().copied() != first {
            return Err(self.wrong(&format!("its line does not start with the {side} move")));
        }
        let san = board.san_line(&line);
        let given = self.field("san")?.items()?.iter().map(At::str).collect::<Result<Vec<_>, _>>()?;
        if given != san {
            return Err(self.wrong("its SAN is not its line's"));
        }
        let int = |at: At<'_>, range: std::ops::RangeInclusive<i64>| {
            at.value
                .as_i64()
                .filter(|n| range.contains(n))
                .map(|n| n as i32)
                .ok_or_else(|| at.wrong("expected a whole number in range"))
        };
        let piece = match (self.get("piece"), self.get("square")) {
            (None, None) => None,
            (Some(p), Some(q)) => {
                let (role_name, square) = (p.str()?, q.str()?);
                let role = Role::ALL.into_iter().find(|r| r.to_string() == role_name);
                let role = role.ok_or_else(|| p.wrong(&format!("no piece is named {role_name:?}")))?;
                let square = square.parse::<Square>().map_err(|_| q.wrong(&format!("{square:?} is no square")))?;
                Some((role, square))
            }
            _ => return Err(self.wrong("a piece without its square, or a square without its piece")),
        };
        let plies = self.field("plies")?.usize()?;
        if !(1..=line.len()).contains(&plies) {
            return Err(self.wrong(&format!("{plies} plies is not within its line of {}", line.len())));
        }
        Ok(Claim {
            kind,
            line,
            san,
            plies,
            material: int(self.field("material")?, -100..=100)?,
            mate: self.get("mate").map(|m| int(m, 0..=i64::from(Score::MAX_PLY))).transpose()?,
            piece,
            reason: self.get("reason").map(|r| r.str().map(str::to_owned)).transpose()?.unwrap_or_default(),
        })
    }

    fn class(&self) -> Result<MoveClass, ReviewJsonError> {
        let name = self.str()?;
        MoveClass::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| self.wrong(&format!("no class is named {name:?}")))
    }

    fn summary(&self) -> Result<SideSummary, ReviewJsonError> {
        let counts_at = self.field("counts")?;
        let mut counts = [0; 9];
        for (count, class) in counts.iter_mut().zip(MoveClass::ALL) {
            *count = counts_at.get(class.name()).map(|n| n.usize()).transpose()?.unwrap_or(0);
        }
        Ok(SideSummary {
            accuracy: self.field("accuracy")?.f64_in(0.0..=100.0)?,
            acpl: self.field("acpl")?.f64_in(0.0..=2_000.0)?,
            counts,
        })
    }
}

impl Review {
    /// Reads back a review of `game` from its JSON ([`to_json`](Self::to_json)'s, schema
    /// [`SCHEMA`]), to annotate the game with it ([`annotate`](Self::annotate)) where only the
    /// JSON was kept (a page's saved review, a `chess review --jsonl` line). Each ply must be the
    /// game's move at that ply, and the better moves and their lines legal where they stand; the
    /// review's text is taken as written. `to_json` of what it reads gives the same JSON back.
    ///
    /// ```
    /// use chess_ai::review::{review, Review, ReviewOptions};
    /// use chess_ai::SearchControl;
    /// use chess_core::Game;
    ///
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let options = ReviewOptions { nodes: 5_000, book_plies: 0, ..ReviewOptions::default() };
    /// let json = review(&game, &options, &SearchControl::new(), &mut |_, _| {}).unwrap().to_json();
    /// assert_eq!(Review::from_json(&json, &game).unwrap().to_json(), json);
    ///
    /// let mut other = Game::new();
    /// other.play_san("e4").unwrap();
    /// let err = Review::from_json(&json, &other).unwrap_err();
    /// assert_eq!(err.to_string(), "the review is not of this game: ply 1 is f3 in the review, e4 in the game");
    /// ```
    pub fn from_json(text: &str, game: &Game) -> Result<Review, ReviewJsonError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ReviewJsonError::Schema(e.to_string()))?;
        Review::from_json_value(&value, game)
    }

    /// [`from_json`](Self::from_json) of a review already parsed (inside a larger document, where
    /// [`to_json_value`](Self::to_json_value) puts one).
    pub fn from_json_value(value: &serde_json::Value, game: &Game) -> Result<Review, ReviewJsonError> {
        let root = At { value, path: String::new() };
        let schema = root.field("schema")?.str()?;
        if !READABLE_SCHEMAS.contains(&schema) {
            return Err(ReviewJsonError::Schema(format!("its schema is {schema:?}")));
        }
        let other = |text: String| Err(ReviewJsonError::OtherGame(text));
        let (positions, moves) = (game.positions(), game.moves());
        let mut plies = Vec::new();
        for (i, at) in root.field("plies")?.items()?.into_iter().enumerate() {
            let (ply, played) = (at.field("ply")?.usize()?, at.field("san")?.str()?);
            if ply != i + 1 {
                return Err(at.wrong(&format!("ply {ply} where ply {} was due", i + 1)));
            }
            let Some(&mv) = moves.get(i) else {
                return other(format!("ply {ply} is {played} in the review; the game has {} plies", moves.len()));
            };
            let board = &positions[i];
            let san = board.san(mv);
            if san != played {
                return other(format!("ply {ply} is {played} in the review, {san} in the game"));
            }
            let color = board.side_to_move();
            let best = match at.get("best") {
                None => None,
                Some(b) => {
                    let best_san = b.field("san")?.str()?;
                    let sans = b.field("pvSan")?.items()?.iter().map(At::str).collect::<Result<Vec<_>, _>>()?;
                    let pv = line(board, &sans)
                        .map_err(|e| ReviewJsonError::OtherGame(format!("ply {ply}: the better line {e}")))?;
                    if pv.first().map(|&m| board.san(m)).as_deref() != Some(best_san) {
                        return other(format!("ply {ply}: the better move {best_san} does not start its line"));
                    }
                    let score = super::mover_view(b.field("score")?.score()?.white_score(color), color);
                    Some(AnalysisLine::new(board, game.castling_mode(), score, chess_search::Bound::Exact, pv))
                }
            };
            let best_move = best.as_ref().map(|b: &AnalysisLine| b.mv);
            plies.push(PlyReview {
                ply,
                color,
                mv,
                san,
                score_before: at.field("scoreBefore")?.score()?.white_score(color),
                score_after: at.field("scoreAfter")?.score()?.white_score(!color),
                win_before: at.field("winBefore")?.f64_in(0.0..=100.0)?,
                win_after: at.field("winAfter")?.f64_in(0.0..=100.0)?,
                accuracy: at.field("accuracy")?.f64_in(0.0..=100.0)?,
                class: at.field("class")?.class()?,
                best,
                why: at.get("why").map(|w| w.str().map(str::to_owned)).transpose()?,
                claim: at.get("claim").map(|c| c.claim(board, mv, best_move)).transpose()?,
            });
        }
        let opening = match root.get("opening") {
            None => None,
            Some(o) => {
                let (eco, name) = (o.field("eco")?.str()?, o.field("name")?.str()?);
                match classify(game) {
                    Some((found, _)) if found.eco == eco && found.name == name => Some(found),
                    _ => return other(format!("its opening is {eco} {name}, not this game's")),
                }
            }
        };
        // A key moment names a ply of the review (from 1): one past them would be read out of bounds.
        let mut key_moments = Vec::new();
        for at in root.field("keyMoments")?.items()? {
            let ply = at.usize()?;
            if !(1..=plies.len()).contains(&ply) {
                return Err(at.wrong(&format!("ply {ply} is not a ply of the review (1 to {})", plies.len())));
            }
            key_moments.push(ply);
        }
        Ok(Review {
            white: root.field("white")?.summary()?,
            black: root.field("black")?.summary()?,
            plies,
            key_moments,
            opening,
        })
    }
}

/// The moves of a line written in SAN from `board`, each legal where it stands.
fn line(board: &Board, sans: &[&str]) -> Result<Vec<Move>, String> {
    let mut at = *board;
    let mut out = Vec::with_capacity(sans.len());
    for san in sans {
        let mv = at.parse_san(san).map_err(|e| format!("has {san}, which cannot be played there: {e}"))?;
        at.play_unchecked(mv);
        out.push(mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{MoveClass, PlyReview, SideSummary};

    /// The JSON of a review of 1. e4 (one ply, scores `before` and `after`), as a value to edit.
    fn review_of_e4(before: Score, after: Score) -> (Game, serde_json::Value) {
        let mut game = Game::new();
        let mv = game.play_san("e4").unwrap();
        let summary = || SideSummary { accuracy: 100.0, acpl: 0.0, counts: [0, 0, 1, 0, 0, 0, 0, 0, 0] };
        let ply = PlyReview {
            ply: 1,
            color: Color::White,
            mv,
            san: "e4".to_owned(),
            score_before: before,
            score_after: after,
            win_before: 51.8,
            win_after: 51.8,
            accuracy: 100.0,
            class: MoveClass::Best,
            best: None,
            why: None,
            claim: None,
        };
        let review =
            Review { plies: vec![ply], white: summary(), black: summary(), key_moments: vec![1], opening: None };
        (game, review.to_json_value())
    }

    #[test]
    fn scores_and_numbers_out_of_a_reviews_range_are_refused() {
        // Found by the fuzz target `review_json`: a centipawn score of i32::MIN, or a mate in
        // i32::MAX moves, overflowed when made a score; an accuracy of 1e308 was written back as
        // null (its tenth is infinite), so the review's own JSON did not read back.
        let (game, json) = review_of_e4(Score(20), Score(20));
        let read = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut json = json.clone();
            edit(&mut json);
            Review::from_json(&json.to_string(), &game).map(|r| r.to_json())
        };
        let out_of_range = |edit: &dyn Fn(&mut serde_json::Value), path: &str| {
            let err = read(edit).unwrap_err().to_string();
            assert!(err.starts_with(&format!("not a review of schema chess-review/2: {path}: ")), "{err}");
        };
        out_of_range(&|j| j["plies"][0]["scoreBefore"] = serde_json::json!({"cp": i32::MIN}), "plies[0].scoreBefore");
        out_of_range(&|j| j["plies"][0]["scoreAfter"] = serde_json::json!({"cp": 31_744}), "plies[0].scoreAfter");
        out_of_range(&|j| j["plies"][0]["scoreBefore"] = serde_json::json!({"mate": i32::MAX}), "plies[0].scoreBefore");
        out_of_range(&|j| j["plies"][0]["scoreAfter"] = serde_json::json!({"mate": -129}), "plies[0].scoreAfter");
        out_of_range(&|j| j["white"]["accuracy"] = serde_json::json!(1e308), "white.accuracy");
        out_of_range(&|j| j["black"]["acpl"] = serde_json::json!(-1.0), "black.acpl");
        out_of_range(&|j| j["plies"][0]["winAfter"] = serde_json::json!(100.5), "plies[0].winAfter");
        out_of_range(&|j| j["keyMoments"] = serde_json::json!([2]), "keyMoments[0]");
        // The edges of the ranges are read, and written back as read.
        for (score, edge) in [
            ("scoreBefore", serde_json::json!({"kind": "cp", "cp": 31_743})),
            ("scoreBefore", serde_json::json!({"kind": "cp", "cp": -31_743})),
            ("scoreAfter", serde_json::json!({"kind": "mate", "moves": 128})),
            ("scoreAfter", serde_json::json!({"kind": "mate", "moves": -128})),
        ] {
            let mut edited = json.clone();
            edited["plies"][0][score] = edge.clone();
            let written = read(&|j| j["plies"][0][score] = edge.clone()).unwrap();
            assert_eq!(written, edited.to_string(), "{score} {edge}");
        }
        let written = read(&|j| j["black"]["acpl"] = serde_json::json!(2000.0)).unwrap();
        assert!(written.contains(r#""acpl":2000.0"#), "{written}");
    }

    #[test]
    fn a_scores_kind_is_written_and_checked_and_may_be_missing() {
        let (game, json) = review_of_e4(Score(20), Score(-35));
        assert_eq!(json["plies"][0]["scoreBefore"], serde_json::json!({"kind": "cp", "cp": 20}));
        let read = |score: serde_json::Value| {
            let mut json = json.clone();
            json["plies"][0]["scoreAfter"] = score;
            Review::from_json(&json.to_string(), &game).map(|r| r.to_json_value()["plies"][0]["scoreAfter"].clone())
        };
        // A review saved before scores had a kind reads, and is written with it.
        assert_eq!(read(serde_json::json!({"mate": 3})).unwrap(), serde_json::json!({"kind": "mate", "moves": 3}));
        // Schema version 1 named a mate's moves `mate`: such a review reads, and is written anew.
        assert_eq!(
            read(serde_json::json!({"kind": "mate", "mate": -2})).unwrap(),
            serde_json::json!({"kind": "mate", "moves": -2})
        );
        let mut first = json.clone();
        first["schema"] = serde_json::json!("chess-review/1");
        first["plies"][0]["scoreAfter"] = serde_json::json!({"kind": "mate", "mate": 4});
        let again = Review::from_json(&first.to_string(), &game).unwrap().to_json_value();
        assert_eq!(
            (again["schema"].as_str(), &again["plies"][0]["scoreAfter"]),
            (Some(SCHEMA), &serde_json::json!({"kind": "mate", "moves": 4}))
        );
        for wrong in [
            serde_json::json!({"kind": "mate", "cp": 20}),
            serde_json::json!({"kind": "cp", "mate": 3}),
            serde_json::json!({"kind": "cp", "moves": 3}),
            serde_json::json!({"kind": "pawns", "cp": 20}),
            serde_json::json!({"kind": 1, "cp": 20}),
        ] {
            let err = read(wrong.clone()).unwrap_err().to_string();
            assert!(err.contains("plies[0].scoreAfter") && err.contains("kind"), "{wrong}: {err}");
        }
    }

    #[test]
    fn a_claim_is_written_and_read_back_and_a_wrong_one_is_refused() {
        let mut game = Game::new();
        for san in ["f3", "e5", "g4", "Qh4#"] {
            game.play_san(san).unwrap();
        }
        let options = crate::review::ReviewOptions { nodes: 20_000, book_plies: 0, ..Default::default() };
        let review = crate::review::review(&game, &options, &crate::SearchControl::new(), &mut |_, _| {}).unwrap();
        let json = review.to_json_value();
        let claim = &json["plies"][2]["claim"];
        assert_eq!(claim["kind"], "allows-mate", "{json}");
        assert_eq!(claim["line"], "played");
        assert_eq!(claim["uci"], serde_json::json!(["g2g4", "d8h4"]));
        assert_eq!(claim["san"], serde_json::json!(["g4", "Qh4#"]));
        assert_eq!(claim["reason"], "allows mate in 1: Qh4#");
        assert_eq!((claim["mate"].as_i64(), claim["piece"].is_null()), (Some(1), true));
        assert_eq!(Review::from_json(&json.to_string(), &game).unwrap().to_json(), review.to_json());
        let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut json = json.clone();
            edit(&mut json);
            Review::from_json(&json.to_string(), &game).unwrap_err().to_string()
        };
        let at = "plies[2].claim";
        assert!(refused(&|j| j["plies"][2]["claim"]["kind"] = "wins".into()).contains(at));
        assert!(refused(&|j| j["plies"][2]["claim"]["line"] = "better".into()).contains("shown by the played line"));
        assert!(refused(&|j| j["plies"][2]["claim"]["uci"][1] = "d8h5".into()).contains("d8h5 is not legal there"));
        assert!(refused(&|j| j["plies"][2]["claim"]["uci"][0] = "e2e4".into())
            .contains("does not start with the played move"));
        assert!(refused(&|j| j["plies"][2]["claim"]["san"][1] = "Qh4".into()).contains("its SAN is not its line's"));
        assert!(refused(&|j| j["plies"][2]["claim"]["plies"] = 3.into()).contains("not within its line of 2"));
        assert!(refused(&|j| j["plies"][2]["claim"]["piece"] = "knight".into()).contains("without its square"));
        assert!(refused(&|j| j["plies"][2]["claim"]["material"] = 1000.into()).contains("in range"));
    }
}
