//! UCI conformance: the `chess` binary driven through pipes like a GUI drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use chess_core::Game;

/// Long enough for any command on a loaded machine; a hang shows up as a failure, not a stall.
const TIMEOUT: Duration = Duration::from_secs(30);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::spawn(Command::new(env!("CARGO_BIN_EXE_chess")))
    }

    /// The engine with at most `kib` KiB of address space (`ulimit -v`), so that allocations
    /// fail the same way on any machine.
    fn start_with_memory_limit(kib: u64) -> Engine {
        let mut command = Command::new("sh");
        command.arg("-c").arg(format!("ulimit -v {kib} && exec \"$0\"")).arg(env!("CARGO_BIN_EXE_chess"));
        Engine::spawn(command)
    }

    fn spawn(mut command: Command) -> Engine {
        let mut child =
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("start chess");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, s: &str) {
        self.send_bytes(format!("{s}\n").as_bytes());
    }

    fn send_bytes(&mut self, b: &[u8]) {
        self.stdin.write_all(b).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first one starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        lines_until(&self.lines, prefix)
    }

    /// Sync with `isready` and return everything printed before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// Everything printed within `wait`.
    fn drain_for(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut out = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            out.push(line);
        }
        out
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not quit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The lines of `lines` up to and including the first one starting with `prefix`.
fn lines_until(lines: &Receiver<String>, prefix: &str) -> Vec<String> {
    let deadline = Instant::now() + TIMEOUT;
    let mut out = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                let done = line.starts_with(prefix);
                out.push(line);
                if done {
                    return out;
                }
            }
            Err(RecvTimeoutError::Timeout) => panic!("no {prefix:?} within {TIMEOUT:?}; got {out:#?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("engine exited before {prefix:?}; got {out:#?}"),
        }
    }
}

fn bestmove(lines: &[String]) -> (String, Option<String>) {
    let last = lines.last().unwrap();
    let mut t = last.split_whitespace();
    assert_eq!(t.next(), Some("bestmove"), "{last}");
    let best = t.next().unwrap().to_owned();
    let ponder = match (t.next(), t.next()) {
        (Some("ponder"), Some(p)) => Some(p.to_owned()),
        (None, _) => None,
        other => panic!("bad bestmove line {last}: {other:?}"),
    };
    (best, ponder)
}

/// The game after `position startpos moves ...`, for legality checks.
fn game_after(moves: &[&str]) -> Game {
    let mut g = Game::new();
    for m in moves {
        g.play_uci(m).unwrap();
    }
    g
}

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name chess"));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for option in [
        "option name Hash type spin default 16 min 0",
        "option name Threads type spin default 1 min 1",
        "option name MultiPV type spin default 1 min 1",
        "option name Move Overhead type spin",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
        "option name UCI_Chess960 type check default false",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(option)), "{option} missing from {lines:#?}");
    }
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn go_depth_gives_info_lines_and_a_legal_bestmove() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 6, "{lines:#?}");
    for (i, info) in infos.iter().enumerate() {
        let t: Vec<&str> = info.split_whitespace().collect();
        let field = |name: &str| t[t.iter().position(|&x| x == name).unwrap_or_else(|| panic!("{name} in {info}")) + 1];
        assert_eq!(field("depth"), (i + 1).to_string());
        for name in ["seldepth", "nodes", "nps", "time", "hashfull"] {
            field(name).parse::<u64>().unwrap();
        }
        assert_eq!(field("score"), "cp");
        field("cp").parse::<i32>().unwrap();
        // The PV is legal from the position.
        let pv_at = t.iter().position(|&x| x == "pv").unwrap();
        let mut g = game_after(&["e2e4", "e7e5", "g1f3"]);
        for m in &t[pv_at + 1..] {
            g.play_uci(m).unwrap_or_else(|e| panic!("illegal PV move {m} in {info}: {e}"));
        }
    }
    let (best, ponder) = bestmove(&lines);
    let mut g = game_after(&["e2e4", "e7e5", "g1f3"]);
    g.play_uci(&best).unwrap();
    if let Some(p) = ponder {
        g.play_uci(&p).unwrap();
    }
    e.quit();
}

#[test]
fn every_limit_kind() {
    let mut e = Engine::start();
    for go in [
        "go nodes 20000",
        "go movetime 200",
        "go wtime 2000 btime 2000 winc 20 binc 20",
        "go wtime 5000 btime 5000 movestogo 3",
        "go btime 100 wtime 100",
        "go wtime -50 btime 1000",
        "go depth 3 searchmoves a2a3 h2h3",
    ] {
        e.send("position startpos");
        let start = Instant::now();
        e.send(go);
        let lines = e.until("bestmove");
        let (best, _) = bestmove(&lines);
        Game::new().play_uci(&best).unwrap_or_else(|err| panic!("{go}: {best} {err}"));
        if go.contains("searchmoves") {
            assert!(best == "a2a3" || best == "h2h3", "{best}");
        }
        // Within the clock it was given, by its own account (the `time` of its last report):
        // no flag. The wall-clock bound only catches an engine that never answers.
        if go.contains("wtime 2000") {
            let reported = lines
                .iter()
                .rev()
                .find_map(|l| l.split(" time ").nth(1)?.split_whitespace().next()?.parse::<u64>().ok());
            assert!(reported.is_some_and(|t| t < 2000), "{go}: {lines:#?}");
            assert!(start.elapsed() < Duration::from_secs(20), "{go} took {:?}", start.elapsed());
        }
    }
    // Mate search reports the mate.
    e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    e.send("go mate 1");
    let lines = e.until("bestmove");
    assert_eq!(bestmove(&lines).0, "f3f7");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:#?}");
    e.quit();
}

#[test]
fn infinite_and_ponder_wait_for_stop_or_ponderhit() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    let early = e.drain_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:#?}");
    let start = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    // It stopped and answered; the bound only catches an engine that does not stop.
    assert!(start.elapsed() < Duration::from_secs(10), "stop took {:?}", start.elapsed());
    Game::new().play_uci(&bestmove(&lines).0).unwrap();

    // A short mate search done early still waits for stop in infinite mode.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go infinite depth 2");
    let early = e.until("info depth 2");
    assert!(!early.iter().any(|l| l.starts_with("bestmove")));
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    assert_eq!(bestmove(&e.until("bestmove")).0, "a1a8");

    // Ponder: no bestmove until ponderhit, then a normal timed move.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    e.send("isready");
    let before = e.until("readyok");
    assert!(!before.iter().any(|l| l.starts_with("bestmove")), "bestmove while pondering");
    e.send("ponderhit");
    let lines = e.until("bestmove");
    game_after(&["e2e4", "e7e5"]).play_uci(&bestmove(&lines).0).unwrap();
    e.quit();
}

#[test]
fn options_multipv_chess960_and_clear_hash() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("setoption name Hash value 1");
    e.send("setoption name Threads value 2");
    e.send("setoption name Clear Hash");
    e.send("setoption name Move Overhead value 50");
    assert!(e.sync().is_empty(), "valid options are accepted silently");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until("bestmove");
    let at_5: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 5 ")).collect();
    assert_eq!(at_5.len(), 3, "{lines:#?}");
    for (i, l) in at_5.iter().enumerate() {
        assert!(l.contains(&format!(" multipv {} ", i + 1)), "{l}");
    }

    // Chess960: castling is written king-takes-rook.
    e.send("setoption name MultiPV value 1");
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1h1");
    e.send("d");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("Fen: 4k3/8/8/8/8/8/8/5RK1 b - - 1 1")), "{lines:#?}");
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    e.send("go perft 1");
    let lines = e.until("Nodes searched");
    assert!(lines.iter().any(|l| l == "e1h1: 1"), "{lines:#?}");
    e.quit();
}

#[test]
fn a_position_set_up_by_hand_with_extra_material_is_played_not_refused() {
    // A GUI's board editor can send more material than a game reaches (a third black rook beside
    // eight pawns); refusing it would leave the old position and answer for the wrong board.
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let fen = "rnb1kbnr/pppppppp/8/3r4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("d");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l == &format!("Fen: {fen}")), "{lines:#?}");
    e.send("go depth 6");
    let (best, _) = bestmove(&e.until("bestmove"));
    let mut game = Game::from_fen_with(fen, chess_core::MaterialRule::Playable).unwrap();
    assert!(game.play_uci(&best).is_ok(), "{best} is legal");
    // More than the move list can hold stays refused, and says so.
    e.send("position fen QQQQQQQQ/QQ6/8/8/8/8/8/K6k w - - 0 1");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("more pieces than a position can hold moves for")), "{lines:#?}");
    e.quit();
}

#[test]
fn a_refused_position_is_never_searched_as_another_board() {
    // A GUI's board is the one it sent. If that cannot be set up (a broken FEN, an illegal move in
    // the list), answering for the board before would give a move for a position the GUI does
    // not have: `go` says why and gives no move until a valid `position` arrives.
    let mut e = Engine::start();
    let refusals = [
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves e7e5 g1f3 xx",
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq - 0 1",
        "position fen",
        "position startpos moves e2e4 e7e5 e1g1",
    ];
    for refused in refusals {
        e.send("position startpos moves e2e4");
        e.send(refused);
        e.send("go depth 5");
        let lines = e.until("bestmove");
        assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"), "{refused}: {lines:#?}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string go: no position to search, the last position command was refused")),
            "{refused}: {lines:#?}"
        );
        assert!(!lines.iter().any(|l| l.starts_with("info depth")), "{refused}: searched anyway: {lines:#?}");
    }
    // A valid position clears it.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 5");
    let (best, _) = bestmove(&e.until("bestmove"));
    let mut game = Game::new();
    for m in ["e2e4", "e7e5", &best] {
        game.play_uci(m).unwrap();
    }
    e.quit();
}

#[test]
fn bad_input_gets_info_strings_and_the_engine_keeps_going() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let cases: &[(&str, &str)] = &[
        ("xyzzy", "unknown command"),
        ("setoption name Hash value 99999999", "out of range"),
        ("setoption name Hash value -1", "out of range"),
        ("setoption name Threads value lots", "not a number"),
        ("setoption name NoSuchOption value 1", "unknown option"),
        ("setoption name UCI_Chess960 value maybe", "true or false"),
        ("setoption", "setoption needs"),
        ("position fen 8/8/8/8 w - - 0 1", "invalid FEN"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5", "illegal move"),
        ("position", "position needs"),
        ("position sideways", "position needs"),
        ("go depth", "needs a number"),
        ("go banana 3", "unknown token"),
    ];
    for (cmd, expected) in cases {
        if cmd.starts_with("go") {
            // The refused positions above leave nothing to search.
            e.send("position startpos");
        }
        e.send(cmd);
        let lines = e.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string") && l.contains(expected)),
            "{cmd:?} should say {expected:?}, got {lines:#?}"
        );
        // The banana case started a search: collect its bestmove.
        if cmd.starts_with("go") {
            e.send("stop");
            e.until("bestmove");
        }
    }
    // The illegal-move case showed the position up to the last legal move (the start position),
    // and the refused `position sideways` after it left nothing to search.
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5");
    e.send("d");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string no position to search: position command, move 1: illegal move")),
        "{lines:#?}"
    );

    // Garbage bytes, empty lines, very long lines: still alive and consistent.
    e.send_bytes(b"\xff\xfe\x00garbage\n\n   \n\t\n");
    e.send(&"a".repeat(100_000));
    e.send("position startpos");
    e.send("go depth 3");
    let (best, _) = bestmove(&e.until("bestmove"));
    Game::new().play_uci(&best).unwrap();

    // A stop with no search running, ponderhit too, are harmless.
    e.send("stop");
    e.send("ponderhit");
    e.sync();

    // A mated position has no move to give.
    e.send("position fen R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(bestmove(&e.until("bestmove")).0, "(none)");
    e.quit();
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    drop(e.stdin);
    let deadline = Instant::now() + TIMEOUT;
    while e.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the engine did not exit at end of input");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn castling_is_written_as_the_king_move_in_standard_chess() {
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    e.send("go depth 1 searchmoves e1g1");
    assert_eq!(bestmove(&e.until("bestmove")).0, "e1g1");
    e.quit();
}

#[test]
fn levels_elo_and_book_options() {
    let mut e = Engine::start();
    e.send("uci");
    let options = e.until("uciok").join("\n");
    for name in ["Level type spin default 0 min 0 max 5", "UCI_LimitStrength type check", "UCI_Elo type spin"] {
        assert!(options.contains(name), "{name} missing:\n{options}");
    }
    assert!(options.contains("OwnBook type check default false") && options.contains("BookFile type string"));
    // A level with the book: the first move comes from the embedded book, at once.
    e.send("setoption name Level value 3");
    e.send("setoption name OwnBook value true");
    e.send("position startpos");
    e.send("go wtime 10000 btime 10000");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info string book move")), "{lines:?}");
    // Limited strength by Elo, out of the book: a legal move from the search.
    e.send("setoption name Level value 0");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1400");
    e.send("position fen r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10");
    e.send("go wtime 10000 btime 10000");
    let best = e.until("bestmove").pop().unwrap();
    let mv = best.split_whitespace().nth(1).unwrap().to_owned();
    let board: chess_core::Board = "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10".parse().unwrap();
    assert!(board.parse_uci(&mv).is_ok(), "{best}");
    // Bad values are explained and change nothing.
    for (command, expected) in [
        ("setoption name Level value 9", "out of range"),
        ("setoption name UCI_Elo value 5000", "out of range"),
        ("setoption name BookFile value /no/such/book.bin", "keeping <embedded>"),
        ("setoption name OwnBook value maybe", "true or false"),
    ] {
        e.send(command);
        e.send("isready");
        let lines = e.until("readyok");
        assert!(lines.iter().any(|l| l.starts_with("info string") && l.contains(expected)), "{command}: {lines:?}");
    }
    e.send("quit");
}

/// A tuning build lists every search constant as an option and sets it within its range; a
/// normal build has none of them.
#[test]
fn search_constants_are_options_of_a_tuning_build_only() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    let listed = lines.iter().any(|l| l.starts_with("option name rfp_margin type spin default 75 min 30 max 150"));
    assert_eq!(listed, cfg!(feature = "tune"), "{lines:#?}");
    e.send("setoption name RFP_Margin value 999");
    let answer = e.sync();
    if cfg!(feature = "tune") {
        assert_eq!(
            answer,
            ["info string option refused: rfp_margin must be within 30..=150, not 999, keeping the current value"]
        );
        e.send("setoption name rfp_margin value 90");
        assert!(e.sync().is_empty());
        e.send("position startpos");
        e.send("go depth 6");
        let (best, _) = bestmove(&e.until("bestmove"));
        assert!(game_after(&[]).board().legal_moves().iter().any(|m| m.to_string() == best), "{best}");
    } else {
        assert_eq!(answer.len(), 1, "{answer:?}");
        assert!(answer[0].starts_with("info string"), "{answer:?}");
    }
    e.quit();
}

/// `chess params` of a tuning build prints every search constant as a JSON line, for
/// `scripts/spsa.py`; a normal build does not know the command.
#[test]
fn search_constants_as_json_lines_in_a_tuning_build() {
    let out = Command::new(env!("CARGO_BIN_EXE_chess")).arg("params").output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    if cfg!(feature = "tune") {
        assert!(out.status.success());
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(lines.len() >= 40, "{stdout}");
        assert!(
            lines.contains(&r#"{"name":"rfp_margin","value":75,"default":75,"min":30,"max":150,"step":5}"#),
            "{stdout}"
        );
    } else {
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("params"), "{stdout}");
    }
}

/// `EvalFile` loads a net for full strength (the embedded one by default, `<classical>` for the
/// hand-written evaluation, a compiled-in net by name, or a file); a missing or broken file gets
/// an `info string` and the evaluation in use stays.
#[test]
fn eval_file_loads_a_net_or_says_why_not() {
    let dir = std::env::temp_dir().join(format!("chess-uci-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("random.nnue");
    let net = chess_eval::Network::random(16, 3);
    std::fs::write(&good, net.to_bytes()).unwrap();
    let broken = dir.join("broken.nnue");
    std::fs::write(&broken, &net.to_bytes()[..100]).unwrap();

    let mut e = Engine::start();
    e.send("uci");
    assert!(e.until("uciok").iter().any(|l| l == "option name EvalFile type string default <embedded>"));
    e.send(&format!("setoption name EvalFile value {}", broken.display()));
    let answer = e.sync();
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].contains("the net file is truncated; keeping <embedded>"), "{answer:?}");
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    let answer = e.sync();
    assert!(
        answer[0].starts_with("info string net ") && answer[0].contains(&format!("{:016x}", net.hash())),
        "{answer:?}"
    );
    e.send("position startpos");
    e.send("go depth 4");
    let (best, _) = bestmove(&e.until("bestmove"));
    Game::new().play_uci(&best).unwrap();
    // A net compiled into the binary, by its name.
    e.send("setoption name EvalFile value cn128-v2");
    let answer = e.sync();
    assert!(
        answer[0].starts_with("info string net cn128-v2: cn128-v2 (") && answer[0].contains("c13b3e71014a8da7"),
        "{answer:?}"
    );
    // The classical evaluation and the embedded net score the same position differently.
    let score = |e: &mut Engine, eval: &str| {
        e.send(&format!("setoption name EvalFile value {eval}"));
        assert!(e.sync().is_empty(), "{eval}");
        e.send("ucinewgame");
        e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        e.send("go depth 1");
        let lines = e.until("bestmove");
        lines.iter().rev().find(|l| l.contains(" score cp ")).cloned().expect("a scored info line")
    };
    let (classical, net) = (score(&mut e, "<classical>"), score(&mut e, "<embedded>"));
    assert_ne!(classical.split(" nodes ").next(), net.split(" nodes ").next(), "{classical} / {net}");
    e.quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `SyzygyPath` loads tablebases: a covered root is searched on the moves that keep its result,
/// info lines count the probes; a bad path gets an `info string` and the tables stay as they were.
#[test]
fn syzygy_path_loads_tablebases_or_says_why_not() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-syzygy/tests/tables");
    let mut e = Engine::start();
    e.send("uci");
    assert!(e.until("uciok").iter().any(|l| l == "option name SyzygyPath type string default <empty>"));
    e.send("setoption name SyzygyPath value /nonexistent/syzygy");
    let answer = e.sync();
    assert!(
        answer.len() == 1 && answer[0].starts_with("info string SyzygyPath \"/nonexistent/syzygy\": "),
        "{answer:?}"
    );
    e.send(&format!("setoption name SyzygyPath value {tables}"));
    let answer = e.sync();
    assert_eq!(answer, [format!("info string syzygy {tables}: tables up to 4 pieces, probed at full strength")]);
    // KPvK, Black to move: only Ke6 keeps the draw.
    e.send("position fen 8/4k3/8/8/4K3/4P3/8/8 b - - 0 1");
    e.send("go nodes 2000");
    let lines = e.until("bestmove");
    assert_eq!(bestmove(&lines).0, "e7e6", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(" tbhits ")), "{lines:?}");
    // Back to no tables.
    e.send("setoption name SyzygyPath value <empty>");
    assert!(e.sync().is_empty());
    e.quit();
}

/// A `Hash` the machine cannot give is refused with an `info string`; the engine keeps its table
/// and goes on (it used to abort on the failed allocation).
#[test]
fn a_hash_the_machine_cannot_give_is_refused_and_the_engine_goes_on() {
    // The advertised maximum on this machine, then 65536 and 4000 MiB within 3 GB.
    for (mut engine, sizes) in
        [(Engine::start(), &["65536"][..]), (Engine::start_with_memory_limit(3_000_000), &["65536", "4000"][..])]
    {
        engine.send("uci");
        engine.until("uciok");
        for mb in sizes {
            engine.send(&format!("setoption name Hash value {mb}"));
            let said = engine.sync();
            let refusal = format!(
                "info string option refused: cannot allocate a {mb} MiB transposition table: not enough memory"
            );
            assert!(said.contains(&refusal), "{said:?}");
        }
        engine.send("position startpos moves e2e4");
        engine.send("go depth 6");
        let lines = engine.until("bestmove");
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
        engine.send("quit");
        engine.child.wait().unwrap();
    }
}

/// `/dev/zero` and a named pipe as EvalFile, BookFile and SyzygyPath: an `info string` and
/// `readyok` within a second (a pipe used to block the engine forever).
#[cfg(unix)]
#[test]
fn devices_and_named_pipes_as_file_options_are_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("chess-uci-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pipe = dir.join("KRvK.rtbw");
    let _ = std::fs::remove_file(&pipe);
    assert!(Command::new("mkfifo").arg(&pipe).status().unwrap().success());
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until("uciok");
    for option in ["EvalFile", "BookFile", "SyzygyPath"] {
        for value in ["/dev/zero", pipe.to_str().unwrap(), dir.to_str().unwrap()] {
            let started = Instant::now();
            engine.send(&format!("setoption name {option} value {value}"));
            let said = engine.sync();
            assert!(started.elapsed() < Duration::from_secs(1), "{option} {value}: {said:?}");
            assert!(said.iter().any(|l| l.starts_with("info string")), "{option} {value}: {said:?}");
        }
    }
    engine.send("position fen 8/8/8/8/8/2k5/8/R3K3 w - - 0 1");
    engine.send("go depth 4");
    assert!(engine.until("bestmove").last().unwrap().starts_with("bestmove "));
    std::fs::remove_dir_all(&dir).ok();
}

/// `go perft N` runs like a search: `isready` is answered while it counts, `stop` ends it (it
/// used to run on the input thread, deaf until done), and the next command works.
#[test]
fn go_perft_is_answered_while_it_runs_and_stops() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 8");
    let started = Instant::now();
    e.sync();
    assert!(started.elapsed() < Duration::from_secs(1), "isready waited {:?}", started.elapsed());
    e.send("stop");
    let lines = e.until("info string perft stopped");
    assert!(started.elapsed() < Duration::from_secs(2), "{lines:?}");
    e.send("go perft 3");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    e.quit();
}

/// Threads far above the cores are capped at one a core (said in an `info string`), and a
/// 100 ms move stays near 100 ms (256 threads on 2 cores took 0.4-3.1 s).
#[test]
fn threads_above_the_cores_keep_the_time_limit() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 256");
    let said = e.sync();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores < 256 {
        assert!(said.iter().any(|l| l.contains(&format!("searching with {cores} threads"))), "{said:?}");
    }
    for _ in 0..3 {
        e.send("position startpos moves e2e4");
        let started = Instant::now();
        e.send("go movetime 100");
        e.until("bestmove");
        assert!(started.elapsed() < Duration::from_millis(600), "{:?}", started.elapsed());
    }
    e.quit();
}

/// Garbage lines of megabytes get a short `info string`, not the garbage repeated.
#[test]
fn a_huge_garbage_line_gets_a_short_answer() {
    let mut e = Engine::start();
    e.send(&"z".repeat(10_000_000));
    e.send(&format!("setoption name {} value 3", "q".repeat(1_000_000)));
    e.send(&format!("position fen {}", "k".repeat(100_000)));
    e.send(&format!("position startpos moves {}", "e".repeat(100_000)));
    let said = e.sync();
    assert_eq!(said.len(), 4, "{:?}", said.iter().map(|l| &l[..l.len().min(100)]).collect::<Vec<_>>());
    for line in &said {
        assert!(line.starts_with("info string ") && line.len() < 400, "{}", &line[..line.len().min(300)]);
    }
    e.quit();
}

#[test]
fn commands_piped_without_stop_let_each_search_finish() {
    // A script writes its commands at once, without `stop`: every `go` with a limit gets its whole
    // search (the next command waits for it, as Stockfish does), never a move from a search cut
    // off before it looked at anything (the first legal move of the Ruy Lopez below is Ke7).
    let ruy = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1";
    let alone = |position: &str| {
        let mut e = Engine::start();
        e.send(position);
        e.send("go depth 6");
        let lines = e.until("bestmove");
        e.quit();
        bestmove(&lines).0
    };
    let expected = [alone(ruy), alone("position startpos"), alone(ruy)];

    let mut e = Engine::start();
    e.send_bytes(
        format!(
            "{ruy}\ngo depth 6\nucinewgame\nposition startpos\ngo depth 6\nucinewgame\n\
             setoption name MultiPV value 1\n{ruy}\ngo depth 6\n"
        )
        .as_bytes(),
    );
    drop(e.stdin);
    let mut answers = Vec::new();
    for _ in 0..3 {
        let lines = lines_until(&e.lines, "bestmove");
        let deepest = lines.iter().rev().find(|l| l.starts_with("info depth ")).expect("an info line");
        assert!(deepest.starts_with("info depth 6 "), "{lines:#?}");
        answers.push(bestmove(&lines).0);
    }
    assert_eq!(answers, expected);
    assert_ne!(answers[0], "e8e7");
}

#[test]
fn absurd_numbers_in_go_are_clamped_and_the_search_ends_by_itself() {
    // Issue 79, defect 8: `go wtime 99999999999999999999` searched for ever. The number does not
    // fit 64 bits, so it was dropped as no number, which left a search with no limit at all. It
    // is now read as Stockfish reads it (the largest number), and every time is clamped to 24
    // hours, the longest a search is given.
    let mut e = Engine::start();
    // Black is mated: a search with a limit answers at once, one with none waits for `stop`.
    e.send("position fen R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1");
    for go in [
        "go wtime 99999999999999999999 btime 99999999999999999999",
        "go btime 99999999999999999999",
        "go movetime 99999999999999999999",
        "go btime 86400001 binc 999999999999999999999999999999 movestogo 99999999999999999999",
    ] {
        e.send(go);
        let lines = e.until("bestmove");
        assert_eq!(bestmove(&lines).0, "(none)", "{go}");
        assert!(
            lines.iter().any(|l| l.starts_with("info string go: ")
                && l.ends_with(
                    "is more than 86400000 ms (24 hours), the longest a search is given; taken as 86400000"
                )),
            "{go}: {lines:#?}"
        );
        assert!(!lines.iter().any(|l| l.contains("needs a number")), "{go}: {lines:#?}");
    }
    // Below zero, however far, is no time left: a search of the least time, no message.
    e.send("go btime -99999999999999999999 wtime -1");
    let lines = e.until("bestmove");
    assert_eq!(lines, ["bestmove (none)"]);

    // In a position with moves the clamped clock is a clock like any other; stop still answers.
    e.send("position startpos");
    e.send("go wtime 99999999999999999999 btime 99999999999999999999 winc 99999999999999999999");
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    let lines = e.until("bestmove");
    Game::new().play_uci(&bestmove(&lines).0).unwrap();
    e.quit();
}
