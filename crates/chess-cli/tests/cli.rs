//! The `chess` binary driven as a user would: output, exit codes and bad input.

use std::process::{Command, Output};

fn chess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_counts_nodes() {
    let out = chess(&["perft", "--depth", "4"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Nodes: 197281"), "{}", stdout(&out));
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = chess(&["perft", "--fen", kiwipete, "--depth", "3"]);
    assert!(stdout(&out).contains("Nodes: 97862"), "{}", stdout(&out));
}

#[test]
fn divide_lists_moves_in_uci() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = chess(&["perft", "--fen", kiwipete, "--depth", "2", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains("e1g1: 43\n"), "{text}");
    assert!(text.contains("e1c1: 43\n"), "{text}");
    assert_eq!(text.lines().take_while(|l| !l.is_empty()).count(), 48);
    assert!(text.contains("Nodes: 2039"));
    // Chess960 notation on request: king takes rook.
    let out = chess(&["perft", "--fen", kiwipete, "--depth", "1", "--divide", "--chess960"]);
    assert!(stdout(&out).contains("e1h1: 1\n"));
}

#[test]
fn epd_suite_reports_passed_and_failed() {
    let dir = std::env::temp_dir().join(format!("chess-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.epd");
    std::fs::write(
        &good,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n\
         4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66",
    )
    .unwrap();
    let out = chess(&["perft", "--epd", good.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(stdout(&out).trim_end().ends_with("5 passed, 0 failed"), "{}", stdout(&out));
    let out = chess(&["perft", "--epd", good.to_str().unwrap(), "--max-depth", "1"]);
    assert!(stdout(&out).trim_end().ends_with("2 passed, 0 failed"));
    let out = chess(&["perft", "--epd", good.to_str().unwrap(), "--max-nodes", "100"]);
    assert!(stdout(&out).trim_end().ends_with("3 passed, 0 failed"));

    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n").unwrap();
    let out = chess(&["perft", "--epd", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("expected 401, got 400"));
    assert!(stdout(&out).trim_end().ends_with("1 passed, 1 failed"));

    let broken = dir.join("broken.epd");
    std::fs::write(&broken, "not a fen ;D1 20\n").unwrap();
    let out = chess(&["perft", "--epd", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(":1:"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let cases: &[&[&str]] = &[
        &["perft", "--fen", "not a fen", "--depth", "2"],
        &["perft", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", "--depth", "2"],
        &["perft", "--depth", "-1"],
        &["perft", "--depth", "999"],
        &["perft", "--depth", "x"],
        &["perft"],
        &["perft", "--depth"],
        &["perft", "--bogus"],
        &["perft", "--epd", "/nonexistent/file.epd"],
        &["perft", "--epd", "x.epd", "--fen", "y"],
        &["frobnicate"],
        &["bench", "0"],
        &["bench", "--depth", "99"],
        &["bench", "--hash", "0"],
        &["bench", "--bogus"],
        &["bench", "--eval", "stockfish"],
        &["bench", "--levels", "--depth", "abc"],
        &["bench", "--levels", "--depth", "3"],
    ];
    for args in cases {
        let out = chess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.starts_with("chess: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let out = chess(&["perft", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", "--depth", "2"]);
    assert!(stderr(&out).contains("black has no king"), "{}", stderr(&out));
    let out = chess(&["play", "--lvl", "3"]);
    assert_eq!(stderr(&out), "chess: unknown option \"--lvl\" (chess play --help lists its options)\n");
}

#[test]
fn each_command_has_its_help() {
    for (args, first) in [
        (&["play", "--help"][..], "  play [--level N]"),
        (&["help", "review"], "  review FILE|-"),
        (&["analyse", "-h"], "  analyze [--fen FEN]"),
        (&["perft", "--depth", "3", "--help"], "  perft --fen FEN"),
    ] {
        let out = chess(args);
        assert!(out.status.success(), "{args:?}");
        let text = stdout(&out);
        assert!(text.lines().nth(1).is_some_and(|l| l.starts_with(first)), "{args:?}: {text}");
        assert!(!text.contains("  uci "), "{args:?}: only the command's own part: {text}");
    }
    // perft and bench have two forms each.
    assert_eq!(stdout(&chess(&["bench", "--help"])).matches("\n  bench ").count(), 2);
    let out = chess(&["help", "frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("chess: unknown command \"frobnicate\"\nusage: chess <command>"));
}

#[test]
fn eval_prints_a_trace() {
    let out = chess(&["eval", "--fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for needle in ["Passed pawns", "Material", "Phase: 0/24", "Evaluation: +", "Net s7-hm4-1726-k200 ("] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    assert!(!text.contains("drawish"), "{text}");
    // Two knights against a king: the net's score, then what the engine keeps of it.
    let out = chess(&["eval", "--fen", "8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1"]);
    let text = stdout(&out);
    assert!(text.contains("; a drawish ending keeps 0/64: +0 cp"), "{text}");
    let out = chess(&["eval", "--fen", "8/8/8 w"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected 6 fields"), "{}", stderr(&out));
}

#[test]
fn bench_prints_a_deterministic_node_count() {
    let run = |more: &[&str]| {
        let out = chess(&[&["bench", "5", "--quiet"], more].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let line = text.lines().find(|l| l.starts_with("Nodes searched")).expect("a node count").to_owned();
        assert!(text.contains("Nodes/second"));
        line.split(':').nth(1).unwrap().trim().parse::<u64>().unwrap()
    };
    let nodes = run(&[]);
    assert!(nodes > 10_000, "{nodes}");
    assert_eq!(run(&[]), nodes);
    assert_eq!(run(&["--eval", "net"]), nodes, "the net is the signature's evaluation");
    let classical = run(&["--eval", "classical"]);
    assert!(classical > 10_000 && classical != nodes, "{classical} / {nodes}");
    // Another net, by its path (the first net, kept in the repository), or the signature's by name.
    let v1 = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-eval/nets/cn128-v1.nnue");
    let first_net = run(&["--eval", v1]);
    assert!(first_net > 10_000 && first_net != nodes && first_net != classical, "{first_net}");
    assert_eq!(run(&["--eval", "s7-hm4-1726-k200"]), nodes);
    assert_eq!(run(&["--eval", "embedded"]), nodes);
    // The levels' net, compiled in beside it, by name.
    let levels_net = run(&["--eval", "cn128-v2"]);
    assert!(levels_net > 10_000 && ![nodes, classical, first_net].contains(&levels_net), "{levels_net}");
}

#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    // `chess perft --divide | head -1`: the reader goes away after the first line, while the
    // later subtrees are still being counted.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(["perft", "--depth", "5", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 6];
    std::io::Read::read_exact(child.stdout.as_mut().expect("piped"), &mut first).expect("some output");
    assert!(first.ends_with(b": "), "{first:?}");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    let err = stderr(&output);
    assert!(output.status.success(), "status {:?}, stderr {err}", output.status);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn analyze_gives_the_tables_verdict_and_keeps_to_it() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-syzygy/tests/tables");
    // KPvK, Black to move: only Ke6 draws.
    let o = chess(&[
        "analyze",
        "--fen",
        "8/4k3/8/8/4K3/4P3/8/8 b - - 0 1",
        "--depth",
        "6",
        "--multipv",
        "1",
        "--syzygy",
        tables,
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Tablebases: a draw for black (0 plies to the next capture, pawn move or mate)"), "{out}");
    assert!(out.contains(" 1.  ") && out.contains("1... Ke6"), "{out}");
    let o = chess(&["analyze", "--syzygy", "/nonexistent"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--syzygy"), "{}", stderr(&o));
}

/// Within 3 GB of address space (`ulimit -v`), tables the machine cannot give are a one-line
/// error and exit code 2, not an abort (exit 134).
#[test]
fn a_hash_the_machine_cannot_give_is_a_one_line_error() {
    for args in ["analyze --hash 65536 --depth 1", "analyze --hash 4000 --depth 1", "bench --hash 4096 --quiet"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 3000000 && exec \"$0\" {args}"))
            .arg(env!("CARGO_BIN_EXE_chess"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args}: {}", stderr(&out));
        let mb = args.split_whitespace().nth(2).unwrap();
        assert_eq!(stderr(&out), format!("chess: cannot allocate a {mb} MiB transposition table: not enough memory\n"));
    }
}

/// A named pipe in a fresh temporary directory (it blocks whoever opens it to read).
#[cfg(unix)]
fn named_pipe(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chess-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    assert!(Command::new("mkfifo").arg(&path).status().unwrap().success());
    path
}

/// `/dev/zero` (endless) and a named pipe (blocks on open) as every file option: a one-line
/// error at once, not a read without end.
#[cfg(unix)]
#[test]
fn devices_and_named_pipes_are_refused_at_once() {
    let pipe = named_pipe("pipe");
    let pipe = pipe.to_str().unwrap();
    for file in ["/dev/zero", pipe] {
        for args in [vec!["eval", "--net", file], vec!["perft", "--epd", file], vec!["analyze", "--syzygy", file]] {
            let started = std::time::Instant::now();
            let out = chess(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            let err = stderr(&out);
            assert!(err.starts_with("chess: ") && err.lines().count() == 1, "{args:?}: {err}");
            assert!(started.elapsed() < std::time::Duration::from_secs(1), "{args:?}");
        }
    }
    std::fs::remove_file(pipe).ok();
}

/// A huge bad value is quoted in part: the message stays one short line.
#[test]
fn a_huge_bad_value_is_quoted_in_part() {
    let huge = "x".repeat(120_000);
    for args in [vec!["perft", "--fen", &huge], vec![&huge], vec!["perft", "--depth", &huge], vec!["bench", &huge]] {
        let out = chess(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        let first = err.lines().next().unwrap();
        assert!(first.starts_with("chess: ") && first.len() < 200 && first.contains("(120000 bytes)"), "{first}");
    }
}

/// A fresh directory for one review test, `chess-cli-review-NAME-PID`, holding `games.pgn` with
/// `games`: the directory (to remove at the end) and the file's path.
fn review_games(name: &str, games: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("chess-cli-review-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    std::fs::write(&path, games).unwrap();
    (dir, path.to_str().unwrap().to_owned())
}

/// `chess review`: each game of a file judged; a broken game is a one-line error naming it, the
/// others are reviewed, exit status 1; an unreadable file is exit status 2.
#[test]
fn review_judges_each_game_and_names_a_broken_one() {
    let (dir, file) = review_games(
        "broken",
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n",
    );
    let file = file.as_str();
    let out = chess(&["review", file, "--nodes", "20000"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.starts_with("chess: game 2, line 6: move 2. Ke3: illegal move \"Ke3\"\n"), "{err}");
    assert!(err.contains("chess: reviewed 2 of 3 games (1 could not be read) in "), "{err}");
    let text = stdout(&out);
    assert!(text.contains("Game 1: Ann - Bob 1-0") && text.contains("Game 3: ? - ? *"), "{text}");
    assert!(text.contains("3...Nf6?? (blunder, ") && text.contains("allows mate in 1: Qxf7#"), "{text}");
    let one = chess(&["review", file, "--game", "3", "--nodes", "20000"]);
    assert_eq!(one.status.code(), Some(0));
    assert!(stdout(&one).starts_with("Game 3:"), "{}", stdout(&one));
    for args in [vec!["review", "/nonexistent.pgn"], vec!["review"], vec!["review", file, "--nodes", "0"]] {
        let out = chess(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with("chess: "), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `chess review --net`: the embedded net by its name is the default review, another net file
/// judges with its own scores, and a file that is not a net is a one-line error (exit status 2).
#[test]
fn review_searches_with_the_net_it_is_given() {
    let (dir, file) = review_games("net", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
    let file = file.as_str();
    let review = |extra: &[&str]| {
        let out = chess(&[&["review", file, "--nodes", "5000", "--jsonl"], extra].concat());
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {}", stderr(&out));
        stdout(&out)
    };
    let v1 = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-eval/nets/cn128-v1.nnue");
    let (default, by_name, older) = (review(&[]), review(&["--net", "s7-hm4-1726-k200"]), review(&["--net", v1]));
    assert_eq!(default, by_name);
    assert_ne!(default, older, "another net scores the positions otherwise");
    assert!(older.contains("allows mate in 1: Qxf7#"), "{older}");
    let out = chess(&["review", file, "--net", file]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.starts_with("chess: invalid value") && err.contains("for --net") && err.lines().count() == 1, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `chess analyze --net`: another net's scores for the same position; a bad one is refused.
#[test]
fn analyze_searches_with_the_net_it_is_given() {
    let v1 = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-eval/nets/cn128-v1.nnue");
    // The best line with its score (a fixed depth on one thread: the same every run).
    let best = |extra: &[&str]| {
        let out = chess(&[&["analyze", "--depth", "6", "--multipv", "1"], extra].concat());
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {}", stderr(&out));
        let text = stdout(&out);
        text.lines().skip_while(|l| !l.starts_with("Best lines")).nth(1).unwrap_or_default().to_owned()
    };
    let (default, by_name, older) = (best(&[]), best(&["--net", "s7-hm4-1726-k200"]), best(&["--net", v1]));
    assert!(default.starts_with(" 1. "), "{default}");
    assert_eq!(default, by_name);
    assert_ne!(default, older, "another net scores the position otherwise");
    let out = chess(&["analyze", "--depth", "6", "--net", "/nonexistent.nnue"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("for --net"), "{}", stderr(&out));
}

/// `chess review --json` / `--jsonl` / `--annotate`: the schema's fields, one line a game, and a
/// PGN with NAGs, `[%eval]` comments and the better line that reads back to the same moves.
#[test]
fn review_writes_json_lines_and_an_annotated_pgn() {
    let (dir, file) = review_games(
        "json",
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    );
    let file = file.as_str();
    let out = chess(&["review", file, "--nodes", "5000", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let games: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(games.as_array().map(Vec::len), Some(2));
    let first = &games[0];
    assert_eq!(
        (first["game"].as_u64(), first["tags"]["White"].as_str(), first["result"].as_str()),
        (Some(1), Some("Ann"), Some("0-1"))
    );
    let review = &first["review"];
    assert_eq!(review["schema"], "chess-review/2");
    let g4 = &review["plies"][2];
    assert_eq!(
        (g4["san"].as_str(), g4["uci"].as_str(), g4["class"].as_str()),
        (Some("g4"), Some("g2g4"), Some("blunder"))
    );
    assert_eq!(g4["scoreAfter"], serde_json::json!({ "kind": "mate", "moves": -1 }), "Black mates in 1, White's view");
    assert_eq!(g4["symbol"], "??");
    assert!(g4["best"]["pvSan"].as_array().is_some_and(|line| !line.is_empty()));
    assert_eq!(review["white"]["counts"]["blunder"], 1);
    assert_eq!(games[1]["review"]["plies"][5]["class"], "blunder", "3...Nf6??");

    let lines = chess(&["review", file, "--nodes", "5000", "--jsonl"]);
    let text = stdout(&lines);
    assert_eq!(text.lines().count(), 2);
    for (line, game) in text.lines().zip(games.as_array().unwrap()) {
        assert_eq!(&serde_json::from_str::<serde_json::Value>(line).unwrap(), game, "--jsonl is --json a line");
    }

    let annotated = dir.join("annotated.pgn");
    let out = chess(&["review", file, "--nodes", "5000", "--annotate", annotated.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let pgn = std::fs::read_to_string(&annotated).unwrap();
    let flat = pgn.replace('\n', " ");
    assert!(flat.contains("2. g4 $4 {[%eval #-1] Blunder: allows mate in 1: Qh4#;"), "{pgn}");
    assert!(flat.contains("3... Nf6 $4 {[%eval #1] Blunder: allows mate in 1: Qxf7#;"), "{pgn}");
    let back = chess_core::read_pgn(&pgn).unwrap();
    assert_eq!(back.len(), 2);
    assert_eq!(back[1].game.san_moves().len(), 7);
    assert_eq!(back[0].tag("Annotator"), Some("chess review"));
    assert!(chess(&["review", file, "--json", "--jsonl"]).status.code() == Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// `--reviews FILE`: the reviews of earlier `--jsonl` runs (two shards' outputs put together, in
/// any order) or of a `--json` run, written again without a search: the same JSON and the same
/// annotated PGN as the run that searched; a game missing from the file or reviewed for another
/// game is a one-line error naming it (exit 1); search options and broken files are refused.
#[test]
fn review_from_earlier_reviews() {
    let (dir, file) =
        review_games("earlier", "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n1. d4 *\n");
    let file = file.as_str();
    let at = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let run = |args: &[&str]| {
        let out = chess(&[&["review", file], args].concat());
        (out.status.code(), stdout(&out), stderr(&out))
    };
    let (code, searched, _) = run(&["--nodes", "4000", "--jsonl", "--annotate", &at("searched.pgn")]);
    assert_eq!(code, Some(0));
    let (_, first, _) = run(&["--nodes", "4000", "--jsonl", "--shard", "1/2"]);
    let (_, second, _) = run(&["--nodes", "4000", "--jsonl", "--shard", "2/2"]);
    std::fs::write(at("both.jsonl"), format!("{second}{first}")).unwrap();
    let (code, again, err) = run(&["--reviews", &at("both.jsonl"), "--jsonl", "--annotate", &at("again.pgn")]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(again, searched, "the same reviews, in the file's order");
    let pgn = std::fs::read_to_string(at("again.pgn")).unwrap();
    assert_eq!(pgn, std::fs::read_to_string(at("searched.pgn")).unwrap());
    assert!(pgn.replace('\n', " ").contains("{[%eval #-1] Blunder: allows mate in 1: Qh4#;"), "{pgn}");
    // A side that has not moved lost nothing: 0, not "-0".
    let (_, table, _) = run(&["--reviews", &at("both.jsonl"), "--game", "3"]);
    assert!(!table.contains(" -0 "), "{table}");
    let (_, json, _) = run(&["--nodes", "4000", "--json"]);
    std::fs::write(at("all.json"), &json).unwrap();
    assert_eq!(run(&["--reviews", &at("all.json"), "--json"]).1, json);
    // The first shard alone lacks game 2.
    std::fs::write(at("first.jsonl"), &first).unwrap();
    let (code, _, err) = run(&["--reviews", &at("first.jsonl")]);
    assert_eq!(code, Some(1));
    assert!(err.contains("chess: game 2 has no review in "), "{err}");
    // The reviews of other games.
    let other = dir.join("other.pgn");
    std::fs::write(&other, "1. e4 e5 *\n").unwrap();
    let out = chess(&["review", other.to_str().unwrap(), "--reviews", &at("both.jsonl")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("chess: game 1: the review is not of this game: ply 1 is f3 in the review, e4 in the game"),
        "{}",
        stderr(&out)
    );
    let (code, _, err) = run(&["--reviews", &at("both.jsonl"), "--nodes", "100"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--reviews takes the reviews as they were made: --nodes does not go with it"), "{err}");
    std::fs::write(at("bad.jsonl"), "{\"game\": 1}\n").unwrap();
    let (code, _, err) = run(&["--reviews", &at("bad.jsonl")]);
    assert_eq!(code, Some(2));
    assert!(err.contains("bad.jsonl, line 1: expected {\"game\": K, ..., \"review\": {...}}"), "{err}");
    // A review read back is untrusted input: a key moment past the moves is an error naming it
    // (it was an index out of bounds, exit 134).
    let mut line: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    line["review"]["keyMoments"] = serde_json::json!([1, 500]);
    std::fs::write(at("past.jsonl"), format!("{line}\n{}", second)).unwrap();
    let (code, _, err) = run(&["--reviews", &at("past.jsonl")]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("keyMoments[1]: ply 500 is not a ply of the review"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--jsonl` writes each game's line as soon as it is reviewed (it used to wait for every game):
/// the first game's line arrives while the second, long one is still being searched.
#[test]
fn review_jsonl_writes_each_game_when_it_is_done() {
    use std::io::BufRead;
    let long = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 \
                10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 *";
    let (dir, file) = review_games("stream", &format!("1. e4 *\n\n{long}\n"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(["review", &file, "--jsonl", "--nodes", "150000"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let at = std::time::Instant::now();
    assert!(first.starts_with("{\"game\":1,"), "{first}");
    let second = lines.next().unwrap().unwrap();
    assert!(second.starts_with("{\"game\":2,"), "{second}");
    // 32 positions at 150,000 nodes take seconds; written together, the lines come microseconds apart.
    let gap = at.elapsed();
    assert!(gap > std::time::Duration::from_millis(300), "the first line came with the second ({gap:?})");
    assert!(child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).ok();
}

/// `--jobs 2` gives the output of one job, in the file's order; `--shard 1/2` and `2/2` split the
/// games between them; bad values are refused.
#[test]
fn review_jobs_and_shards() {
    let games: String = [
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        "1. d4 d5 2. c4 *",
        "1. f3 e5 2. g4 Qh4# 0-1",
        "1. Nf3 Nf6 *",
        "1. c4 *",
    ]
    .iter()
    .map(|g| format!("{g}\n\n"))
    .collect();
    let (dir, file) = review_games("jobs", &games);
    let file = file.as_str();
    let run = |extra: &[&str]| {
        let mut args = vec!["review", file, "--nodes", "3000", "--jsonl"];
        args.extend_from_slice(extra);
        let out = chess(&args);
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {}", stderr(&out));
        stdout(&out)
    };
    let one = run(&[]);
    assert_eq!(one.lines().count(), 5);
    assert_eq!(run(&["--jobs", "2"]), one, "two jobs: the same reviews, in order");
    let numbers = |text: &str| -> Vec<u64> {
        text.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["game"].as_u64().unwrap()).collect()
    };
    let (first, second) = (run(&["--shard", "1/2"]), run(&["--shard", "2/2", "--jobs", "2"]));
    assert_eq!((numbers(&first), numbers(&second)), (vec![1, 3, 5], vec![2, 4]));
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(first.lines().collect::<Vec<_>>(), [lines[0], lines[2], lines[4]]);
    for bad in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
        let out = chess(&["review", file, "--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(stderr(&out).contains("--shard takes I/N"), "{bad}: {}", stderr(&out));
    }
    assert_eq!(chess(&["review", file, "--jobs", "0"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
