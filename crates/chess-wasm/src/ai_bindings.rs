//! The `#[wasm_bindgen]` layer of the AI in the engine's module (the `game` and `engine`
//! features): [`think`] in plain Rust, then its binding, the `Engine` class, the bench and the
//! tables of levels and move classes. The data files, the net and the stop flag, which the review
//! module has too, are in `engine_bindings`; the review in `review_bindings`.

use std::sync::Arc;

use chess_ai::{Ai, Info, Mode, SearchControl};
use wasm_bindgen::prelude::*;

use crate::data::{self, Need};
use crate::engine_bindings::stopped_by;
use crate::{engine, host, js, net, position, serde_text as json, Error, JsPosition};

#[wasm_bindgen(js_class = Position)]
impl JsPosition {
    /// The game's opening as JSON, `{"eco":"C50","name":"Italian Game"}`, from the last named
    /// position the game passed through (`chess_ai::openings`), or `null`. Refused while the
    /// opening names are not loaded ([`data`]).
    pub fn opening(&self) -> Result<String, JsValue> {
        data::require(Need::Openings).map_err(js)?;
        Ok(match chess_ai::openings::classify(self.0.game()) {
            Some((o, ply)) => json(&serde_json::json!({ "eco": o.eco, "name": o.name, "ply": ply })),
            None => "null".to_owned(),
        })
    }
}

/// Think about `position` with `ai` (blocking): the answer as JSON. `report` sees each progress
/// report as JSON; `control`, when there is one, can stop the search. Without one, an infinite
/// search with no other limit is refused: it would never return.
///
/// ```
/// use chess_ai::{Ai, Mode, SearchControl};
/// use chess_wasm::{engine::options_from_json, position::Position};
/// let ai = Ai::new(options_from_json(r#"{"fullStrength": true}"#, 1).unwrap()).unwrap();
/// let game = Position::new(None).unwrap();
/// let endless = chess_wasm::think(&ai, &game, Mode::Analyze, r#"{"infinite": true}"#, None, &mut |_| {});
/// assert!(endless.unwrap_err().to_string().contains("never returns"));
/// let control = SearchControl::new();
/// control.stop(); // from another thread, or a progress report
/// assert!(chess_wasm::think(&ai, &game, Mode::Analyze, r#"{"infinite": true}"#, Some(&control), &mut |_| {}).is_ok());
/// ```
pub fn think(
    ai: &Ai,
    position: &position::Position,
    mode: Mode,
    limits_json: &str,
    control: Option<&SearchControl>,
    report: &mut dyn FnMut(String),
) -> Result<String, Error> {
    data::require(Need::Engine)?;
    position.refuse_when_over()?;
    let read = engine::limits_from_json(limits_json)?;
    if read.endless && control.is_none() {
        return Err(Error::Options(
            "an infinite search with no other limit never returns on the calling thread without a stop flag: \
             pass one (think(game, limits, stop); stop[0] = 1 ends it, from onProgress or another thread), \
             add a limit, or use WorkerAi"
                .into(),
        ));
    }
    let unstoppable = SearchControl::new();
    let control = control.unwrap_or(&unstoppable);
    let limits = if read.unlimited_by_caller { ai.default_limits(mode) } else { read.limits };
    let game = position.game();
    let board = *game.board();
    let castling = game.castling_mode();
    let mut reporter = |info: &Info| report(json(&engine::ProgressJson::new(&board, info, castling)));
    let analysis = ai.think(game, &limits, mode, control, &mut reporter)?;
    Ok(json(&engine::AnalysisJson::new(&board, &analysis, castling)))
}

/// The AI: levels, book, analysis.
#[wasm_bindgen(js_name = Engine)]
pub struct JsEngine(Ai);

#[wasm_bindgen(js_class = Engine)]
impl JsEngine {
    /// An AI with these options (JSON; see API.md).
    #[wasm_bindgen(constructor)]
    pub fn new(options_json: Option<String>) -> Result<JsEngine, JsValue> {
        data::require(Need::Engine).map_err(js)?;
        let options =
            engine::options_from_json(options_json.as_deref().unwrap_or(""), host::random_seed()).map_err(js)?;
        let ai = Ai::new(options).map_err(|e| js(e.into()))?;
        ai.set_time_source(Arc::new(host::HostClock));
        Ok(JsEngine(ai))
    }

    /// Change the options.
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(&mut self, options_json: Option<String>) -> Result<(), JsValue> {
        data::require(Need::Engine).map_err(js)?;
        let options =
            engine::options_from_json(options_json.as_deref().unwrap_or(""), host::random_seed()).map_err(js)?;
        self.0.set_options(options).map_err(|e| js(e.into()))
    }

    /// Forget what earlier searches learned.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self) {
        self.0.new_game();
    }

    /// Think about `position` (blocking). `mode` is `play` or `analyze`; `on_progress` receives
    /// each progress report as JSON; the search stops when `stop[0]` becomes non-zero.
    pub fn think(
        &mut self,
        position: &JsPosition,
        mode: &str,
        limits_json: Option<String>,
        on_progress: Option<js_sys::Function>,
        stop: Option<js_sys::Int32Array>,
    ) -> Result<String, JsValue> {
        let mode = match mode {
            "play" => Mode::Play,
            "analyze" => Mode::Analyze,
            other => return Err(js(Error::Options(format!("mode '{other}': expected 'play' or 'analyze'")))),
        };
        self.use_current_net().map_err(js)?;
        let control = stop.map(stopped_by);
        let mut report = |info: String| {
            if let Some(f) = &on_progress {
                let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&info));
            }
        };
        let limits = limits_json.as_deref().unwrap_or("");
        let answer = think(&self.0, &position.0, mode, limits, control.as_ref(), &mut report);
        host::set_stop_flag(None);
        answer.map_err(js)
    }
}

impl JsEngine {
    /// Search on the package's net as it is now: a net loaded since the options were given
    /// counts from the next search.
    fn use_current_net(&mut self) -> Result<(), Error> {
        let net = net::current();
        if self.0.options().net.as_ref().is_some_and(|n| Arc::ptr_eq(n, &net)) {
            return Ok(());
        }
        let options = chess_ai::AiOptions { net: Some(net), ..self.0.options().clone() };
        Ok(self.0.set_options(options)?)
    }
}

/// Search the bench positions to `depth` on the package's net (the native `chess bench` does the
/// same on its own): JSON `{nodes, timeMs, nps}`. On the same net, the node count equals the
/// native one at the same depth.
#[wasm_bindgen]
pub fn bench(depth: i32) -> Result<String, JsValue> {
    data::require(Need::Engine).map_err(js)?;
    let clock = Arc::new(host::HostClock);
    let eval = chess_ai::bench::BenchEval::Network(net::current());
    let bench = chess_ai::bench::bench(depth.clamp(1, 64), 16, eval, Some(clock), |_, _, _| {});
    let Ok(r) = bench else { return Ok("{\"error\":\"no memory for the table\"}".to_owned()) };
    Ok(format!("{{\"nodes\":{},\"timeMs\":{},\"nps\":{}}}", r.nodes, r.time_ms, r.nps()))
}

/// The largest `hashMb` the engine takes in WebAssembly ([`engine::MAX_WASM_HASH_MB`]).
#[wasm_bindgen(js_name = maxHashMb)]
pub fn max_hash_mb() -> u32 {
    engine::MAX_WASM_HASH_MB as u32
}

/// The classes of a reviewed move as a JSON array, in order from `book` to `missed-win`: each
/// class's name (as a review's plies give it), its title in words and its PGN symbol (`null`
/// where it has none), from chess-ai's one declaration of them.
#[wasm_bindgen(js_name = moveClasses)]
pub fn move_classes() -> String {
    let classes: Vec<_> = chess_ai::review::MoveClass::ALL
        .iter()
        .map(|c| serde_json::json!({ "class": c.name(), "title": c.title(), "symbol": c.symbol() }))
        .collect();
    json(&classes)
}

/// What a front end asks the engine beside its moves, as JSON, from chess-ai's one owner of them
/// ([`chess_ai::assist`]): `hintMoveTimeMs` (how long a hint thinks), `drawOfferMoveTimeMs` (how
/// long the engine thinks about a draw offer) and `drawFromMove` (the first move number at which
/// it considers one).
#[wasm_bindgen]
pub fn assist() -> String {
    use chess_ai::assist::{DRAW_FROM_MOVE, DRAW_OFFER_MOVE_TIME_MS, HINT_MOVE_TIME_MS};
    json(&serde_json::json!({
        "hintMoveTimeMs": HINT_MOVE_TIME_MS,
        "drawOfferMoveTimeMs": DRAW_OFFER_MOVE_TIME_MS,
        "drawFromMove": DRAW_FROM_MOVE,
    }))
}

/// The engine's answer to a draw offered at move `full_move`, from its search's score of the
/// position in centipawns (`None`: no score, or a mate), as JSON: `{"answer": "too-early",
/// "fromMove": 30}`, `{"answer": "accepts"}` or `{"answer": "declines"}`
/// ([`chess_ai::assist::answer_draw_offer`]).
#[wasm_bindgen(js_name = answerDrawOffer)]
pub fn answer_draw_offer(full_move: u16, cp: Option<f64>) -> String {
    use chess_ai::assist::DrawAnswer;
    // Centipawns as JavaScript has them (a number: an i32 would wrap 1e10 at the boundary), never
    // read as a mate however large (the package refuses what is not finite); rounded as
    // JavaScript's Math.round does (halves up).
    let most = chess_eval::Score::MATE_BOUND.0 - 1;
    let cp = cp.map(|cp| chess_eval::Score((cp + 0.5).floor().clamp(f64::from(-most), f64::from(most)) as i32));
    match chess_ai::assist::answer_draw_offer(full_move, cp) {
        DrawAnswer::TooEarly { from_move } => {
            json(&serde_json::json!({ "answer": "too-early", "fromMove": from_move }))
        }
        answer => json(&serde_json::json!({ "answer": answer.name() })),
    }
}

/// The levels 1 to 5 as a JSON array, from chess-ai's one table of anchors: each level's number,
/// the Elo it is calibrated to, its search budget (`depth` or `nodes`, `null` when the level
/// has none), which is what an analysis "at this level" searches, and its table size in MiB.
#[wasm_bindgen]
pub fn levels() -> String {
    let levels: Vec<_> = (1..)
        .zip(chess_ai::ANCHORS)
        .map(|(level, profile)| {
            serde_json::json!({ "level": level, "elo": profile.elo, "depth": profile.depth, "nodes": profile.nodes, "hashMb": profile.hash_mb })
        })
        .collect();
    json(&levels)
}
