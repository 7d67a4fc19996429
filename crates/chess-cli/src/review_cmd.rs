//! `chess review FILE`: every game of a PGN file (or one, `--game K`) judged move by move
//! ([`chess_ai::review`]): per side the accuracy, the average centipawn loss and the count of
//! each class, then the key moments with the better move and why. A progress bar on stderr.
//! `--json` writes one JSON array of the games' reviews (schema `chess-review/2`,
//! docs/review.md), `--jsonl` one game a line; `--annotate OUT.pgn` writes the games with the
//! review's NAGs, `[%eval]` comments and better lines. `--jobs N` reviews N games at a time (one
//! thread each, the output in the file's order); `--shard I/N` takes every N-th game from the
//! I-th, so that a big file splits over machines or processes (docs/review.md). `--net` searches
//! with another net than the embedded one (a compiled-in net's name or a file). `--reviews FILE`
//! searches nothing: it takes each game's review from an earlier `--json` or `--jsonl` run (the
//! shards' outputs put together, say) and writes it again, as a table, JSON or an annotated PGN.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use chess_ai::review::{mover_view, review, MoveClass, Review, ReviewOptions, SideSummary};
use chess_ai::SearchControl;
use chess_core::{excerpt, Game, PgnGame, PgnGames};

use crate::args::{ArgError, Args};
use crate::format;

/// The largest PGN file read: 1 GiB.
const MAX_PGN_BYTES: u64 = 1 << 30;

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let Some((path, rest)) = argv.split_first().filter(|(p, _)| !p.starts_with("--") || p.as_str() == "-") else {
        return Err(ArgError::Invalid(
            "review needs a PGN file (or - for standard input): chess review GAME.pgn".into(),
        ));
    };
    let args = Args::parse(
        rest,
        &[
            "--game",
            "--nodes",
            "--movetime",
            "--depth",
            "--threads",
            "--annotate",
            "--jobs",
            "--shard",
            "--syzygy",
            "--net",
            "--reviews",
        ],
        &["--json", "--jsonl"],
    )?;
    let output = match (args.flag("--json"), args.flag("--jsonl")) {
        (true, true) => return Err(ArgError::Invalid("review takes --json or --jsonl, not both".into())),
        (true, false) => Output::Json,
        (false, true) => Output::JsonLines,
        (false, false) => Output::Text,
    };
    let mut annotated = args.str("--annotate").map(|out| (out.to_owned(), String::new()));
    let mut options = ReviewOptions::default();
    if let Some(nodes) = args.num::<u64>("--nodes", 1..=chess_ai::review::MAX_NODES)? {
        options.nodes = nodes;
    }
    options.move_time_ms = args.num::<u64>("--movetime", 1..=chess_ai::review::MAX_MOVE_TIME_MS)?;
    options.depth = args.num::<i32>("--depth", 1..=chess_ai::MAX_DEPTH)?;
    options.threads = args.num::<usize>("--threads", 1..=chess_ai::MAX_THREADS)?.unwrap_or(1);
    options.tablebase = crate::analyze_cmd::syzygy_arg(&args)?;
    if let Some(net) = args.net("--net")? {
        options.net = Some(net);
    }
    let only = args.num::<usize>("--game", 1..=usize::MAX)?;
    let text = if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .take(MAX_PGN_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|source| ArgError::Io { path: "standard input".into(), source })?;
        text
    } else {
        chess_core::read_text_file(path, MAX_PGN_BYTES).map_err(|source| ArgError::Io { path: path.clone(), source })?
    };
    let earlier = match args.str("--reviews") {
        None => None,
        Some(file) => {
            let searching = ["--nodes", "--movetime", "--depth", "--threads", "--jobs", "--syzygy", "--net"];
            if let Some(option) = searching.iter().find(|o| args.str(o).is_some()) {
                return Err(ArgError::Invalid(format!(
                    "--reviews takes the reviews as they were made: {option} does not go with it"
                )));
            }
            Some(EarlierReviews::read(file)?)
        }
    };
    let shard = args.str("--shard").map(parse_shard).transpose()?;
    let jobs = args.num::<usize>("--jobs", 1..=256)?.unwrap_or(1);
    // The games this run reviews: `--game K`, or every N-th from I with `--shard I/N`.
    let selected: Vec<(usize, Result<PgnGame, chess_core::PgnReadError>)> = PgnGames::new(&text)
        .with_material(chess_core::MaterialRule::Playable)
        .enumerate()
        .map(|(i, g)| (i + 1, g))
        .filter(|(n, _)| only.is_none_or(|k| k == *n) && shard.is_none_or(|(i, every)| n % every == i % every))
        .collect();
    let started = std::time::Instant::now();
    let mut failed = 0;
    let mut reviewed = 0;
    let mut emit = |number: usize, game: &PgnGame, r: &Review| {
        match output {
            Output::Text => print_review(number, game, r),
            Output::Json | Output::JsonLines => {
                let json = game_json(number, game, r);
                match (output, reviewed) {
                    (Output::JsonLines, _) => outln!("{json}"),
                    (_, 0) => outln!("[{json}"),
                    _ => outln!(",{json}"),
                }
            }
        }
        if let Some((_, text)) = &mut annotated {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&r.annotate(game).to_pgn());
        }
        reviewed += 1;
    };
    let bar = ProgressBar::new(selected.len());
    match &earlier {
        // No search: each game's review as it was written, or a one-line error naming the game.
        Some(earlier) => {
            for (number, game) in &selected {
                match game.as_ref().map_err(|e| e.to_string()).and_then(|g| Ok((g, earlier.review_of(*number, g)?))) {
                    Ok((game, r)) => emit(*number, game, &r),
                    Err(e) => {
                        eprintln!("chess: {e}");
                        failed += 1;
                    }
                }
            }
        }
        None => {
            // Each game is written as soon as it and every game before it are reviewed.
            let mut fault = None;
            review_all(&selected, &options, jobs, &bar, |(number, game), result| match (game, result) {
                (Err(e), _) => {
                    bar.clear();
                    eprintln!("chess: {e}");
                    failed += 1;
                }
                (Ok(game), Some(Ok(r))) => {
                    bar.clear();
                    emit(*number, game, &r);
                }
                (Ok(_), Some(Err(e))) => {
                    fault.get_or_insert_with(|| ArgError::Invalid(e.to_string()));
                }
                (Ok(_), None) => {
                    fault.get_or_insert_with(|| ArgError::Invalid(format!("game {number} was not reviewed")));
                }
            });
            if let Some(fault) = fault {
                return Err(fault);
            }
        }
    }
    bar.clear();
    if selected.len() > 1 {
        eprintln!(
            "chess: reviewed {reviewed} of {} games{} in {:.1} s",
            selected.len(),
            if failed > 0 { format!(" ({failed} could not be read)") } else { String::new() },
            started.elapsed().as_secs_f64()
        );
    }
    let failed = failed > 0;
    if output == Output::Json {
        outln!("{}", if reviewed == 0 { "[]" } else { "]" });
    }
    if let Some((path, text)) = annotated.filter(|_| reviewed > 0) {
        chess_core::write_file(&path, text.as_bytes()).map_err(|source| ArgError::Io { path, source })?;
    }
    if reviewed == 0 && !failed {
        return Err(ArgError::Invalid(match only {
            Some(k) => format!("{} has no game {k}", excerpt(path)),
            None => format!("{} holds no game", excerpt(path)),
        }));
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The reviews of an earlier `--json` or `--jsonl` run (`--reviews FILE`), by game number.
struct EarlierReviews {
    file: String,
    by_game: std::collections::HashMap<usize, serde_json::Value>,
}

impl EarlierReviews {
    /// Reads FILE: one JSON array of `{"game": K, ..., "review": {...}}` objects (`--json`), or one
    /// such object a line (`--jsonl`; several runs' lines may be put together, in any order).
    fn read(file: &str) -> Result<EarlierReviews, ArgError> {
        let text = chess_core::read_text_file(file, MAX_PGN_BYTES)
            .map_err(|source| ArgError::Io { path: file.to_owned(), source })?;
        // Each object with where it stands: its line (--jsonl) or its place in the array (--json).
        let bad = |at: String, what: String| ArgError::Invalid(format!("{file}, {at}: {what}"));
        let objects: Vec<(String, serde_json::Value)> = if text.trim_start().starts_with('[') {
            match serde_json::from_str::<Vec<serde_json::Value>>(&text) {
                Ok(all) => all.into_iter().enumerate().map(|(i, v)| (format!("entry {}", i + 1), v)).collect(),
                Err(e) => return Err(bad(format!("line {}", e.line()), e.to_string())),
            }
        } else {
            let lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
            lines
                .map(|(i, l)| {
                    let at = format!("line {}", i + 1);
                    match serde_json::from_str(l) {
                        Ok(v) => Ok((at, v)),
                        Err(e) => Err(bad(at, e.to_string())),
                    }
                })
                .collect::<Result<_, _>>()?
        };
        let mut by_game = std::collections::HashMap::new();
        for (line, object) in objects {
            let game = object["game"].as_u64().and_then(|n| usize::try_from(n).ok());
            let (Some(game), Some(review)) = (game, object.get("review").cloned()) else {
                return Err(bad(
                    line,
                    "expected {\"game\": K, ..., \"review\": {...}}, as --json and --jsonl write".into(),
                ));
            };
            if by_game.insert(game, review).is_some() {
                return Err(bad(line, format!("game {game} is reviewed twice")));
            }
        }
        Ok(EarlierReviews { file: file.to_owned(), by_game })
    }

    /// Game `number`'s review, read back for that game (refused when it is of another game).
    fn review_of(&self, number: usize, game: &PgnGame) -> Result<Review, String> {
        let json = self.by_game.get(&number).ok_or_else(|| format!("game {number} has no review in {}", self.file))?;
        Review::from_json_value(json, &game.game).map_err(|e| format!("game {number}: {e} ({})", self.file))
    }
}

/// `I/N` of `--shard`: every N-th game of the file from game I (1 <= I <= N).
fn parse_shard(text: &str) -> Result<(usize, usize), ArgError> {
    let bad =
        || ArgError::Invalid(format!("--shard takes I/N, the I-th of N shards (1 <= I <= N), got {}", excerpt(text)));
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Review `games` on `jobs` threads, handing each game's result to `ready` in the file's order,
/// as soon as it and the games before it are done (`None` for a game that could not be read).
fn review_all(
    games: &[(usize, Result<PgnGame, chess_core::PgnReadError>)],
    options: &ReviewOptions,
    jobs: usize,
    bar: &ProgressBar,
    mut ready: impl FnMut(&(usize, Result<PgnGame, chess_core::PgnReadError>), Option<ReviewResult>),
) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let positions = std::sync::atomic::AtomicUsize::new(0);
    let total: usize = games.iter().filter_map(|(_, g)| g.as_ref().ok()).map(|g| g.game.moves().len() + 1).sum();
    let (send, receive) = std::sync::mpsc::channel::<(usize, Option<ReviewResult>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(games.len()).max(1) {
            let send = send.clone();
            let (next, positions) = (&next, &positions);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((_, game)) = games.get(i) else { break };
                let r = game.as_ref().ok().map(|game| {
                    review(&game.game, options, &SearchControl::new(), &mut |_, _| {
                        let seen = positions.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        bar.show(seen, total);
                    })
                });
                if send.send((i, r)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        // Results come in any order; they leave in the file's.
        let mut waiting: Vec<Option<Option<ReviewResult>>> = (0..games.len()).map(|_| None).collect();
        let mut written = 0;
        for (i, r) in receive {
            waiting[i] = Some(r);
            while let Some(r) = waiting.get_mut(written).and_then(Option::take) {
                ready(&games[written], r);
                written += 1;
            }
        }
    });
}

type ReviewResult = Result<Review, chess_ai::review::ReviewError>;

/// How the reviews are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    /// Tables for a person.
    Text,
    /// One JSON array.
    Json,
    /// One JSON object a line.
    JsonLines,
}

/// One game's review as JSON: its number in the file, its tags, its result and the review.
fn game_json(number: usize, pgn: &PgnGame, r: &Review) -> String {
    let tags: serde_json::Map<String, serde_json::Value> =
        pgn.tags.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(v.as_str()))).collect();
    serde_json::json!({ "game": number, "tags": tags, "result": pgn.game.result(), "review": r.to_json_value() })
        .to_string()
}

/// The review of one game, for a person.
fn print_review(number: usize, pgn: &PgnGame, r: &Review) {
    let name = |tag: &str| pgn.tag(tag).filter(|v| !v.is_empty() && *v != "?").unwrap_or("?").to_owned();
    outln!("Game {number}: {} - {} {}", name("White"), name("Black"), pgn.game.result());
    print_summary(&pgn.game, r);
}

/// What a person reads of the review `r` of `game` (here and at the end of `chess play`): the
/// opening, per side the accuracy, the average centipawn loss and the count of each class of
/// error, then the key moments with the better move and why.
pub fn print_summary(game: &Game, r: &Review) {
    if let Some(opening) = r.opening {
        outln!("Opening: {} {}", opening.eco, opening.name);
    }
    outln!("{:<10} {:>8} {:>6}  {}", "", "accuracy", "acpl", counts_header());
    for (side, s) in [("White", &r.white), ("Black", &r.black)] {
        outln!("{side:<10} {:>8.1} {:>6.0}  {}", s.accuracy, s.acpl, counts(s));
    }
    if !r.key_moments.is_empty() {
        outln!("Key moments:");
    }
    let positions = game.positions();
    for &ply in &r.key_moments {
        let p = &r.plies[ply - 1];
        let symbol = p.class.symbol().unwrap_or("");
        outln!(
            "  {}{symbol} ({}, {} -> {}): {}",
            format::numbered_move(&positions[ply - 1], &p.san),
            p.class.name(),
            mover_view(p.score_before, p.color).in_pawns_for_white(p.color),
            mover_view(p.score_after, !p.color).in_pawns_for_white(!p.color),
            p.why.as_deref().unwrap_or("")
        );
    }
    outln!();
}

fn counts_header() -> String {
    [MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder, MoveClass::MissedWin]
        .map(|c| format!("{:>11}", c.name()))
        .join(" ")
}

fn counts(s: &SideSummary) -> String {
    [MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder, MoveClass::MissedWin]
        .map(|c| format!("{:>11}", s.count(c)))
        .join(" ")
}

/// A one-line progress bar on stderr, when stderr is a terminal: the positions of every game.
pub struct ProgressBar {
    games: usize,
    live: bool,
}

impl ProgressBar {
    pub fn new(games: usize) -> ProgressBar {
        ProgressBar { games, live: std::io::stderr().is_terminal() }
    }

    pub fn show(&self, done: usize, all: usize) {
        if self.live {
            let width = 30;
            let filled = done * width / all.max(1);
            let games = if self.games == 1 { "1 game".to_owned() } else { format!("{} games", self.games) };
            eprint!("\r{games} [{}{}] {done}/{all} positions", "#".repeat(filled), "-".repeat(width - filled));
            let _ = std::io::stderr().flush();
        }
    }

    pub fn clear(&self) {
        if self.live {
            eprint!("\r{}\r", " ".repeat(70));
        }
    }
}
