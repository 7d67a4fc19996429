//! `chess play`: a game against the AI in the terminal.
//!
//! The human types moves (SAN such as `Nf3`, or UCI such as `g1f3`) and commands, one per line,
//! on standard input: a terminal and a pipe work alike (no raw mode, plain lines in and out), and
//! the end of input ends the session. The AI thinks in the background ([`Ai::start`]); on a
//! terminal a progress line is updated in place while it does.
//!
//! The pieces of the session are small and mostly pure: [`parse_input`] reads a line into an
//! [`Input`], [`resolve_move`] turns a move's text into a legal [`Move`] or a helpful
//! [`MoveError`], and [`render`] draws the board. [`Session`] ties them to the game and the AI.

use std::fmt;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use chess_ai::{Ai, AiError, AiOptions, Analysis, OptionsError, Strength};
use chess_core::{Board, Color, Decision, File, Game, GameStatus, Move, MoveRejection, Rank, Role, Square};
use chess_eval::Score;
use chess_search::Info;

use crate::args::{ArgError, Args};

/// The level played without `--level`.
const DEFAULT_LEVEL: u8 = 3;
/// How long the AI thinks per move at full strength (`--level 0`).
const FULL_STRENGTH_MOVE_TIME_MS: u64 = 1_000;
/// How long `hint` thinks, at full strength.
const HINT_MOVE_TIME_MS: u64 = 300;
/// The transposition table of the hint's AI, MiB.
const HINT_HASH_MB: usize = 16;
/// How often the progress of a search is polled.
const POLL_INTERVAL: Duration = Duration::from_millis(60);

const HELP: &str = "\
Type a move in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q), or a command:
  undo        take back your last move and the AI's reply
  hint        the AI's suggestion (full strength, a short think)
  flip        turn the board around
  fen         print the position as FEN
  pgn         print the game so far as PGN
  save FILE   write the game as PGN to FILE
  resign      give up the game
  new         start a new game with the same options
  help        show this message
  quit        leave (the game is saved to the --pgn file, if one was given)
Scores are in pawns from White's point of view; #3 is a mate in 3 for White, #-3 for Black.";

const AFTER_THE_GAME: &str = "Type new, undo, pgn, save FILE or quit.";

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let settings = Settings::parse(argv)?;
    let mut session = Session::new(settings).map_err(|e| ArgError::Invalid(e.to_string()))?;
    session.play(&mut std::io::stdin().lock());
    Ok(ExitCode::SUCCESS)
}

/// What the command line chose; the same for every game of the session (`new` keeps it).
#[derive(Debug, Clone)]
struct Settings {
    /// 1 to 5, or 0 for full strength.
    level: u8,
    /// The human's colour.
    human: Color,
    /// Where every game starts.
    start: Board,
    /// The AI's random seed (`--seed`), for reproducible games.
    seed: Option<u64>,
    /// Where the game is saved when it ends and on `quit` (`--pgn`).
    pgn: Option<PathBuf>,
}

impl Settings {
    fn parse(argv: &[String]) -> Result<Settings, ArgError> {
        let args = Args::parse(argv, &["--level", "--color", "--fen", "--seed", "--pgn"], &[])?;
        let human = match args.str("--color") {
            None => Color::White,
            Some(value) => parse_color(value).ok_or_else(|| ArgError::BadValue {
                option: "--color".to_owned(),
                value: value.to_owned(),
                reason: "expected white or black".to_owned(),
            })?,
        };
        Ok(Settings {
            level: args.num::<u8>("--level", 0..=5)?.unwrap_or(DEFAULT_LEVEL),
            human,
            start: args.board("--fen")?,
            seed: args.num::<u64>("--seed", 0..=u64::MAX)?,
            pgn: args.str("--pgn").map(PathBuf::from),
        })
    }

    /// The options of the AI the human plays against.
    fn ai_options(&self) -> AiOptions {
        let strength = self.strength();
        let move_time_ms = (strength == Strength::Full).then_some(FULL_STRENGTH_MOVE_TIME_MS);
        AiOptions { strength, move_time_ms, seed: self.seed, ..AiOptions::default() }
    }

    /// The options of the AI that gives hints: full strength, a short think, no book.
    fn hint_options(&self) -> AiOptions {
        AiOptions {
            strength: Strength::Full,
            move_time_ms: Some(HINT_MOVE_TIME_MS),
            hash_mb: Some(HINT_HASH_MB),
            multi_pv: 1,
            book: false,
            seed: self.seed,
            ..AiOptions::default()
        }
    }

    fn strength(&self) -> Strength {
        match self.level {
            0 => Strength::Full,
            level => Strength::Level(level),
        }
    }

    /// The AI's name in the PGN and on screen: `chess AI level 3`.
    fn ai_name(&self) -> String {
        match self.level {
            0 => "chess AI full strength".to_owned(),
            level => format!("chess AI level {level}"),
        }
    }
}

/// `white`/`black` (or `w`/`b`), in any case.
fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// What to do after a line of input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The answer to "Promote to (q, r, b, n)?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PromotionAnswer {
    Piece(Role),
    Cancel,
    EndOfInput,
}

/// One session of `chess play`: the current game, the AI, and how the board is shown.
struct Session {
    settings: Settings,
    ai: Ai,
    /// Created on the first `hint`.
    hint_ai: Option<Ai>,
    game: Game,
    /// The colour shown at the bottom of the board.
    orientation: Color,
    /// The game changed since it was last written to the `--pgn` file.
    unsaved: bool,
    /// Standard output is a terminal: the AI's progress is shown on one updated line.
    live_progress: bool,
    /// Standard input is not a terminal: each line read is echoed after its prompt, so the output
    /// reads as a transcript.
    echo: bool,
}

impl Session {
    fn new(settings: Settings) -> Result<Session, OptionsError> {
        Ok(Session {
            ai: Ai::new(settings.ai_options())?,
            hint_ai: None,
            game: Game::from_board(settings.start),
            orientation: settings.human,
            unsaved: false,
            live_progress: std::io::stdout().is_terminal(),
            echo: !std::io::stdin().is_terminal(),
            settings,
        })
    }

    /// Play until `quit` or the end of `input`.
    fn play(&mut self, input: &mut dyn BufRead) {
        let elo = self.settings.strength().elo().map_or(String::new(), |elo| format!(" (about {elo} Elo)"));
        outln!(
            "You play {} against {}{elo}. Type a move (e4, Nf3, e2e4) or help.",
            color_name(self.settings.human),
            self.settings.ai_name()
        );
        self.continue_game();
        while let Some(line) = self.read_line(input, &self.prompt()) {
            if self.handle_line(&line, input) == Flow::Quit {
                break;
            }
        }
        self.autosave();
    }

    fn prompt(&self) -> String {
        if self.is_over() {
            "Game over> ".to_owned()
        } else {
            format!("Your move ({})> ", color_name(self.settings.human))
        }
    }

    /// Print `prompt` and read one line (without its line ending); `None` at the end of input.
    fn read_line(&self, input: &mut dyn BufRead, prompt: &str) -> Option<String> {
        out!("{prompt}");
        flush();
        let mut buf = Vec::new();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => {
                outln!();
                None
            }
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).trim_end_matches(['\r', '\n']).to_owned();
                if self.echo {
                    outln!("{line}");
                }
                Some(line)
            }
            Err(e) => {
                outln!();
                eprintln!("chess: cannot read the input: {e}");
                None
            }
        }
    }

    fn handle_line(&mut self, line: &str, input: &mut dyn BufRead) -> Flow {
        match parse_input(line) {
            Input::Nothing => {}
            Input::Invalid(e) => outln!("{e}"),
            Input::Move(text) => return self.human_move(&text, input),
            Input::Command(command) => return self.command(command),
        }
        Flow::Continue
    }

    fn command(&mut self, command: Command) -> Flow {
        match command {
            Command::Undo => self.undo(),
            Command::Hint => self.hint(),
            Command::Flip => {
                self.orientation = !self.orientation;
                self.show_position();
            }
            Command::Fen => outln!("{}", self.game.board()),
            Command::Pgn => out!("{}", self.pgn()),
            Command::Save(path) => self.save_to(&path),
            Command::Resign => self.resign(),
            Command::New => self.new_game(),
            Command::Help => outln!("{HELP}"),
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    /// The human's move, typed as `text`; a promotion without its piece asks for it on the next
    /// line of `input`.
    fn human_move(&mut self, text: &str, input: &mut dyn BufRead) -> Flow {
        if self.is_over() {
            outln!("The game is over. {AFTER_THE_GAME}");
            return Flow::Continue;
        }
        let board = *self.game.board();
        let mv = match resolve_move(&board, text) {
            Ok(mv) => mv,
            Err(MoveError::NeedsPromotion { from, to }) => match self.ask_promotion(input) {
                PromotionAnswer::Piece(role) => Move::new(from, to, Some(role)),
                PromotionAnswer::Cancel => {
                    outln!("Move cancelled.");
                    return Flow::Continue;
                }
                PromotionAnswer::EndOfInput => return Flow::Quit,
            },
            Err(e @ MoveError::Illegal { .. }) => {
                outln!("{e}");
                outln!("Legal moves: {}", legal_moves_san(&board).join(", "));
                return Flow::Continue;
            }
            Err(e) => {
                outln!("{e}");
                return Flow::Continue;
            }
        };
        let san = board.san(mv);
        if let Err(e) = self.game.play(mv) {
            outln!("{e}");
            return Flow::Continue;
        }
        self.unsaved = true;
        outln!("You play {}", move_label(&board, &san));
        self.continue_game();
        Flow::Continue
    }

    fn ask_promotion(&self, input: &mut dyn BufRead) -> PromotionAnswer {
        loop {
            let Some(line) = self.read_line(input, "Promote to (q, r, b, n)? ") else {
                return PromotionAnswer::EndOfInput;
            };
            if line.trim().is_empty() {
                return PromotionAnswer::Cancel;
            }
            match parse_promotion(&line) {
                Some(role) => return PromotionAnswer::Piece(role),
                None => outln!("Answer q (queen), r (rook), b (bishop) or n (knight); an empty line cancels."),
            }
        }
    }

    /// After a change to the game: the AI replies if it is its turn, then the position is shown
    /// and, if the game is over, its result.
    fn continue_game(&mut self) {
        if !self.is_over() && self.game.board().side_to_move() != self.settings.human {
            self.ai_move();
        }
        self.show_position();
        if self.is_over() {
            self.announce_result();
        }
    }

    fn ai_move(&mut self) {
        let board = *self.game.board();
        let answer = match self.think() {
            Ok(answer) => answer,
            Err(e) => {
                outln!("The AI could not move: {e}");
                return;
            }
        };
        if let Err(e) = self.game.play(answer.mv()) {
            outln!("The AI chose an {e}: please report this bug.");
            return;
        }
        self.unsaved = true;
        outln!("AI plays {} ({})", answer.best.san, answer_details(&answer, board.side_to_move()));
    }

    /// The AI's move, thought about in the background while its progress is shown.
    fn think(&self) -> Result<Analysis, AiError> {
        let mover = self.game.board().side_to_move();
        let thinking = self.ai.start(&self.game);
        let mut shown = false;
        while !thinking.is_finished() {
            std::thread::sleep(POLL_INTERVAL);
            let latest = thinking.progress().into_iter().rfind(|info| info.multi_pv == 1);
            if let (true, Some(info)) = (self.live_progress, latest) {
                out!("\r{:<60}", progress_line(&info, mover));
                flush();
                shown = true;
            }
        }
        if shown {
            out!("\r{:<60}\r", "");
            flush();
        }
        thinking.join()
    }

    fn hint(&mut self) {
        if self.is_over() {
            outln!("The game is over: no hint. {AFTER_THE_GAME}");
            return;
        }
        let ai = match &mut self.hint_ai {
            Some(ai) => ai,
            slot @ None => match Ai::new(self.settings.hint_options()) {
                Ok(ai) => slot.insert(ai),
                Err(e) => {
                    outln!("No hint: {e}");
                    return;
                }
            },
        };
        let mover = self.game.board().side_to_move();
        match ai.analyze(&self.game) {
            Ok(a) => outln!("Hint: {} ({}, depth {})", a.best.san, format_score(a.score(), mover), a.depth),
            Err(e) => outln!("No hint: {e}"),
        }
    }

    /// Take back the human's last move and the AI's reply (or only the human's move when the
    /// game ended with it); after a resignation, withdraw it.
    fn undo(&mut self) {
        if self.game.decision().is_some() {
            self.game.withdraw_decision();
            self.unsaved = true;
            outln!("Resignation withdrawn.");
            self.show_position();
            return;
        }
        let last_mover = !self.game.board().side_to_move();
        let plies = if last_mover == self.settings.human { 1 } else { 2 };
        if self.game.moves().len() < plies {
            outln!("Nothing to undo.");
            return;
        }
        for _ in 0..plies {
            self.game.undo();
        }
        self.unsaved = true;
        outln!("Took back {}.", if plies == 1 { "your last move" } else { "your last move and the AI's reply" });
        self.show_position();
    }

    fn resign(&mut self) {
        if self.is_over() {
            outln!("The game is already over. {AFTER_THE_GAME}");
            return;
        }
        self.game.decide(Decision::Resignation { loser: self.settings.human });
        self.unsaved = true;
        self.announce_result();
    }

    fn new_game(&mut self) {
        self.game = Game::from_board(self.settings.start);
        self.orientation = self.settings.human;
        self.unsaved = false;
        self.ai.new_game();
        outln!("New game: you play {}.", color_name(self.settings.human));
        self.continue_game();
    }

    fn is_over(&self) -> bool {
        self.game.decision().is_some() || self.game.status().is_over()
    }

    fn announce_result(&mut self) {
        let resigned = match self.game.decision() {
            Some(Decision::Resignation { loser }) => Some(loser),
            _ => None,
        };
        outln!("{}", outcome_text(self.game.status(), resigned));
        self.autosave();
        outln!("{AFTER_THE_GAME}");
    }

    fn show_position(&self) {
        let board = self.game.board();
        let last = match (self.game.moves().last(), self.game.positions().iter().rev().nth(1)) {
            (Some(&mv), Some(before)) => Some(LastMove::new(before, mv)),
            _ => None,
        };
        out!("{}", render(board, self.orientation, last.as_ref()));
    }

    fn pgn(&self) -> String {
        let ai = self.settings.ai_name();
        let (white, black) = match self.settings.human {
            Color::White => ("Human", ai.as_str()),
            Color::Black => (ai.as_str(), "Human"),
        };
        game_pgn(&self.game, white, black)
    }

    fn save_to(&self, path: &Path) {
        match std::fs::write(path, self.pgn()) {
            Ok(()) => outln!("Game saved to {}", path.display()),
            Err(e) => outln!("Cannot write {}: {e}", path.display()),
        }
    }

    /// Write the game to the `--pgn` file if it changed since it was last written (a game
    /// without any move, such as right after `new`, does not overwrite it).
    fn autosave(&mut self) {
        let Some(path) = self.settings.pgn.clone() else { return };
        if self.unsaved && (!self.game.moves().is_empty() || self.game.decision().is_some()) {
            self.save_to(&path);
            self.unsaved = false;
        }
    }
}

fn flush() {
    // Nothing useful can be done when the terminal is gone; the next read ends the session.
    let _ = std::io::stdout().flush();
}

/// A line of input, read by [`parse_input`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Input {
    /// An empty line.
    Nothing,
    Command(Command),
    /// Something that looks like a move (it has a digit, or is castling); whether it is one is
    /// for [`resolve_move`] to say.
    Move(String),
    Invalid(InputError),
}

/// The commands of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Command {
    Undo,
    Hint,
    Flip,
    Fen,
    Pgn,
    Save(PathBuf),
    Resign,
    New,
    Help,
    Quit,
}

/// A line that is neither a command nor a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum InputError {
    #[error("Unknown command {0:?}: type help for the commands, or a move such as e4, Nf3 or e2e4.")]
    Unknown(String),
    #[error("save needs a file name: save FILE")]
    MissingFile,
    #[error("{0} takes no argument (type help for the commands)")]
    UnexpectedArgument(String),
}

/// Read one line of input: a command (any case), a move, or an error.
fn parse_input(line: &str) -> Input {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    if word.is_empty() {
        return Input::Nothing;
    }
    let command = match word.to_ascii_lowercase().as_str() {
        "save" if rest.is_empty() => return Input::Invalid(InputError::MissingFile),
        "save" => return Input::Command(Command::Save(PathBuf::from(rest))),
        "undo" | "takeback" => Command::Undo,
        "hint" => Command::Hint,
        "flip" => Command::Flip,
        "fen" => Command::Fen,
        "pgn" => Command::Pgn,
        "resign" => Command::Resign,
        "new" => Command::New,
        "help" | "?" => Command::Help,
        "quit" | "exit" => Command::Quit,
        _ if looks_like_move(word) => return Input::Move(line.split_whitespace().collect()),
        _ => return Input::Invalid(InputError::Unknown(word.to_owned())),
    };
    if rest.is_empty() {
        Input::Command(command)
    } else {
        Input::Invalid(InputError::UnexpectedArgument(word.to_ascii_lowercase()))
    }
}

/// Whether a word is meant as a move: every move names a square (so has a digit), except castling.
fn looks_like_move(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit()) || is_castling_text(word)
}

fn is_castling_text(s: &str) -> bool {
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    matches!(s.to_ascii_uppercase().replace('0', "O").as_str(), "O-O" | "O-O-O")
}

/// The answer to the promotion question: `q`, `queen`, `=Q`... in any case.
fn parse_promotion(answer: &str) -> Option<Role> {
    let answer = answer.trim().trim_start_matches('=').to_ascii_lowercase();
    let role = match answer.as_str() {
        "queen" => Role::Queen,
        "rook" => Role::Rook,
        "bishop" => Role::Bishop,
        "knight" => Role::Knight,
        _ if answer.chars().count() == 1 => Role::from_char(answer.chars().next()?)?,
        _ => return None,
    };
    Role::PROMOTIONS.contains(&role).then_some(role)
}

/// Why a move's text gives no move.
#[derive(Debug, Clone, PartialEq, Eq)]
enum MoveError {
    /// Not readable as a move.
    Unreadable(String),
    /// Readable, but no legal move matches, and why.
    Illegal { text: String, reason: MoveRejection },
    /// Several legal moves match: their SAN.
    Ambiguous { text: String, candidates: Vec<String> },
    /// A pawn move to the last rank without its promotion piece.
    NeedsPromotion { from: Square, to: Square },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable(text) => write!(
                f,
                "{text:?} is not a move I can read (moves look like e4, Nf3, exd5, O-O, e8=Q or e2e4); \
                 type help for the commands."
            ),
            MoveError::Illegal { text, reason } => write!(f, "{text} is not legal here: {reason}."),
            MoveError::Ambiguous { text, candidates } => match candidates.split_last() {
                Some((last, others)) if !others.is_empty() => {
                    write!(f, "{text} is ambiguous: {} or {last}?", others.join(", "))
                }
                _ => write!(f, "{text} is ambiguous: say which piece moves (its file or rank, e.g. Nbd2)."),
            },
            MoveError::NeedsPromotion { from, to } => write!(f, "{from}{to} promotes: say to which piece."),
        }
    }
}

/// The legal move `text` means in `board` (SAN or UCI), or why there is none: chess-core's
/// [`Board::explain`] says why, this only words it for the terminal.
fn resolve_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    board.explain(text).map_err(|why| match why {
        MoveRejection::Unreadable(_) => MoveError::Unreadable(text.to_owned()),
        MoveRejection::Ambiguous(candidates) => MoveError::Ambiguous { text: text.to_owned(), candidates },
        MoveRejection::MissingPromotion { from, to } => MoveError::NeedsPromotion { from, to },
        reason => MoveError::Illegal { text: text.to_owned(), reason },
    })
}

/// The legal moves in SAN, sorted.
fn legal_moves_san(board: &Board) -> Vec<String> {
    let mut moves: Vec<String> = board.legal_moves().into_iter().map(|m| board.san(m)).collect();
    moves.sort();
    moves
}

/// The move that led to a position, as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct LastMove {
    /// The squares marked on the board (for castling, the king's).
    from: Square,
    to: Square,
    /// The move with its number: `12. e4`, `12...Nf6`.
    label: String,
}

impl LastMove {
    /// `mv`, played in `before`.
    fn new(before: &Board, mv: Move) -> LastMove {
        let to = if before.is_castling(mv) { before.castling_king_square(mv) } else { mv.to() };
        LastMove { from: mv.from(), to, label: move_label(before, &before.san(mv)) }
    }
}

/// The board in Unicode, `orientation`'s side at the bottom, with rank and file coordinates; the
/// squares of the last move are bracketed and the move written below, then `Check!` when the
/// side to move is in check.
///
/// ```text
///     a  b  c  d  e  f  g  h
///  8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8
///  ...
///  4  ·  ·  ·  · [♙] ·  ·  ·  4
///  ...
/// ```
fn render(board: &Board, orientation: Color, last_move: Option<&LastMove>) -> String {
    let mut files = File::ALL;
    let mut ranks = Rank::ALL;
    match orientation {
        Color::White => ranks.reverse(),
        Color::Black => files.reverse(),
    }
    let marked = |sq: Square| last_move.is_some_and(|l| l.from == sq || l.to == sq);
    let coordinates: String = files.iter().map(|f| format!("  {}", f.char())).collect();
    let mut out = format!(" {coordinates}\n");
    for rank in ranks {
        out.push_str(&format!("{} ", rank.char()));
        for file in files {
            let sq = Square::new(file, rank);
            let symbol = board.piece_on(sq).map_or('·', |p| p.unicode());
            let (open, close) = if marked(sq) { ('[', ']') } else { (' ', ' ') };
            out.push_str(&format!("{open}{symbol}{close}"));
        }
        out.push_str(&format!(" {}\n", rank.char()));
    }
    out.push_str(&format!(" {coordinates}\n"));
    if let Some(last) = last_move {
        out.push_str(&format!("Last move: {}\n", last.label));
    }
    if board.in_check() {
        out.push_str("Check!\n");
    }
    out
}

/// A move with its number, played in `before`: `12. e4` for White, `12...Nf6` for Black.
fn move_label(before: &Board, san: &str) -> String {
    let number = before.fullmove_number();
    match before.side_to_move() {
        Color::White => format!("{number}. {san}"),
        Color::Black => format!("{number}...{san}"),
    }
}

/// `White` or `Black`.
fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The PGN result of a win for `winner`.
fn winner_result(winner: Color) -> &'static str {
    match winner {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

/// The end of a game in words: `Checkmate: White wins (1-0)`, `Draw by stalemate (1/2-1/2)`,
/// `You resigned: Black wins (0-1)` (`resigned` is who resigned).
fn outcome_text(status: GameStatus, resigned: Option<Color>) -> String {
    match (resigned, status) {
        (Some(loser), _) => {
            format!("You resigned: {} wins ({})", color_name(!loser), winner_result(!loser))
        }
        (None, GameStatus::Checkmate { winner }) => {
            format!("Checkmate: {} wins ({})", color_name(winner), status.result())
        }
        (None, GameStatus::Ongoing) => "The game goes on (*)".to_owned(),
        (None, draw) => format!("Draw by {} ({})", draw.reason(), draw.result()),
    }
}

/// `game` as PGN between `white` and `black` (a resignation recorded in the game is written by
/// chess-core).
fn game_pgn(game: &Game, white: &str, black: &str) -> String {
    game.to_pgn(&[("Event", "Casual game"), ("White", white), ("Black", black)])
}

/// A score of `mover` (the side to move when it was found), from White's point of view: pawns
/// (`+0.35`, `-1.20`) or a mate in moves (`#3` for White, `#-2` for Black).
fn format_score(score: Score, mover: Color) -> String {
    let sign = match mover {
        Color::White => 1,
        Color::Black => -1,
    };
    match score.mate_moves() {
        Some(moves) => format!("#{}", sign * moves),
        None => format!("{:+.2}", f64::from(sign * score.0) / 100.0),
    }
}

/// A count with thousands separators: `10,234`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What follows the AI's move: `book`, or `+0.21, depth 7, 10,234 nodes, 45 ms`.
fn answer_details(answer: &Analysis, mover: Color) -> String {
    if answer.from_book {
        return "book".to_owned();
    }
    format!(
        "{}, depth {}, {} nodes, {} ms",
        format_score(answer.score(), mover),
        answer.depth,
        thousands(answer.nodes),
        answer.time_ms
    )
}

/// The progress of a search: `thinking... depth 6 score +0.35 nodes 12,345`.
fn progress_line(info: &Info, mover: Color) -> String {
    format!(
        "thinking... depth {} score {} nodes {}",
        info.depth,
        format_score(info.score, mover),
        thousands(info.nodes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn commands_moves_and_errors_are_told_apart() {
        assert_eq!(parse_input("  "), Input::Nothing);
        assert_eq!(parse_input("undo"), Input::Command(Command::Undo));
        assert_eq!(parse_input("  HINT "), Input::Command(Command::Hint));
        assert_eq!(parse_input("quit"), Input::Command(Command::Quit));
        assert_eq!(parse_input("save my game.pgn"), Input::Command(Command::Save("my game.pgn".into())));
        assert_eq!(parse_input("save"), Input::Invalid(InputError::MissingFile));
        assert_eq!(parse_input("flip now"), Input::Invalid(InputError::UnexpectedArgument("flip".into())));
        assert_eq!(parse_input("hello"), Input::Invalid(InputError::Unknown("hello".into())));
        for mv in ["e4", "Nf3", "exd5", "e8=Q", "e2e4", "e7e8q", "O-O", "0-0-0", "o-o", "e9"] {
            assert_eq!(parse_input(mv), Input::Move(mv.into()), "{mv}");
        }
        assert_eq!(parse_input("e2 e4"), Input::Move("e2e4".into()));
        assert!(InputError::Unknown("x".into()).to_string().contains("help"));
    }

    #[test]
    fn promotion_answers() {
        assert_eq!(parse_promotion("q"), Some(Role::Queen));
        assert_eq!(parse_promotion(" N "), Some(Role::Knight));
        assert_eq!(parse_promotion("=R"), Some(Role::Rook));
        assert_eq!(parse_promotion("bishop"), Some(Role::Bishop));
        for bad in ["k", "p", "x", "queens", ""] {
            assert_eq!(parse_promotion(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn moves_in_san_and_uci() {
        let start = Board::startpos();
        let e4 = start.parse_uci("e2e4").unwrap();
        assert_eq!(resolve_move(&start, "e4"), Ok(e4));
        assert_eq!(resolve_move(&start, "e2e4"), Ok(e4));
        assert_eq!(resolve_move(&start, "Nf3"), resolve_move(&start, "g1f3"));
        let castle = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(resolve_move(&castle, "O-O"), Ok(castle.parse_uci("e1g1").unwrap()));
        assert_eq!(resolve_move(&castle, "e1c1"), Ok(castle.parse_uci("e1c1").unwrap()));
        assert!(matches!(resolve_move(&start, "Zz9"), Err(MoveError::Unreadable(_))));
    }

    #[test]
    fn illegal_moves_say_why() {
        let start = Board::startpos();
        let why = |b: &Board, text: &str| match resolve_move(b, text) {
            Err(e @ MoveError::Illegal { .. }) => e.to_string(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(why(&start, "e5"), "e5 is not legal here: no pawn of yours can go to e5.");
        assert_eq!(why(&start, "Ke3"), "Ke3 is not legal here: your king cannot go to e3.");
        assert_eq!(why(&start, "Nd2"), "Nd2 is not legal here: your own pawn is on d2.");
        assert_eq!(why(&start, "e2e5"), "e2e5 is not legal here: the pawn on e2 cannot go to e5.");
        assert_eq!(why(&start, "e3e4"), "e3e4 is not legal here: there is no piece on e3.");
        assert_eq!(why(&start, "e7e5"), "e7e5 is not legal here: the pawn on e7 is Black's.");
        assert!(why(&start, "O-O").contains("squares between king and rook"));
        assert_eq!(why(&start, "e2e4q"), "e2e4q is not legal here: only a pawn reaching the last rank promotes.");
        assert_eq!(why(&start, "e4=Q"), "e4=Q is not legal here: only a pawn reaching the last rank promotes.");
        assert_eq!(why(&start, "Ngd2"), "Ngd2 is not legal here: your own pawn is on d2.");
        assert_eq!(why(&start, "Nbd4"), "Nbd4 is not legal here: no knight of yours can go to d4.");
        assert_eq!(why(&start, "exd3"), "exd3 is not legal here: no pawn of yours can go to d3.");
        // The e2 knight is pinned by the e8 rook.
        let pinned = board("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
        assert!(why(&pinned, "Nc3").ends_with("it would leave your king in check: the rook on e8 pins your knight."));
        let check = board("4r1k1/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(why(&check, "Nb3").ends_with("it does not get your king out of check."));
        // Only the f3 knight could reach d4, and it is pinned by the h5 bishop; the b1 knight cannot.
        let two = board("6k1/8/8/7b/8/5N2/8/1N1K4 w - - 0 1");
        assert!(why(&two, "Nfd4").ends_with("it would leave your king in check: the bishop on h5 pins your knight."));
        assert!(why(&two, "Nbd4").ends_with("no knight of yours can go to d4."));
    }

    #[test]
    fn ambiguous_moves_list_the_candidates() {
        let b = board("4k3/pppp4/8/8/8/8/8/1N2KN2 w - - 0 1");
        let err = resolve_move(&b, "Nd2").unwrap_err();
        assert_eq!(err.to_string(), "Nd2 is ambiguous: Nbd2 or Nfd2?");
        assert_eq!(resolve_move(&b, "Nbd2"), Ok(b.parse_uci("b1d2").unwrap()));
    }

    #[test]
    fn a_promotion_without_its_piece_asks_for_it() {
        let b = board("3r4/4P1k1/8/8/8/8/8/K7 w - - 0 1");
        for text in ["e8", "e7e8", "e8+"] {
            assert_eq!(resolve_move(&b, text), Err(MoveError::NeedsPromotion { from: Square::E7, to: Square::E8 }));
        }
        assert_eq!(resolve_move(&b, "exd8"), Err(MoveError::NeedsPromotion { from: Square::E7, to: Square::D8 }));
        assert_eq!(resolve_move(&b, "e7e8n"), Ok(Move::new(Square::E7, Square::E8, Some(Role::Knight))));
    }

    #[test]
    fn the_board_is_drawn_from_either_side() {
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let last = LastMove::new(game.start(), game.moves()[0]);
        assert_eq!(last.label, "1. e4");
        let white = render(game.board(), Color::White, Some(&last));
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0], "   a  b  c  d  e  f  g  h");
        assert_eq!(lines[1], "8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8");
        assert_eq!(lines[5], "4  ·  ·  ·  · [♙] ·  ·  ·  4");
        assert_eq!(lines[7], "2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙  2");
        assert_eq!(lines[8], "1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1");
        assert_eq!(lines[9], lines[0]);
        assert_eq!(lines[10], "Last move: 1. e4");
        assert_eq!(lines.len(), 11);

        let black = render(game.board(), Color::Black, None);
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0], "   h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], "1  ♖  ♘  ♗  ♔  ♕  ♗  ♘  ♖  1");
        assert_eq!(lines[8], "8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8");
        assert_eq!(lines.len(), 10);
    }

    #[test]
    fn check_and_castling_are_shown() {
        let mut game = Game::from_fen("r7/k7/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let before = *game.board();
        let castle = game.play_san("O-O").unwrap();
        let last = LastMove::new(&before, castle);
        assert_eq!((last.from, last.to), (Square::E1, Square::G1));
        assert!(!render(game.board(), Color::White, Some(&last)).contains("Check!"));
        let mv = game.play_san("Rg8").unwrap();
        let last = LastMove::new(&game.positions()[1], mv);
        assert_eq!(last.label, "1...Rg8+");
        assert!(render(game.board(), Color::White, Some(&last)).ends_with("Last move: 1...Rg8+\nCheck!\n"));
    }

    #[test]
    fn results_in_words() {
        let mate = GameStatus::Checkmate { winner: Color::White };
        assert_eq!(outcome_text(mate, None), "Checkmate: White wins (1-0)");
        assert_eq!(outcome_text(GameStatus::Stalemate, None), "Draw by stalemate (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::ThreefoldRepetition, None), "Draw by threefold repetition (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::FiftyMoveRule, None), "Draw by fifty-move rule (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::InsufficientMaterial, None), "Draw by insufficient material (1/2-1/2)");
        assert_eq!(outcome_text(GameStatus::Ongoing, Some(Color::White)), "You resigned: Black wins (0-1)");
    }

    #[test]
    fn a_resigned_game_gets_its_result_in_the_pgn() {
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let ongoing = game_pgn(&game, "Human", "AI");
        let mut resigned = game.clone();
        resigned.decide(Decision::Resignation { loser: Color::White });
        let pgn = game_pgn(&resigned, "Human", "AI");
        assert!(pgn.contains("[Result \"0-1\"]\n[Termination \"White resigns\"]"), "{pgn}");
        assert!(pgn.ends_with("1. e4 0-1\n"), "{pgn}");
        assert_eq!(Game::from_pgn(&pgn).unwrap().moves(), game.moves());
        assert!(ongoing.ends_with("1. e4 *\n") && !ongoing.contains("Termination"), "{ongoing}");
    }

    #[test]
    fn numbers_for_people() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(10_234), "10,234");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(format_score(Score(35), Color::White), "+0.35");
        assert_eq!(format_score(Score(-120), Color::White), "-1.20");
        assert_eq!(format_score(Score(21), Color::Black), "-0.21");
        assert_eq!(format_score(Score::mate_in(5), Color::White), "#3");
        assert_eq!(format_score(Score::mate_in(5), Color::Black), "#-3");
        assert_eq!(format_score(Score::mated_in(4), Color::White), "#-2");
        assert_eq!(format_score(Score::mated_in(4), Color::Black), "#2");
    }

    #[test]
    fn options_are_checked() {
        let parse = |args: &[&str]| Settings::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let s = parse(&[]).unwrap();
        assert_eq!((s.level, s.human, s.seed), (3, Color::White, None));
        let s = parse(&["--level", "0", "--color", "Black", "--seed", "7"]).unwrap();
        assert_eq!((s.level, s.human, s.seed), (0, Color::Black, Some(7)));
        assert_eq!(s.ai_options().strength, Strength::Full);
        assert_eq!(s.ai_options().move_time_ms, Some(FULL_STRENGTH_MOVE_TIME_MS));
        assert_eq!(s.ai_name(), "chess AI full strength");
        for bad in [&["--level", "9"][..], &["--level", "-1"], &["--color", "green"], &["--fen", "garbage"]] {
            assert!(matches!(parse(bad), Err(ArgError::BadValue { .. })), "{bad:?}");
        }
    }
}
