//! The UCI protocol: what `chess` speaks when started without arguments.
//!
//! The main thread reads commands; a search runs on its own thread so that `stop`, `ponderhit`
//! and `isready` are answered while it thinks. Bad input never stops the engine: each problem
//! gets an `info string` and the state stays as it was. A `position` that cannot be set up as sent
//! (a broken FEN, an illegal move in its list) leaves the engine with no position to search: `go`
//! answers `bestmove (none)` with the reason until a valid `position` arrives, rather than a move
//! for a board the GUI does not have.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use chess_ai::{Ai, AiError, AiOptions, Book, Mode, Strength, Tablebase, MAX_ELO, MIN_ELO};
use chess_ai::{Bound, Clock, Info, Limits, Reporter, SearchControl, MAX_HASH_MB, MAX_THREADS};
use chess_core::{excerpt, Board, CastlingMode, Game, MaterialRule, Move};
use chess_eval::{Classical, Network};

const NAME: &str = concat!("chess ", env!("CARGO_PKG_VERSION"));
const AUTHOR: &str = "the chess authors";

/// Where the engine's lines go: [`stdout`], or a harness's sink ([`Uci::sandboxed`]). The
/// search threads write too.
pub type Output = fn(&str);

/// Write one line to stdout, flushed (both threads write): the engine's [`Output`].
pub fn stdout(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn info_string_to(out: Output, msg: &str) {
    out(&format!("info string {msg}"));
}

/// The longest time a `go` command's times are taken at (`wtime`, `btime`, `winc`, `binc`,
/// `movetime`): 24 hours, in milliseconds. More is clamped to it, with an `info string`; so no
/// search with a clock or a move time runs longer, whatever number a GUI sends
/// (`go wtime 99999999999999999999`).
pub const MAX_GO_TIME_MS: u64 = 24 * 60 * 60 * 1000;

/// A number of a `go` command, read as Stockfish's stream reads it: a value past the largest
/// integer is that integer (`u64::MAX`) rather than no number; a negative one (some GUIs send
/// them when a clock runs out) counts as zero. `None` when it is no number.
fn go_number(text: &str) -> Option<u64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if negative { 0 } else { digits.parse::<u64>().unwrap_or(u64::MAX) })
}

/// Caps for a harness that feeds the loop lines nobody checked (the fuzz target `uci`): every
/// search stops within `max_nodes` nodes (the UCI protocol around it is unchanged: `go infinite`
/// still waits for `stop`), `go perft` goes at most `max_perft_depth` plies deep, the
/// transposition table has at most `max_hash_mb` MiB, and no file is read (`BookFile`,
/// `EvalFile` and `SyzygyPath` take only the built-in values).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sandbox {
    /// The node limit of every search.
    pub max_nodes: u64,
    /// The deepest `go perft`.
    pub max_perft_depth: u32,
    /// The largest `Hash`, in MiB.
    pub max_hash_mb: usize,
}

/// A spin option: name, default, min, max.
struct Spin {
    name: &'static str,
    default: i64,
    min: i64,
    max: i64,
}

const HASH: Spin = Spin { name: "Hash", default: 16, min: 0, max: MAX_HASH_MB as i64 };
const THREADS: Spin = Spin { name: "Threads", default: 1, min: 1, max: MAX_THREADS as i64 };
const MULTI_PV: Spin = Spin { name: "MultiPV", default: 1, min: 1, max: 256 };
const MOVE_OVERHEAD: Spin = Spin { name: "Move Overhead", default: 10, min: 0, max: 5_000 };
const UCI_ELO: Spin = Spin { name: "UCI_Elo", default: 1600, min: MIN_ELO as i64, max: MAX_ELO as i64 };
/// 0 is full strength (or `UCI_Elo` with `UCI_LimitStrength`); 1 to 5 are the difficulty levels.
const LEVEL: Spin = Spin { name: "Level", default: 0, min: 0, max: chess_ai::LEVELS as i64 };
const SPINS: [Spin; 6] = [HASH, THREADS, MULTI_PV, MOVE_OVERHEAD, UCI_ELO, LEVEL];
/// The `EvalFile` value that names the net compiled into the binary (the default).
const EMBEDDED_NET: &str = "<embedded>";
/// The `EvalFile` value that means the classical evaluation.
const CLASSICAL_EVAL: &str = "<classical>";
/// The `BookFile` value that names the book compiled into the binary.
const EMBEDDED_BOOK: &str = "<embedded>";

struct Running {
    control: Arc<SearchControl>,
    thread: JoinHandle<()>,
    /// The search ends by itself (a depth, nodes, time or clock limit; perft), as opposed to one
    /// that answers only when stopped (`go infinite`, `go ponder`).
    ends_by_itself: bool,
}

/// The engine's state between commands.
pub struct Uci {
    /// The AI (it shares its engine with the search thread); its options are the UCI options'.
    ai: Ai,
    level: u8,
    limit_strength: bool,
    elo: u32,
    book_file: String,
    eval_file: String,
    game: Game,
    /// Why the last `position` command was refused, if it was: `go` then has no position to
    /// search (the GUI's board is not `game`).
    refused: Option<String>,
    chess960: bool,
    multi_pv: usize,
    move_overhead_ms: u64,
    running: Option<Running>,
    out: Output,
    sandbox: Option<Sandbox>,
}

impl Default for Uci {
    fn default() -> Self {
        Uci::new(stdout, None)
    }
}

impl Uci {
    /// The engine with every option at its default, writing to `out`, within `sandbox`.
    fn new(out: Output, sandbox: Option<Sandbox>) -> Uci {
        let hash_mb = sandbox.map_or(HASH.default as usize, |s| s.max_hash_mb.min(HASH.default as usize));
        let options =
            AiOptions { strength: Strength::Full, hash_mb: Some(hash_mb), book: false, ..AiOptions::default() };
        #[cfg(feature = "ablation")]
        let options =
            AiOptions { eval: std::env::var("CHESS_ABLATE").ok().and_then(|list| ablated_eval(&list)), ..options };
        Uci {
            ai: Ai::new(options).expect("the default options are valid"),
            level: 0,
            limit_strength: false,
            elo: UCI_ELO.default as u32,
            book_file: EMBEDDED_BOOK.to_owned(),
            eval_file: EMBEDDED_NET.to_owned(),
            game: Game::new(),
            refused: None,
            chess960: false,
            multi_pv: 1,
            move_overhead_ms: MOVE_OVERHEAD.default as u64,
            running: None,
            out,
            sandbox,
        }
    }
}

/// Run the UCI loop on stdin until `quit` or end of input.
pub fn run() -> std::process::ExitCode {
    let mut uci = Uci::default();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if !uci.command(&line) {
            break;
        }
    }
    uci.finish_search();
    std::process::ExitCode::SUCCESS
}

impl Uci {
    /// An engine whose lines go to `out`, within the caps of `sandbox`: what a fuzz target
    /// drives.
    #[doc(hidden)]
    pub fn sandboxed(sandbox: Sandbox, out: Output) -> Uci {
        Uci::new(out, Some(sandbox))
    }

    fn send(&self, line: &str) {
        (self.out)(line);
    }

    fn info_string(&self, msg: &str) {
        info_string_to(self.out, msg);
    }

    /// Handle one line; `false` means quit.
    pub fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else { return true };
        match cmd {
            "uci" => self.uci(),
            "isready" => self.send("readyok"),
            "ucinewgame" => {
                self.finish_search();
                self.ai.new_game();
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                if let Some(r) = &self.running {
                    r.control.stop();
                }
            }
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
            }
            "quit" => {
                self.stop_search();
                return false;
            }
            "debug" | "register" => {}
            "d" => {
                self.send(&format!(
                    "{}\nFen: {}\nKey: {:016x}",
                    self.game.board().diagram(),
                    self.game.board(),
                    self.game.board().hash()
                ));
                if let Some(reason) = &self.refused {
                    self.info_string(&format!("no position to search: {reason}"));
                }
            }
            "eval" => self.send(&Classical::default().trace(self.game.board()).to_string()),
            _ => self.info_string(&format!("unknown command: {}", excerpt(line.trim()))),
        }
        true
    }

    /// Change the AI's options (after a `setoption`), with the strength from `Level`,
    /// `UCI_LimitStrength` and `UCI_Elo`; a refusal is explained and changes nothing.
    fn apply_options(&mut self, change: impl FnOnce(&mut AiOptions)) {
        let mut options = self.ai.options().clone();
        change(&mut options);
        options.strength = match (self.level, self.limit_strength) {
            (0, false) => Strength::Full,
            (0, true) => Strength::Elo(self.elo),
            (level, _) => Strength::Level(level),
        };
        if let Err(e) = self.ai.set_options(options) {
            self.info_string(&format!("option refused: {e}"));
        }
    }

    fn castling_mode(&self) -> CastlingMode {
        if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }

    fn uci(&self) {
        self.send(&format!("id name {NAME}"));
        self.send(&format!("id author {AUTHOR}"));
        for s in SPINS {
            self.send(&format!("option name {} type spin default {} min {} max {}", s.name, s.default, s.min, s.max));
        }
        self.send("option name Clear Hash type button");
        self.send("option name Ponder type check default false");
        self.send("option name UCI_Chess960 type check default false");
        self.send("option name UCI_LimitStrength type check default false");
        self.send("option name OwnBook type check default false");
        self.send(&format!("option name BookFile type string default {EMBEDDED_BOOK}"));
        self.send(&format!("option name EvalFile type string default {EMBEDDED_NET}"));
        self.send("option name SyzygyPath type string default <empty>");
        // A tuning build lists every search constant, for SPSA and the like.
        #[cfg(feature = "tune")]
        for t in chess_search::params::TABLE {
            let current = chess_search::params::get(t.name).unwrap_or(t.default);
            self.send(&format!("option name {} type spin default {current} min {} max {}", t.name, t.min, t.max));
        }
        self.send("uciok");
    }

    /// Stop the running search, if any, and wait for its `bestmove` (`quit`).
    fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.control.stop();
        }
        self.finish_search();
    }

    /// Let the running search, if any, give its `bestmove` before a command that changes what the
    /// next search sees (`go`, `setoption`, `ucinewgame`, the end of input): one that ends by
    /// itself is waited for, as Stockfish does, so that commands piped in without `stop` (`go
    /// depth 12`, then the next position) each get their whole search; one that would wait for
    /// `stop` forever (infinite, ponder) is stopped.
    pub fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            if !r.ends_by_itself {
                r.control.stop();
            }
            // A panic of the search thread is this thread's (a release build aborts anyway).
            if let Err(panic) = r.thread.join() {
                std::panic::resume_unwind(panic);
            }
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        // setoption name <words...> [value <words...>]
        let joined = args.join(" ");
        let Some(rest) = joined.strip_prefix("name ") else {
            return self.info_string("setoption needs: setoption name <name> [value <value>]");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (rest.strip_suffix(" value").unwrap_or(rest).trim(), None),
        };
        let lower = name.to_ascii_lowercase();
        if let Some(spin) = SPINS.iter().find(|s| s.name.eq_ignore_ascii_case(name)) {
            let Some(v) = value else { return self.info_string(&format!("option {} needs a value", spin.name)) };
            let n = match v.parse::<i64>() {
                Ok(n) if (spin.min..=spin.max).contains(&n) => n,
                Ok(n) => {
                    return self.info_string(&format!(
                        "option {}: {n} is out of range {}..{}, keeping the current value",
                        spin.name, spin.min, spin.max
                    ))
                }
                Err(_) => return self.info_string(&format!("option {}: {:?} is not a number", spin.name, excerpt(v))),
            };
            self.finish_search();
            match spin.name {
                "Hash" => {
                    let mb = self.sandbox.map_or(n as usize, |s| (n as usize).min(s.max_hash_mb));
                    self.apply_options(|o| o.hash_mb = Some(mb));
                }
                "Threads" => {
                    let useful = chess_ai::max_useful_threads();
                    if n as usize > useful {
                        self.info_string(&format!(
                            "Threads {n}: this machine has {useful} cores; searching with {useful} threads"
                        ));
                    }
                    self.apply_options(|o| o.threads = n as usize);
                }
                "MultiPV" => self.multi_pv = n as usize,
                "UCI_Elo" => {
                    self.elo = n as u32;
                    self.apply_options(|_| {});
                }
                "Level" => {
                    self.level = n as u8;
                    self.apply_options(|_| {});
                }
                _ => self.move_overhead_ms = n as u64,
            }
            return;
        }
        #[cfg(feature = "tune")]
        if chess_search::params::get(name).is_some() {
            let Some(n) = value.and_then(|v| v.parse::<i32>().ok()) else {
                return self.info_string(&format!("option {} needs a number", excerpt(name)));
            };
            self.finish_search();
            if let Err(e) = chess_search::params::set(name, n) {
                self.info_string(&format!("option refused: {e}, keeping the current value"));
            }
            return;
        }
        match lower.as_str() {
            "clear hash" => {
                self.finish_search();
                self.ai.new_game();
            }
            "uci_chess960" | "ponder" | "uci_limitstrength" | "ownbook" => {
                let flag = match value.map(str::to_ascii_lowercase).as_deref() {
                    Some("true") => true,
                    Some("false") => false,
                    _ => {
                        return self.info_string(&format!("option {}: the value must be true or false", excerpt(name)))
                    }
                };
                self.finish_search();
                match lower.as_str() {
                    "uci_chess960" => {
                        self.chess960 = flag;
                        self.game.set_castling_mode(self.castling_mode());
                    }
                    "uci_limitstrength" => {
                        self.limit_strength = flag;
                        self.apply_options(|_| {});
                    }
                    "ownbook" => {
                        self.apply_options(|o| o.book = flag);
                    }
                    _ => {}
                }
            }
            "bookfile" => {
                let path = value.unwrap_or(EMBEDDED_BOOK);
                self.finish_search();
                if path == EMBEDDED_BOOK || path.is_empty() {
                    self.ai.use_embedded_book();
                    self.book_file = EMBEDDED_BOOK.to_owned();
                    return;
                }
                if self.sandbox.is_some() {
                    return self.info_string(&format!("BookFile {:?}: no file is read here", excerpt(path)));
                }
                match Book::open(path) {
                    Ok(book) => {
                        self.info_string(&format!("book {path}: {} entries", book.len()));
                        self.ai.set_book(Some(book));
                        self.book_file = path.to_owned();
                    }
                    Err(e) => {
                        self.info_string(&format!("BookFile {:?}: {e}; keeping {}", excerpt(path), self.book_file))
                    }
                }
            }
            "evalfile" => {
                let path = value.unwrap_or(EMBEDDED_NET);
                self.finish_search();
                // The two evaluations built in: the embedded net (also for an empty value) and the
                // classical evaluation.
                let built_in = match path {
                    "" | EMBEDDED_NET => Some((EMBEDDED_NET, Some(Network::embedded()))),
                    CLASSICAL_EVAL => Some((CLASSICAL_EVAL, None)),
                    _ => None,
                };
                if let Some((name, net)) = built_in {
                    self.apply_options(|o| o.net = net);
                    self.eval_file = name.to_owned();
                    return;
                }
                if self.sandbox.is_some() && Network::embedded_named(path).is_none() {
                    return self.info_string(&format!("EvalFile {:?}: no file is read here", excerpt(path)));
                }
                // A compiled-in net by name (`cn128-v1`), or a file.
                match Network::load(path) {
                    Ok(net) => {
                        self.info_string(&format!(
                            "net {path}: {} ({}, {:016x}), used at full strength",
                            net.name(),
                            net.shape(),
                            net.hash()
                        ));
                        self.apply_options(|o| o.net = Some(net));
                        self.eval_file = path.to_owned();
                    }
                    Err(e) => {
                        self.info_string(&format!("EvalFile {:?}: {e}; keeping {}", excerpt(path), self.eval_file))
                    }
                }
            }
            "syzygypath" => {
                let path = value.unwrap_or("").trim();
                self.finish_search();
                if path.is_empty() || path == "<empty>" {
                    self.apply_options(|o| o.tablebase = None);
                    return;
                }
                if self.sandbox.is_some() {
                    return self.info_string(&format!("SyzygyPath {:?}: no file is read here", excerpt(path)));
                }
                match Tablebase::open(path) {
                    Ok(tb) => {
                        self.info_string(&format!(
                            "syzygy {path}: tables up to {} pieces, probed at full strength",
                            tb.max_pieces()
                        ));
                        self.apply_options(|o| o.tablebase = Some(Arc::new(tb)));
                    }
                    Err(e) => self.info_string(&format!("SyzygyPath {:?}: {e}; tablebases unchanged", excerpt(path))),
                }
            }
            _ => self.info_string(&format!("unknown option: {}", excerpt(name))),
        }
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&t| t == "moves").unwrap_or(args.len());
        let (setup, moves) = (&args[..moves_at], args.get(moves_at + 1..).unwrap_or(&[]));
        let mut game = match setup.split_first() {
            Some((&"startpos", [])) => Game::new(),
            Some((&"fen", fen)) if !fen.is_empty() => {
                let fen = fen.join(" ");
                match Game::from_fen_with(&fen, MaterialRule::Playable) {
                    Ok(g) => g,
                    Err(e) => return self.refuse_position(format!("invalid FEN {:?}: {e}", excerpt(&fen))),
                }
            }
            _ => return self.refuse_position("position needs: position startpos|fen <fen> [moves <moves>]".to_owned()),
        };
        game.set_castling_mode(self.castling_mode());
        self.refused = None;
        for (i, &m) in moves.iter().enumerate() {
            if let Err(e) = game.play_uci(m) {
                // Shown by `d` up to the move before; not searched.
                self.game = game;
                return self.refuse_position(format!("position command, move {}: {e}", i + 1));
            }
        }
        self.game = game;
    }

    /// Say why a `position` command was refused and keep the reason: until a valid one arrives,
    /// `go` has no position to search.
    fn refuse_position(&mut self, reason: String) {
        self.info_string(&format!("{reason}; no position to search until a valid position command"));
        self.refused = Some(reason);
    }

    fn go(&mut self, args: &[&str]) {
        self.finish_search();
        if let Some(reason) = &self.refused {
            self.info_string(&format!("go: no position to search, the last position command was refused: {reason}"));
            return self.send("bestmove (none)");
        }
        let board = *self.game.board();
        let mut limits =
            Limits { multi_pv: self.multi_pv, move_overhead_ms: self.move_overhead_ms, ..Limits::default() };
        let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0, 0, None);
        let mut ponder = false;
        let mut infinite = false;
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            let value = args.get(i + 1).copied();
            // Numbers as `go_number` reads them; times clamped to `MAX_GO_TIME_MS`.
            let num = |v: Option<&str>| v.and_then(go_number);
            let mut takes_value = true;
            match key {
                "wtime" => wtime = self.go_time(key, value),
                "btime" => btime = self.go_time(key, value),
                "winc" => winc = self.go_time(key, value).unwrap_or(0),
                "binc" => binc = self.go_time(key, value).unwrap_or(0),
                "movestogo" => movestogo = num(value).map(|n| n.min(1000) as u32),
                "depth" => limits.depth = num(value).map(|n| n.clamp(1, 250) as i32),
                "nodes" => limits.nodes = num(value),
                "movetime" => limits.move_time_ms = self.go_time(key, value),
                "mate" => limits.mate = num(value).map(|n| n.clamp(1, 120) as i32),
                "infinite" => {
                    infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    ponder = true;
                    takes_value = false;
                }
                "perft" => {
                    let most = self.sandbox.map_or(10, |s| s.max_perft_depth.clamp(1, 10));
                    let depth = num(value).unwrap_or(1).clamp(1, u64::from(most)) as u32;
                    return self.perft(board, depth);
                }
                "searchmoves" => {
                    takes_value = false;
                    while let Some(m) = args.get(i + 1) {
                        match board.parse_uci(m) {
                            Ok(mv) => limits.search_moves.push(mv),
                            Err(_) if is_go_keyword(m) => break,
                            Err(e) => self.info_string(&format!("searchmoves: ignoring {:?}: {e}", excerpt(m))),
                        }
                        i += 1;
                    }
                }
                _ => {
                    self.info_string(&format!("go: ignoring unknown token {:?}", excerpt(key)));
                    takes_value = false;
                }
            }
            if takes_value {
                if num(value).is_none() {
                    self.info_string(&format!("go: {} needs a number", excerpt(key)));
                    if value.is_some_and(is_go_keyword) || value.is_none() {
                        i += 1;
                        continue;
                    }
                }
                i += 2;
            } else {
                i += 1;
            }
        }
        let (time, inc) = match board.side_to_move() {
            chess_core::Color::White => (wtime, winc),
            chess_core::Color::Black => (btime, binc),
        };
        if let Some(time_ms) = time {
            limits.clock = Some(Clock { time_ms, increment_ms: inc, moves_to_go: movestogo });
        }
        let infinite = infinite || limits.is_infinite();
        // A depth, nodes, time or clock limit ends the search; `mate` alone may search for ever.
        let bounded =
            limits.depth.is_some() || limits.nodes.is_some() || limits.move_time_ms.is_some() || limits.clock.is_some();
        let ends_by_itself = bounded && !infinite && !ponder;
        if let Some(sandbox) = self.sandbox {
            limits.nodes = Some(limits.nodes.map_or(sandbox.max_nodes, |n| n.min(sandbox.max_nodes)));
        }

        let control = Arc::new(if ponder { SearchControl::new_pondering() } else { SearchControl::new() });
        let ai = self.ai.clone();
        let game = self.game.clone();
        let mode = self.castling_mode();
        let thread_control = Arc::clone(&control);
        let out = self.out;
        let thread = std::thread::spawn(move || {
            let mut reporter = UciReporter { board, mode, out };
            let result = ai.think(&game, &limits, Mode::Play, &thread_control, &mut reporter);
            if let Ok(answer) = &result {
                if answer.from_book {
                    info_string_to(out, &format!("book move {}", answer.best.san));
                }
            }
            // UCI: in infinite or ponder mode, bestmove waits for stop (or ponderhit).
            while (infinite || thread_control.is_pondering()) && !thread_control.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            let line = match result {
                Err(AiError::NoLegalMove(_)) => "bestmove (none)".to_owned(),
                Err(e) => {
                    info_string_to(out, &format!("search failed: {e}"));
                    "bestmove (none)".to_owned()
                }
                Ok(answer) => {
                    let best = answer.mv();
                    let mut line = format!("bestmove {}", board.uci(best, mode));
                    if let Some(ponder) = answer.ponder {
                        let mut after = board;
                        after.play_unchecked(best);
                        line += &format!(" ponder {}", after.uci(ponder, mode));
                    }
                    line
                }
            };
            out(&line);
        });
        self.running = Some(Running { control, thread, ends_by_itself });
    }

    /// A time of a `go` command (`wtime 1000`), at most [`MAX_GO_TIME_MS`]: more is said and
    /// clamped.
    fn go_time(&self, key: &str, value: Option<&str>) -> Option<u64> {
        let ms = go_number(value?)?;
        if ms > MAX_GO_TIME_MS {
            self.info_string(&format!(
                "go: {key} {} is more than {MAX_GO_TIME_MS} ms (24 hours), the longest a search is given; \
                 taken as {MAX_GO_TIME_MS}",
                excerpt(value.unwrap_or_default())
            ));
        }
        Some(ms.min(MAX_GO_TIME_MS))
    }
}

impl Uci {
    /// `go perft N`: the moves of the position with their leaf counts, on a thread of its own
    /// like a search, so that `isready` is answered at once and `stop` ends it.
    fn perft(&mut self, board: Board, depth: u32) {
        let control = Arc::new(SearchControl::new());
        let stop = Arc::clone(&control);
        let mode = self.castling_mode();
        let out = self.out;
        let thread = std::thread::spawn(move || {
            let moves = board.legal_moves();
            let mut total = 0;
            for (done, &mv) in moves.iter().enumerate() {
                let mut after = board;
                after.play_unchecked(mv);
                let Some(nodes) = perft_until_stopped(&after, depth - 1, &stop) else {
                    info_string_to(out, &format!("perft stopped after {done} of {} moves", moves.len()));
                    return;
                };
                out(&format!("{}: {nodes}", board.uci(mv, mode)));
                total += nodes;
            }
            out(&format!("\nNodes searched: {total}\n"));
        });
        self.running = Some(Running { control, thread, ends_by_itself: true });
    }
}

/// The leaves of `board`'s tree `depth` plies deep, or `None` once `stop` is set (checked at
/// every subtree of more than four plies: a few milliseconds apart).
fn perft_until_stopped(board: &Board, depth: u32, stop: &SearchControl) -> Option<u64> {
    if stop.is_stopped() {
        return None;
    }
    if depth <= 4 {
        return Some(chess_core::perft(board, depth));
    }
    board.legal_moves().iter().try_fold(0, |sum, &mv| {
        let mut after = *board;
        after.play_unchecked(mv);
        Some(sum + perft_until_stopped(&after, depth - 1, stop)?)
    })
}

/// Turns one evaluation term off.
#[cfg(feature = "ablation")]
type SwitchOff = fn(&mut chess_eval::EvalConfig);

/// The evaluation terms an ablation build can switch off: each `CHESS_ABLATE` name with the
/// switch it turns off (one table, so that a name cannot be known without a switch).
#[cfg(feature = "ablation")]
const EVAL_ABLATIONS: [(&str, SwitchOff); 7] = [
    ("pst", |c| c.piece_square = false),
    ("pawns", |c| c.pawns = false),
    ("passed", |c| c.passed_pawns = false),
    ("mobility", |c| c.mobility = false),
    ("king", |c| c.king_safety = false),
    ("pieces", |c| c.pieces = false),
    ("tempo", |c| c.tempo = false),
];

/// Ablation builds: the evaluation terms named in `list` (the value of `CHESS_ABLATE`, names
/// from [`EVAL_ABLATIONS`]) are switched off, so that a match measures each group (search rules
/// in the same variable are read by `chess-search`).
#[cfg(feature = "ablation")]
fn ablated_eval(list: &str) -> Option<chess_eval::EvalConfig> {
    let full = chess_eval::EvalConfig::FULL;
    let mut config = full;
    for (name, switch_off) in EVAL_ABLATIONS {
        if list.split(',').any(|n| n.trim() == name) {
            switch_off(&mut config);
        }
    }
    Some(config).filter(|config| *config != full)
}

/// The names in `list` (the value of `CHESS_ABLATE`) that neither an evaluation term nor a
/// search rule answers to. An ablation build refuses to start with any: a name it ignored (a
/// typo, a feature since removed) would play the full engine against itself under that name.
#[cfg(feature = "ablation")]
#[doc(hidden)]
pub fn unknown_ablations(list: &str) -> Vec<&str> {
    let known = |name: &str| {
        EVAL_ABLATIONS.iter().any(|&(n, _)| n == name)
            || chess_search::params::Rule::ALL.iter().any(|r| r.name() == name)
    };
    list.split(',').map(str::trim).filter(|n| !n.is_empty() && !known(n)).collect()
}

fn is_go_keyword(s: &str) -> bool {
    matches!(
        s,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "movetime"
            | "mate"
            | "infinite"
            | "ponder"
            | "searchmoves"
            | "perft"
    )
}

/// Prints search progress as UCI `info` lines.
struct UciReporter {
    board: Board,
    mode: CastlingMode,
    out: Output,
}

impl Reporter for UciReporter {
    fn info(&mut self, info: &Info) {
        let bound = match info.bound {
            Bound::Exact => "",
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
        };
        (self.out)(&format!(
            "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} tbhits {} time {} pv {}",
            info.depth,
            info.seldepth,
            info.multi_pv,
            info.score,
            info.nodes,
            info.nps(),
            info.hashfull,
            info.tb_hits,
            info.time_ms,
            self.board.uci_line(&info.pv, self.mode).join(" ")
        ));
    }

    fn current_move(&mut self, mv: Move, number: usize, depth: i32) {
        (self.out)(&format!("info depth {depth} currmove {} currmovenumber {number}", self.board.uci(mv, self.mode)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn go_numbers_saturate_as_stockfish_reads_them() {
        assert_eq!(go_number("1000"), Some(1000));
        assert_eq!(go_number("+7"), Some(7));
        assert_eq!(go_number("-50"), Some(0));
        assert_eq!(go_number("-99999999999999999999"), Some(0));
        assert_eq!(go_number("18446744073709551615"), Some(u64::MAX));
        assert_eq!(go_number("99999999999999999999"), Some(u64::MAX));
        for bad in ["", "-", "+", "1e3", "12a", " 1", "--1", "+-1", "0x10", "١٢"] {
            assert_eq!(go_number(bad), None, "{bad:?}");
        }
    }

    static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());

    fn keep(line: &str) {
        LINES.lock().unwrap().push(line.to_owned());
    }

    #[test]
    fn a_sandbox_bounds_every_search_and_reads_no_file() {
        let sandbox = Sandbox { max_nodes: 2_000, max_perft_depth: 2, max_hash_mb: 1 };
        let mut uci = Uci::sandboxed(sandbox, keep);
        for line in [
            "setoption name Hash value 4096",
            "setoption name BookFile value /etc/hostname",
            "setoption name EvalFile value /etc/hostname",
            "setoption name EvalFile value cn128-v2",
            "setoption name SyzygyPath value /tmp",
            "position startpos",
            "go depth 250",
            "go perft 9",
            "go nodes 99999999999999999999",
        ] {
            assert!(uci.command(line), "{line}");
        }
        uci.finish_search();
        let lines = std::mem::take(&mut *LINES.lock().unwrap());
        for file in ["BookFile", "EvalFile", "SyzygyPath"] {
            let refused = format!("info string {file} \"/");
            assert!(
                lines.iter().any(|l| l.starts_with(&refused) && l.ends_with(": no file is read here")),
                "{lines:#?}"
            );
        }
        assert!(lines.iter().any(|l| l.starts_with("info string net cn128-v2: ")), "{lines:#?}");
        assert_eq!(uci.ai.options().hash_mb, Some(1));
        // Two searches of at most 2,000 nodes each, and a perft of depth 2, not 9.
        let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove ")).collect();
        assert_eq!(bestmoves.len(), 2, "{lines:#?}");
        let nodes = |l: &String| l.split(" nodes ").nth(1)?.split_whitespace().next()?.parse::<u64>().ok();
        assert!(lines.iter().filter_map(nodes).all(|n| n <= 2_000), "{lines:#?}");
        assert!(lines.contains(&"\nNodes searched: 400\n".to_owned()), "{lines:#?}");
    }
}

#[cfg(all(test, feature = "ablation"))]
mod ablation_tests {
    use super::*;

    #[test]
    fn every_eval_name_switches_a_term_off() {
        for (name, _) in EVAL_ABLATIONS {
            assert!(ablated_eval(name).is_some(), "{name} switches nothing off");
        }
        assert_eq!(ablated_eval("nmp"), None, "a search rule leaves the evaluation whole");
    }

    #[test]
    fn names_of_no_feature_are_reported() {
        assert!(unknown_ablations("nmp, tempo,lmr").is_empty());
        assert!(unknown_ablations("").is_empty());
        // Removed features and typos.
        assert_eq!(unknown_ablations("razor,pst,scaling,nmpp"), ["razor", "scaling", "nmpp"]);
    }
}
