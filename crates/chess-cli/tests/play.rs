//! `chess play` driven through a pipe: a script of lines on stdin, the whole transcript read
//! back. A low level and a seed keep the AI fast and its moves reproducible.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use chess_core::{Game, STARTPOS};

/// Run `chess play ARGS` with `script` on stdin (then closed); the output once it has exited.
fn play(args: &[&str], script: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A process that exits early (bad options, `quit`) may not read it all: that is fine.
    let _ = stdin.write_all(script.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// `play` at level 1 with a seed, which must exit with code 0; its standard output.
fn transcript(extra: &[&str], script: &str) -> String {
    let mut args = vec!["--level", "1", "--seed", "7"];
    args.extend_from_slice(extra);
    let out = play(&args, script);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    stdout
}

/// The lines printed in answer to each `command` (the input is echoed after its prompt).
fn answers<'a>(text: &'a str, command: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    lines.windows(2).filter(|w| w[0].ends_with(&format!("> {command}"))).map(|w| w[1]).collect()
}

/// Each PGN printed by the `pgn` command: from `[Event` to the movetext's result.
fn pgns(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[Event ") {
        let mut pgn = String::new();
        let mut in_movetext = false;
        for line in rest[start..].lines() {
            pgn.push_str(line);
            pgn.push('\n');
            in_movetext |= line.is_empty();
            if in_movetext && ["*", "1-0", "0-1", "1/2-1/2"].iter().any(|r| line.ends_with(r)) {
                break;
            }
        }
        rest = &rest[(start + pgn.len()).min(rest.len())..];
        out.push(pgn);
    }
    out
}

/// The rows of the last board printed, top to bottom: their rank digits.
fn last_board_ranks(text: &str) -> String {
    let rows: Vec<char> = text
        .lines()
        .filter(|l| l.chars().count() == 28 && l.starts_with(|c: char| ('1'..='8').contains(&c)))
        .filter_map(|l| l.chars().next())
        .collect();
    rows[rows.len().saturating_sub(8)..].iter().collect()
}

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chess-play-test-{}-{name}.pgn", std::process::id()))
}

#[test]
fn board_has_unicode_pieces_and_coordinates() {
    let out = transcript(&[], "");
    assert!(out.contains("8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8"), "{out}");
    assert!(out.contains("2  ♙  ♙  ♙  ♙  ♙  ♙  ♙  ♙  2"), "{out}");
    assert!(out.contains("1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1"), "{out}");
    assert!(out.contains("   a  b  c  d  e  f  g  h"), "{out}");
    assert_eq!(last_board_ranks(&out), "87654321", "{out}");
}

#[test]
fn illegal_moves_are_explained_and_the_game_goes_on() {
    let out = transcript(&[], "e5\nKe3\ne4\nfen\n");
    assert!(out.contains("e5 is not legal here: no pawn of yours can go to e5."), "{out}");
    assert!(out.contains("Ke3 is not legal here: your king cannot go to e3."), "{out}");
    let legal = out.lines().find(|l| l.starts_with("Legal moves: ")).expect("the legal moves are listed");
    assert!(legal.contains("Nf3") && legal.contains("e4") && !legal.contains("Ke3"), "{legal}");
    assert!(out.contains("You play 1. e4"), "{out}");
    assert!(out.contains("AI plays "), "{out}");
    let fen = answers(&out, "fen");
    assert!(fen[0].contains("/4P3/8/PPPP1PPP/") && fen[0].contains(" w "), "{fen:?}");
}

#[test]
fn unknown_words_suggest_help() {
    let out = transcript(&[], "hello\nhelp\n");
    assert!(out.contains("Unknown command \"hello\": type help"), "{out}");
    assert!(out.contains("save FILE") && out.contains("undo"), "{out}");
}

#[test]
fn ambiguous_moves_name_the_candidates() {
    let out = transcript(&["--fen", "4k3/pppp4/8/8/8/8/8/1N2KN2 w - - 0 1"], "Nd2\nNbd2\nfen\n");
    assert!(out.contains("Nd2 is ambiguous: Nbd2 or Nfd2?"), "{out}");
    assert!(out.contains("You play 1. Nbd2"), "{out}");
    assert!(answers(&out, "fen")[0].contains("/8/3N4/4KN2 w - - "), "{out}");
}

#[test]
fn uci_and_san_moves_are_played_and_the_ai_answers_legally() {
    let out = transcript(&[], "e2e4\nNf3\nfen\npgn\n");
    assert!(out.contains("You play 1. e4"), "{out}");
    assert!(out.contains("You play 2. Nf3"), "{out}");
    assert_eq!(out.matches("AI plays ").count(), 2, "{out}");
    let pgn = &pgns(&out)[0];
    assert!(pgn.contains("[Event \"Casual game\"]"), "{pgn}");
    assert!(pgn.contains("[White \"Human\"]") && pgn.contains("[Black \"chess AI level 1\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    // Replaying the PGN checks that every move, the AI's included, is legal, and that the PGN
    // is the game on the board.
    let game = Game::from_pgn(pgn).expect("the PGN replays");
    assert_eq!(game.moves().len(), 4);
    assert_eq!(&game.san_moves()[0], "e4");
    assert_eq!(&game.san_moves()[2], "Nf3");
    assert!(pgn.contains("1. e4 ") && pgn.contains(" 2. Nf3 "), "{pgn}");
    assert_eq!(answers(&out, "fen")[0], game.board().to_string());
}

#[test]
fn undo_takes_back_both_moves() {
    let out = transcript(&[], "e4\nfen\nundo\nfen\nundo\n");
    let fens = answers(&out, "fen");
    assert_ne!(fens[0], STARTPOS);
    assert_eq!(fens[1], STARTPOS, "{out}");
    assert!(out.contains("Took back your last move and the AI's reply."), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
}

#[test]
fn flip_turns_the_board() {
    let out = transcript(&[], "flip\n");
    assert_eq!(last_board_ranks(&out), "12345678", "{out}");
    assert!(out.contains("   h  g  f  e  d  c  b  a"), "{out}");
    assert!(out.contains("1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖  1"), "{out}");
    let out = transcript(&[], "flip\nflip\n");
    assert_eq!(last_board_ranks(&out), "87654321", "{out}");
}

#[test]
fn promotion_without_a_piece_asks_for_it() {
    let fen = "8/4P1k1/8/8/8/8/8/K7 w - - 0 1";
    let out = transcript(&["--fen", fen], "e8\nn\nfen\n");
    assert!(out.contains("Promote to (q, r, b, n)? n"), "{out}");
    assert!(out.contains("You play 1. e8=N+"), "{out}");
    assert_eq!(answers(&out, "fen")[0], "4N3/6k1/8/8/8/8/8/K7 b - - 0 1");
    // King and knight against king: nobody can win.
    assert!(out.contains("Draw by insufficient material (1/2-1/2)"), "{out}");

    // In UCI, with a wrong answer first; the AI then replies.
    let out = transcript(&["--fen", fen], "e7e8\nx\nq\n");
    assert!(out.contains("Answer q (queen), r (rook), b (bishop) or n (knight)"), "{out}");
    assert!(out.contains("You play 1. e8=Q"), "{out}");
    assert!(out.contains("AI plays K"), "{out}");
}

#[test]
fn checkmate_ends_the_game_but_not_the_session() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let out = transcript(&["--fen", fen], "Ra8\ne4\npgn\n");
    assert!(out.contains("You play 1. Ra8#"), "{out}");
    assert!(out.contains("Checkmate: White wins (1-0)"), "{out}");
    assert!(out.contains("Type review, new, undo, pgn, save FILE or quit."), "{out}");
    assert!(out.contains("The game is over."), "{out}");
    assert!(!out.contains("AI plays"), "{out}");
    let pgn = &pgns(&out)[0];
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")) && pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.ends_with("1. Ra8# 1-0\n"), "{pgn}");
}

#[test]
fn resigning_gives_the_result() {
    let path = temp_path("resign");
    let out = transcript(&["--pgn", path.to_str().unwrap()], "e4\nresign\ny\npgn\nquit\n");
    assert!(out.contains("You resigned: Black wins (0-1)"), "{out}");
    let pgn = &pgns(&out)[0];
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.ends_with(" 0-1\n"), "{pgn}");
    // --pgn: written when the game ended.
    let saved = std::fs::read_to_string(&path).expect("the game was saved");
    std::fs::remove_file(&path).ok();
    assert_eq!(&saved, pgn);
    // Anything but yes keeps the game going: a stray `resign` never ends it.
    let out = transcript(&[], "e4\nresign\nno\npgn\nresign\n");
    assert!(out.contains("Resign this game? (y/n) no\nNot resigned: the game goes on."), "{out}");
    assert!(!out.contains("You resigned"), "{out}");
    assert!(pgns(&out)[0].contains("[Result \"*\"]"), "{out}");
}

/// A `chess play` with its stdin kept open, fed and read line by line.
struct Live {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
            .args(["play", "--level", "1", "--seed", "7"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = send.send(line);
            }
        });
        Live { child, stdin, lines }
    }

    /// Send `lines` (their answers are read by [`wait_for`](Self::wait_for)).
    fn send(&mut self, lines: &str) {
        self.stdin.write_all(lines.as_bytes()).unwrap();
    }

    /// Read until a line contains `until` (a prompt has no line end: wait for what follows it).
    fn wait_for(&mut self, until: &str) {
        loop {
            let got = self.lines.recv_timeout(std::time::Duration::from_secs(60)).expect("an answer");
            if got.contains(until) {
                return;
            }
        }
    }

    fn quit(mut self) {
        writeln!(self.stdin, "quit").unwrap();
        drop(self.stdin);
        assert!(self.child.wait().unwrap().success());
    }
}

/// Two `chess play --pgn FILE` at once: each adds its game and later rewrites only its own copy
/// (the first's re-save with its review used to truncate the file at its game, dropping the
/// second's).
#[test]
fn two_sessions_on_one_file_keep_both_games() {
    let path = temp_path("two-writers");
    std::fs::write(&path, "[Event \"kept\"]\n\n1. d4 d5 *\n").unwrap();
    let file = path.to_str().unwrap();
    let mut first = Live::start(&["--pgn", file]);
    first.send("e4\nresign\ny\n");
    first.wait_for("Game saved to");
    let mut second = Live::start(&["--pgn", file]);
    second.send("c4\nresign\ny\n");
    second.wait_for("Game saved to");
    // The first reviews its game: its copy in the file is rewritten with the review on quit.
    first.send("review\n");
    first.wait_for("carries the review");
    first.quit();
    second.send("review\n");
    second.wait_for("carries the review");
    second.quit();
    let text = std::fs::read_to_string(&path).unwrap();
    let games = chess_core::read_pgn(&text).unwrap();
    let firsts: Vec<String> = games.iter().map(|g| g.game.san_moves().first().cloned().unwrap_or_default()).collect();
    assert_eq!(firsts, ["d4", "e4", "c4"], "{text}");
    assert!(text.contains("[%eval"), "the reviews were written: {text}");
    std::fs::remove_file(&path).ok();
}

/// A save that cannot be completed (here a file-size limit, as a full disk would) leaves the file
/// as it was: the game saved before is whole, and the player is told.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_save_keeps_the_file_as_it_was() {
    let path = temp_path("full");
    let earlier = "[Event \"kept\"]\n\n1. d4 d5 *\n";
    std::fs::write(&path, earlier).unwrap();
    // The game's first save adds about 220 bytes; with its review it is about 420: a limit of
    // 320 bytes more than the file holds lets the first save through and stops the second.
    let script = "Rxa7+\nresign\ny\nreview\nquit\n";
    let fen = "k7/pp4pp/8/8/8/8/6PP/R5K1 w - - 0 1";
    let command = format!(
        "trap '' XFSZ; exec prlimit --fsize={} '{}' play --level 1 --seed 7 --fen '{fen}' --pgn '{}'",
        earlier.len() + 320,
        env!("CARGO_BIN_EXE_chess"),
        path.display()
    );
    let mut child = Command::new("sh")
        .args(["-c", &command])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Game saved to"), "{stdout}");
    assert!(stdout.contains("Cannot write"), "the failed save is reported: {stdout}");
    let text = std::fs::read_to_string(&path).unwrap();
    let games = chess_core::read_pgn(&text).unwrap();
    assert_eq!(games.len(), 2, "{text}");
    assert!(text.starts_with(earlier) && !text.contains("[%eval"), "the first save, whole: {text}");
    assert_eq!((games[1].game.san_moves()[0].as_str(), games[1].result.as_str()), ("Rxa7+", "0-1"), "{text}");
    let dir = path.parent().unwrap();
    let name = path.file_name().unwrap().to_str().unwrap();
    let strays = std::fs::read_dir(dir).unwrap().filter_map(Result::ok).filter(|e| {
        let n = e.file_name().to_string_lossy().into_owned();
        n.starts_with(&format!(".{name}.")) && n.ends_with(".tmp")
    });
    assert_eq!(strays.count(), 0, "no temporary file left");
    std::fs::remove_file(&path).ok();
}

#[test]
fn review_judges_the_game_once_it_is_over() {
    // A rook up, White gives it for a pawn (1. Rxa7+ Kxa7) and resigns: the review marks the move
    // `??` (a missed win) as a key moment, with a better move.
    let fen = "k7/pp4pp/8/8/8/8/6PP/R5K1 w - - 0 1";
    let out = transcript(&["--fen", fen], "review\nRxa7+\nresign\ny\nreview\nquit\n");
    assert!(out.contains("The review comes when the game is over: play it out, or resign."), "{out}");
    let review = &out[out.rfind("> review").expect("the second review")..];
    assert!(review.contains("accuracy") && review.contains("acpl") && review.contains("blunder"), "{review}");
    let white = review.lines().find(|l| l.starts_with("White")).expect("White's row");
    let black = review.lines().find(|l| l.starts_with("Black")).expect("Black's row");
    assert!(white.split_whitespace().count() == 7 && black.split_whitespace().count() == 7, "{review}");
    assert!(review.contains("Key moments:") && review.contains("1. Rxa7+??"), "{review}");
    assert!(review.contains("was better"), "{review}");
    assert!(review.contains("The game's PGN now carries the review (pgn, save FILE)."), "{review}");
}

#[test]
fn a_reviewed_game_is_saved_with_its_review() {
    // The same game, with --pgn: the file is rewritten in place with the review in it, and `pgn`
    // prints the same; once the moves are no longer the reviewed ones (the resignation taken
    // back, a move more), the PGN is plain again.
    let path = temp_path("reviewed");
    let fen = "k7/pp4pp/8/8/8/8/6PP/R5K1 w - - 0 1";
    let out = transcript(&["--fen", fen, "--pgn", path.to_str().unwrap()], "Rxa7+\nresign\nyes\nreview\npgn\nquit\n");
    let saved = std::fs::read_to_string(&path).expect("the game was saved");
    std::fs::remove_file(&path).ok();
    let flat = saved.replace('\n', " ");
    assert!(flat.contains("1. Rxa7+ $4 {[%eval "), "{saved}");
    assert!(flat.contains("[Annotator \"chess review\"]"), "{saved}");
    assert_eq!(saved.matches("[Event ").count(), 1, "rewritten in place, not added: {saved}");
    assert!(out.contains(saved.trim_end()), "pgn prints what was saved: {out}");
    let game = Game::from_pgn(&saved).expect("a readable PGN");
    assert_eq!(game.san_moves(), ["Rxa7+", "Kxa7"]);
    let out = transcript(&["--fen", fen], "Rxa7+\nresign\ny\nreview\nundo\ng4\npgn\nquit\n");
    assert!(out.contains("You play 2. g4"), "{out}");
    let after_undo = &out[out.rfind("> pgn").expect("the pgn command")..];
    assert!(!after_undo.contains("%eval"), "{after_undo}");
}

#[test]
fn save_writes_a_pgn_file() {
    let path = temp_path("save");
    let out = transcript(&[], &format!("d4\nsave {}\n", path.display()));
    assert!(out.contains(&format!("Game saved to {}", path.display())), "{out}");
    let saved = std::fs::read_to_string(&path).expect("the game was saved");
    std::fs::remove_file(&path).ok();
    let game = Game::from_pgn(&saved).expect("a readable PGN");
    assert_eq!(game.san_moves()[0], "d4");
    assert!(saved.contains("[Result \"*\"]"), "{saved}");

    // --pgn: written on quit.
    let path = temp_path("quit");
    transcript(&["--pgn", path.to_str().unwrap()], "e4\nquit\ne5\n");
    let saved = std::fs::read_to_string(&path).expect("the game was saved on quit");
    std::fs::remove_file(&path).ok();
    assert!(saved.contains("1. e4 "), "{saved}");
}

#[test]
fn new_starts_again() {
    let out = transcript(&[], "e4\nnew\nfen\n");
    assert!(out.contains("New game"), "{out}");
    assert_eq!(answers(&out, "fen")[0], STARTPOS);
}

#[test]
fn hint_suggests_a_legal_move() {
    let out = transcript(&[], "hint\n");
    let hint = out.lines().find_map(|l| l.strip_prefix("Hint: ")).expect("a hint");
    let san = hint.split_whitespace().next().unwrap();
    let mut game = Game::new();
    assert!(game.play_san(san).is_ok(), "{hint}");
}

#[test]
fn playing_black_the_ai_moves_first() {
    let out = transcript(&["--color", "black"], "fen\n");
    let ai = out.find("AI plays ").expect("the AI moved");
    let prompt = out.find("Your move (Black)>").expect("then it is the human's turn");
    assert!(ai < prompt, "{out}");
    assert!(answers(&out, "fen")[0].contains(" b KQkq"), "{out}");
    // The board is seen from Black's side.
    assert_eq!(last_board_ranks(&out), "12345678", "{out}");
    assert!(out.contains("8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8"), "{out}");
}

#[test]
fn bad_options_exit_with_code_2() {
    let cases: &[&[&str]] = &[
        &["--level", "9"],
        &["--level", "-1"],
        &["--color", "green"],
        &["--fen", "garbage"],
        &["--seed", "x"],
        &["--level"],
        &["--depth", "3"],
    ];
    for args in cases {
        let out = play(args, "e4\n");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("chess: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn end_of_input_ends_the_session() {
    // Also in the middle of a promotion question.
    let out = transcript(&["--fen", "8/4P1k1/8/8/8/8/8/K7 w - - 0 1"], "e8\n");
    assert!(out.trim_end().ends_with("Promote to (q, r, b, n)?"), "{out}");
    // Without a final newline.
    let out = transcript(&[], "e4");
    assert!(out.contains("You play 1. e4"), "{out}");
}

/// A bishop's SAN with a rank digit (`B2b3`) is the bishop's move, not the king's `b2b3`.
#[test]
fn san_with_a_rank_digit_plays_the_named_piece() {
    let out = transcript(&["--fen", "8/6k1/8/8/B7/6p1/BK6/3R4 w - - 0 1"], "B2b3\nfen\n");
    let fen = answers(&out, "fen")[0];
    let board: chess_core::Board = fen.parse().unwrap();
    assert_eq!(board.piece_on("b3".parse().unwrap()).map(|p| p.role), Some(chess_core::Role::Bishop), "{out}");
    assert_eq!(board.king(chess_core::Color::White), "b2".parse().unwrap(), "{out}");
}

/// `--pgn FILE` and `save FILE` add the game to what the file holds (they used to overwrite a
/// whole game database with one game); saving the same game again rewrites only its own copy.
#[test]
fn saving_adds_the_game_to_the_file_and_keeps_the_others() {
    let path = temp_path("database");
    let earlier = "[Event \"old one\"]\n\n1. d4 d5 *\n\n[Event \"old two\"]\n\n1. c4 *\n";
    std::fs::write(&path, earlier).unwrap();
    let out =
        transcript(&["--pgn", path.to_str().unwrap()], &format!("e4\nsave {}\nresign\ny\nquit\n", path.display()));
    assert!(out.contains(&format!("Game saved to {}, after the games it already held", path.display())), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(earlier), "{text}");
    let games = chess_core::read_pgn(&text).unwrap();
    assert_eq!(games.len(), 3, "{text}");
    assert_eq!(games[2].game.san_moves()[0], "e4");
    assert_eq!(games[2].result, "0-1");
    // A new game in the same session is a fourth game, not a rewrite of the third.
    transcript(&["--pgn", path.to_str().unwrap()], "d4\nnew\nc4\nquit\n");
    let games = chess_core::read_pgn(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(games.len(), 5);
    assert_eq!(games[3].game.san_moves()[0], "d4");
    assert_eq!(games[4].game.san_moves()[0], "c4");
    std::fs::remove_file(&path).ok();
}
