//! Seeded random games played with chess-core, written position by position as JSON lines: the
//! generator side of the differential test against python-chess (issue 79,
//! `scripts/diff-python-chess.sh`, which replays every game with `scripts/diff-python-chess.py`).
//!
//! ```sh
//! cargo run --release -p chess-core --example random_games -- --seed 79 --games 1000 --chess960 200 > games.jsonl
//! ```
//!
//! Options (all optional): `--seed S` (default 79), `--games N` standard games (default 1000),
//! `--chess960 M` games from random Chess960 starts (default 200), `--max-plies P` the longest
//! game (default 600), `--san-every K` (default 8: the SAN of every legal move is written in about
//! one position in K, the SAN of the move played in every position).
//!
//! Only chess-core's public API is used, and the games depend on nothing but the seed (a
//! SplitMix64 generator of its own, no `rand`), so a difference found in CI is reproduced with the
//! same command.
//!
//! # The games
//! Game `i` (standard games first, then the Chess960 ones, numbered on) is played from its own
//! seed, `seed` mixed with `i`, so any one game can be regenerated alone. Its length cap is drawn
//! from 1 to `--max-plies`; it ends earlier only on mate or stalemate: the automatic draws
//! (threefold repetition, fifty-move rule, insufficient material) do not stop it, so positions
//! past each draw (four, five repetitions; a halfmove clock past 150) are compared too. Each game
//! has a style that biases the random moves, so that every rule is met often:
//! - `uniform`: every legal move equally likely;
//! - `captures`: a capture when one exists, half of the time (material comes off quickly: bare
//!   kings, lone minor pieces, the fifty-move rule in long endgames);
//! - `shuffle`: most of the time the reverse of the side's previous move when it is legal, else
//!   often a knight move (positions repeat, also with castling rights or en passant lost between
//!   two occurrences of the same placement).
//!
//! # The output
//! One line per game, then one line per position of that game, the start included:
//! ```json
//! {"game":0,"variant":"standard","chess960_index":null,"style":"uniform","plies":143,"start":"<FEN>"}
//! {"game":0,"ply":0,"fen":"<FEN>","moves":["a2a3",...],"san":["a3",...],"check":false,
//!  "status":"game in progress","result":"*","repetitions":1,"halfmove_clock":0,
//!  "insufficient_material":false,"played":"e2e4","played_san":"e4"}
//! ```
//! - `fen`: `Board::fen()` (X-FEN castling; the en-passant square only when a capture is legal);
//! - `moves`: the legal moves in UCI (castling as the king's two-square move in standard games, as
//!   king takes rook in Chess960 ones), sorted as strings; `san`: their SAN in the same order, or
//!   `null` in a position whose SANs are not all written;
//! - `check`: `Board::in_check()`; `status`: `GameStatus::reason()` of `Game::status()` (`game in
//!   progress`, `checkmate`, `stalemate`, `insufficient material`, `threefold repetition`,
//!   `fifty-move rule`, and whatever reason a later status gives); `result`: `Game::result()`;
//! - `repetitions`: `Game::repetitions()`; `halfmove_clock`: `Board::halfmove_clock()`;
//!   `insufficient_material`: `Board::is_insufficient_material()`;
//! - `played`, `played_san`: the move then played, in UCI and SAN (`null` in the last position).

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use chess_core::{Board, CastlingMode, Game, Move, Role};

/// SplitMix64: tiny, seeded, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, stream: u64) -> Rng {
        let mut rng = Rng(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03));
        rng.next();
        rng
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `num / den`.
    fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

#[derive(Clone, Copy)]
enum Style {
    Uniform,
    Captures,
    Shuffle,
}

impl Style {
    fn name(self) -> &'static str {
        match self {
            Style::Uniform => "uniform",
            Style::Captures => "captures",
            Style::Shuffle => "shuffle",
        }
    }
}

struct Options {
    seed: u64,
    games: usize,
    chess960: usize,
    max_plies: usize,
    san_every: usize,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options { seed: 79, games: 1000, chess960: 200, max_plies: 600, san_every: 8 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|_| format!("{flag}: not a number: {v:?}"));
        match flag.as_str() {
            "--seed" => options.seed = number(&value)?,
            "--games" => options.games = number(&value)? as usize,
            "--chess960" => options.chess960 = number(&value)? as usize,
            "--max-plies" => options.max_plies = (number(&value)? as usize).max(1),
            "--san-every" => options.san_every = (number(&value)? as usize).max(1),
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(options)
}

/// The FEN of Chess960 start number `n` (0..960) in Scharnagl's numbering, the one
/// `chess.Board.from_chess960_pos` uses (518 is the standard position).
fn chess960_fen(n: usize) -> String {
    let mut back = [None::<char>; 8];
    let mut n = n;
    back[2 * (n % 4) + 1] = Some('b'); // the light-squared bishop: b, d, f or h
    n /= 4;
    back[2 * (n % 4)] = Some('b'); // the dark-squared bishop: a, c, e or g
    n /= 4;
    let place = |back: &mut [Option<char>; 8], mut k: usize, piece: char| {
        for slot in back.iter_mut().filter(|s| s.is_none()) {
            if k == 0 {
                *slot = Some(piece);
                return;
            }
            k -= 1;
        }
    };
    place(&mut back, n % 6, 'q');
    n /= 6;
    // The knights on two of the five squares left, in the order of the standard table.
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (first, second) = KNIGHTS[n];
    place(&mut back, second, 'n');
    place(&mut back, first, 'n');
    // Rook, king, rook on the three squares left.
    for piece in ['r', 'k', 'r'] {
        place(&mut back, 0, piece);
    }
    let black: String = back.iter().map(|c| c.expect("all eight squares are filled")).collect();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", black.to_ascii_uppercase())
}

/// The move to play: uniform, or biased by the game's style.
fn choose(rng: &mut Rng, game: &Game, moves: &[Move], style: Style) -> Move {
    let board = game.board();
    match style {
        Style::Uniform => {}
        Style::Captures => {
            if rng.chance(1, 2) {
                let captures: Vec<Move> = moves.iter().copied().filter(|&m| board.is_capture(m)).collect();
                if !captures.is_empty() {
                    return rng.pick(&captures);
                }
            }
        }
        Style::Shuffle => {
            // The side's previous move, taken back when that is a legal move now.
            let played = game.moves();
            if played.len() >= 2 && rng.chance(7, 10) {
                let previous = played[played.len() - 2];
                let back = Move::new(previous.to(), previous.from(), None);
                if moves.contains(&back) {
                    return back;
                }
            }
            if rng.chance(1, 2) {
                let knights: Vec<Move> =
                    moves.iter().copied().filter(|&m| board.role_on(m.from()) == Some(Role::Knight)).collect();
                if !knights.is_empty() {
                    return rng.pick(&knights);
                }
            }
        }
    }
    rng.pick(moves)
}

fn json_strings<'a>(out: &mut String, items: impl IntoIterator<Item = &'a str>) {
    out.push('[');
    for (i, s) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_string(out, s);
    }
    out.push(']');
}

/// FEN, UCI, SAN and status texts hold no character that JSON must escape.
fn json_string(out: &mut String, s: &str) {
    debug_assert!(!s.contains(['"', '\\']) && s.chars().all(|c| !c.is_control()));
    out.push('"');
    out.push_str(s);
    out.push('"');
}

/// Plays game `index` and writes its lines.
fn write_game(out: &mut impl Write, options: &Options, index: usize) -> io::Result<()> {
    let mut rng = Rng::new(options.seed, index as u64);
    let chess960 = index >= options.games;
    let (board, chess960_index, mode) = if chess960 {
        let n = rng.below(960);
        let board = Board::from_fen(&chess960_fen(n)).expect("every Chess960 start is a legal position");
        (board, Some(n), CastlingMode::Chess960)
    } else {
        (Board::startpos(), None, CastlingMode::Standard)
    };
    let style = [Style::Uniform, Style::Uniform, Style::Captures, Style::Shuffle][rng.below(4)];
    let plies = 1 + rng.below(options.max_plies);

    let mut game = Game::from_board(board);
    game.set_castling_mode(mode);
    let mut line = String::with_capacity(2048);
    write!(
        line,
        r#"{{"game":{index},"variant":"{}","chess960_index":{},"style":"{}","plies":{plies},"start":"{}"}}"#,
        if chess960 { "chess960" } else { "standard" },
        chess960_index.map_or("null".to_string(), |n| n.to_string()),
        style.name(),
        board.fen(),
    )
    .expect("writing to a String");
    writeln!(out, "{line}")?;

    for ply in 0.. {
        let board = *game.board();
        let mut moves: Vec<(String, Move)> = board.legal_moves().into_iter().map(|m| (board.uci(m, mode), m)).collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        let status = game.status();
        let next = if moves.is_empty() || ply >= plies {
            None
        } else {
            let list: Vec<Move> = moves.iter().map(|&(_, m)| m).collect();
            Some(choose(&mut rng, &game, &list, style))
        };

        line.clear();
        write!(line, r#"{{"game":{index},"ply":{ply},"fen":"{}","moves":"#, board.fen()).expect("String");
        json_strings(&mut line, moves.iter().map(|(uci, _)| uci.as_str()));
        line.push_str(r#","san":"#);
        if rng.below(options.san_every) == 0 {
            let sans: Vec<String> = moves.iter().map(|&(_, m)| board.san(m)).collect();
            json_strings(&mut line, sans.iter().map(String::as_str));
        } else {
            line.push_str("null");
        }
        write!(
            line,
            r#","check":{},"status":"{}","result":"{}","repetitions":{},"halfmove_clock":{},"insufficient_material":{},"played":"#,
            board.in_check(),
            status.reason(),
            game.result(),
            game.repetitions(),
            board.halfmove_clock(),
            board.is_insufficient_material(),
        )
        .expect("String");
        match next {
            Some(mv) => {
                line.push('"');
                line.push_str(&board.uci(mv, mode));
                line.push_str(r#"","played_san":"#);
                json_string(&mut line, &board.san(mv));
            }
            None => line.push_str(r#"null,"played_san":null"#),
        }
        line.push('}');
        writeln!(out, "{line}")?;

        let Some(mv) = next else { break };
        game.play(mv).expect("a generated move is legal");
    }
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("random_games: {e}");
            eprintln!("usage: random_games [--seed S] [--games N] [--chess960 M] [--max-plies P] [--san-every K]");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for index in 0..options.games + options.chess960 {
        if let Err(e) = write_game(&mut out, &options, index) {
            // A closed pipe (the reader stopped at a difference) is not an error of ours.
            if e.kind() == io::ErrorKind::BrokenPipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("random_games: {e}");
            return ExitCode::FAILURE;
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("random_games: {e}");
            ExitCode::FAILURE
        }
    }
}
