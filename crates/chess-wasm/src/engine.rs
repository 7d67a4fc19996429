//! The AI as JavaScript configures it: options and limits read from JSON into
//! [`chess_ai::AiOptions`] and [`chess_ai::Limits`], and answers written back as JSON
//! ([`AnalysisJson`], [`ProgressJson`]).

use chess_ai::review::json::ScoreJson;
use chess_ai::{AiOptions, Analysis, AnalysisLine, DepthOptions, Strength};
use chess_ai::{Bound, Clock, Info, Limits};
use chess_core::Board;
use chess_eval::Score;
use serde::{Deserialize, Serialize};

use crate::error::Error;

/// The options JavaScript passes (every field optional).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptionsJson {
    level: Option<u8>,
    elo: Option<u32>,
    full_strength: Option<bool>,
    move_time_ms: Option<u64>,
    nodes: Option<u64>,
    depth: Option<i32>,
    hash_mb: Option<u64>,
    depth_options: Option<DepthOptionsJson>,
    randomness: Option<i32>,
    seed: Option<u64>,
    multi_pv: Option<usize>,
    book: Option<bool>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DepthOptionsJson {
    base: Option<i32>,
    extended: Option<i32>,
    check: Option<bool>,
    quiescence: Option<i32>,
}

/// The largest transposition table the engine takes in WebAssembly, in MiB. A wasm32 module has
/// at most 4 GiB of memory, and one allocation at most 2 GiB (`isize::MAX`); a gigabyte leaves
/// room for the rest, where browsers give that much at all. It is chess-search's own limit on
/// 32-bit targets; checked here so that the native tests of this crate see the wasm limit too.
pub const MAX_WASM_HASH_MB: u64 = 1024;

#[cfg(target_pointer_width = "32")]
const _: () = assert!(MAX_WASM_HASH_MB as usize == chess_ai::MAX_HASH_MB, "one limit for wasm32");

/// `hashMb` checked against what wasm32 can hold (the one place the limit is checked).
fn hash_mb(mb: Option<u64>) -> Result<Option<usize>, Error> {
    match mb {
        None => Ok(None),
        Some(mb) if mb <= MAX_WASM_HASH_MB => Ok(Some(mb as usize)),
        Some(mb) => Err(Error::Options(format!(
            "hashMb must be between 0 and {MAX_WASM_HASH_MB} in WebAssembly (MiB), got {mb}"
        ))),
    }
}

/// Read options from JSON (an empty text means the defaults); `seed` is used when the JSON gives
/// none. The result is validated.
pub fn options_from_json(json: &str, seed: u64) -> Result<AiOptions, Error> {
    let o: OptionsJson = if json.trim().is_empty() { OptionsJson::default() } else { read_json(json)? };
    let hash_mb = hash_mb(o.hash_mb)?;
    let strength = match (o.level, o.elo, o.full_strength) {
        (Some(_), Some(_), _) | (Some(_), _, Some(true)) | (_, Some(_), Some(true)) => {
            return Err(Error::Options("give one of level, elo and fullStrength, not several".into()))
        }
        (Some(level), _, _) => Strength::Level(level),
        (_, Some(elo), _) => Strength::Elo(elo),
        (_, _, Some(true)) => Strength::Full,
        _ => Strength::default(),
    };
    let d = o.depth_options.unwrap_or_default();
    let options = AiOptions {
        strength,
        move_time_ms: o.move_time_ms,
        nodes: o.nodes,
        depth: o.depth,
        hash_mb,
        depth_options: DepthOptions {
            base: d.base,
            adaptive_extension: d.extended,
            check_extension: d.check,
            quiescence: d.quiescence,
        },
        randomness_cp: o.randomness,
        seed: Some(o.seed.unwrap_or(seed)),
        multi_pv: o.multi_pv.unwrap_or(chess_ai::MAX_MULTI_PV),
        book: o.book.unwrap_or(true),
        // Full strength on the package's net (crate::net): the compiled-in one or a loaded one.
        net: Some(crate::net::current()),
        // The rest as natively: one thread, no tablebases (no file system in the browser). From
        // the default, so the two cannot drift apart.
        ..AiOptions::default()
    };
    options.validate()?;
    Ok(options)
}

/// Read options or limits, with a message in the caller's words when a value has the wrong type or
/// range: `moveTimeMs must be a whole number of 0 or more, got -5` rather than serde's
/// `invalid value: integer `-5`, expected u64 at line 1 column 16`.
pub fn read_json<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, Error> {
    let mut reader = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let field = e.path().to_string();
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            return Error::Options(format!("not valid JSON ({inner})"));
        }
        let text = inner.to_string();
        let text = text.split(" at line ").next().unwrap_or(&text);
        if let Some(rest) = text.strip_prefix("unknown field ") {
            let (name, known) = rest.split_once(", expected one of ").unwrap_or((rest, ""));
            let known = known.replace('`', "");
            return Error::Options(format!("unknown option {} (the options are {known})", name.replace('`', "'")));
        }
        let expected = match text.rsplit_once("expected ").map(|(_, e)| e) {
            // The field's own range where the type's says too much (a level is a u8).
            _ if field == "level" => "a whole number from 1 to 5",
            Some("u8") => "a whole number from 0 to 255",
            Some("u32") | Some("u64") | Some("usize") => "a whole number of 0 or more",
            Some("i32") => "a whole number",
            Some("a boolean") => "true or false",
            Some(other) => other,
            None => "another value",
        };
        let got = text
            .split_once('`')
            .and_then(|(_, r)| r.split_once('`'))
            .map(|(v, _)| v.to_owned())
            .or_else(|| {
                text.split_once("string ").map(|(_, r)| format!("the string {}", r.split(',').next().unwrap_or(r)))
            })
            .unwrap_or_else(|| text.to_owned());
        Error::Options(format!("{field} must be {expected}, got {got}"))
    })
}

/// The limits of one search, as JavaScript passes them.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LimitsJson {
    move_time_ms: Option<u64>,
    nodes: Option<u64>,
    depth: Option<i32>,
    clock: Option<ClockJson>,
    infinite: Option<bool>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ClockJson {
    time_ms: u64,
    #[serde(default)]
    increment_ms: u64,
    moves_to_go: Option<u32>,
}

/// Whether the caller set no limit of its own (the AI then uses its options' and level's).
pub struct ReadLimits {
    /// The limits.
    pub limits: Limits,
    /// True when the JSON named no limit and did not ask for an infinite search.
    pub unlimited_by_caller: bool,
    /// True when the JSON asked for an infinite search and named no other limit: only a stop
    /// ends it.
    pub endless: bool,
}

/// Read limits from JSON (an empty text: none).
pub fn limits_from_json(json: &str) -> Result<ReadLimits, Error> {
    let l: LimitsJson = if json.trim().is_empty() { LimitsJson::default() } else { read_json(json)? };
    if l.move_time_ms == Some(0) || l.nodes == Some(0) {
        return Err(Error::Options("a limit of 0 leaves nothing to search".into()));
    }
    if let Some(d) = l.depth.filter(|d| !(1..=chess_ai::MAX_DEPTH).contains(d)) {
        return Err(Error::Options(format!("depth {d} is outside 1..={}", chess_ai::MAX_DEPTH)));
    }
    let no_limit = l.move_time_ms.is_none() && l.nodes.is_none() && l.depth.is_none() && l.clock.is_none();
    let infinite = l.infinite == Some(true);
    let limits = Limits {
        move_time_ms: l.move_time_ms,
        nodes: l.nodes,
        depth: l.depth,
        clock: l.clock.map(|c| Clock { time_ms: c.time_ms, increment_ms: c.increment_ms, moves_to_go: c.moves_to_go }),
        ..Limits::default()
    };
    Ok(ReadLimits { limits, unlimited_by_caller: no_limit && !infinite, endless: no_limit && infinite })
}

fn bound_name(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

/// One scored line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineJson {
    uci: String,
    san: String,
    score: ScoreJson,
    white_score: ScoreJson,
    bound: &'static str,
    pv: Vec<String>,
    pv_san: Vec<String>,
}

impl LineJson {
    fn new(board: &Board, line: &AnalysisLine, mode: chess_core::CastlingMode) -> LineJson {
        let pv = board.uci_line(&line.pv, mode);
        LineJson {
            uci: line.uci.clone(),
            san: line.san.clone(),
            score: line.score.into(),
            white_score: white_score(board, line.score),
            bound: bound_name(line.bound),
            pv,
            pv_san: line.pv_san.clone(),
        }
    }
}

/// The AI's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisJson {
    best: LineJson,
    ponder: Option<String>,
    from_book: bool,
    depth: i32,
    seldepth: i32,
    nodes: u64,
    time_ms: u64,
    lines: Vec<LineJson>,
}

impl AnalysisJson {
    /// The answer for the position `board` (the one searched).
    pub fn new(board: &Board, a: &Analysis, mode: chess_core::CastlingMode) -> AnalysisJson {
        let ponder = a.ponder.map(|p| {
            let mut after = *board;
            after.play_unchecked(a.best.mv);
            after.uci(p, mode)
        });
        AnalysisJson {
            best: LineJson::new(board, &a.best, mode),
            ponder,
            from_book: a.from_book,
            depth: a.depth,
            seldepth: a.seldepth,
            nodes: a.nodes,
            time_ms: a.time_ms,
            lines: a.lines.iter().map(|l| LineJson::new(board, l, mode)).collect(),
        }
    }
}

/// One progress report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressJson {
    depth: i32,
    seldepth: i32,
    multipv: usize,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    score: ScoreJson,
    white_score: ScoreJson,
    bound: &'static str,
    pv: Vec<String>,
    pv_san: Vec<String>,
}

/// A score of the side to move in `board`, from White's point of view (chess-ai's
/// [`ScoreJson::white`], as a review's scores): so that no front end turns scores itself.
fn white_score(board: &Board, score: Score) -> ScoreJson {
    let to_move = board.side_to_move();
    ScoreJson::white(if to_move == chess_core::Color::White { score } else { -score }, to_move)
}

impl ProgressJson {
    /// A report of the search of `board`.
    pub fn new(board: &Board, info: &Info, mode: chess_core::CastlingMode) -> ProgressJson {
        let pv = board.uci_line(&info.pv, mode);
        ProgressJson {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multi_pv,
            nodes: info.nodes,
            nps: info.nps(),
            time_ms: info.time_ms,
            score: info.score.into(),
            white_score: white_score(board, info.score),
            bound: bound_name(info.bound),
            pv_san: board.san_line(&info.pv),
            pv,
        }
    }
}

/// The review options JavaScript passes: a budget a position (nodes by default, or a depth: a
/// browser has no clock the search could read between nodes cheaply enough for a move time here)
/// and how far the book counts.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReviewOptionsJson {
    nodes: Option<u64>,
    depth: Option<i32>,
    book_plies: Option<usize>,
}

/// Read review options from JSON (an empty text: the defaults, 50,000 nodes a position).
pub fn review_options_from_json(json: &str) -> Result<chess_ai::review::ReviewOptions, Error> {
    let o: ReviewOptionsJson = if json.trim().is_empty() { ReviewOptionsJson::default() } else { read_json(json)? };
    let mut options = chess_ai::review::ReviewOptions::default();
    options.nodes = o.nodes.unwrap_or(options.nodes);
    options.depth = o.depth;
    options.book_plies = o.book_plies.unwrap_or(options.book_plies);
    options.net = Some(crate::net::current());
    // The library owns the ranges.
    options.validate().map_err(|e| Error::Options(e.to_string()))?;
    Ok(options)
}

/// The keys of the JSON objects JavaScript passes, as serde reads them (each struct's own field
/// list, renamed): `ai` (an `Ai`'s options), `depthOptions`, `limits` (a search's), `clock` and
/// `review` (a review's options). The package's TypeScript checks its option types against them
/// at build time (web/packages/engine/scripts/gen-tables.mjs), so that a key added or renamed here
/// fails the type check until the types follow.
pub fn option_keys() -> serde_json::Value {
    serde_json::json!({
        "ai": field_names::<OptionsJson>(),
        "depthOptions": field_names::<DepthOptionsJson>(),
        "limits": field_names::<LimitsJson>(),
        "clock": field_names::<ClockJson>(),
        "review": field_names::<ReviewOptionsJson>(),
    })
}

/// The field names serde's derive reads for the struct `T`: the list it hands to
/// `deserialize_struct`, caught by a deserializer that reads nothing else.
fn field_names<T: serde::de::DeserializeOwned>() -> &'static [&'static str] {
    use serde::de::{Deserializer, Visitor};

    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("only the field names are read")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    struct Names<'a>(&'a mut &'static [&'static str]);
    impl<'de> Deserializer<'de> for Names<'_> {
        type Error = Stop;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            *self.0 = fields;
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
            ignored_any
        }
    }
    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Names(&mut fields));
    fields
}
