//! `chess play`: a game against the AI in the terminal.
//!
//! The human types moves (SAN such as `Nf3`, or UCI such as `g1f3`) and commands, one per line,
//! on standard input: a terminal and a pipe work alike (no raw mode, plain lines in and out), and
//! the end of input ends the session. The AI thinks in the background ([`Ai::start`]); on a
//! terminal a progress line is updated in place while it does.
//!
//! The session loop is here ([`Session`]: the game, the two AIs, whose turn it is); the other
//! jobs have a file each: [`settings`] (the command line), [`input`] (what the human types, and
//! why a move is refused) and [`render`](mod@render) (what the terminal shows).

mod input;
mod render;
mod settings;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use chess_ai::review::{review, Review, ReviewOptions};
use chess_ai::{Ai, AiError, Analysis, OptionsError, SearchControl};
use chess_core::{Color, Decision, Game, Move, Role};

use crate::args::ArgError;
use crate::format;
use crate::review_cmd::{print_summary, ProgressBar};
use crate::saved_file;
use input::{legal_moves_san, parse_input, parse_promotion, resolve_move, Command, Input, MoveError};
use render::{answer_details, game_pgn, outcome_text, progress_line, render, LastMove};
use settings::Settings;

/// How often the progress of a search is polled.
const POLL_INTERVAL: Duration = Duration::from_millis(60);

const HELP: &str = "\
Type a move in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q), or a command:
  undo        take back your last move and the AI's reply
  hint        the AI's suggestion (full strength, a short think)
  flip        turn the board around
  fen         print the position as FEN
  pgn         print the game so far as PGN
  save FILE   add the game to the PGN file FILE (games already there are kept)
  resign      give up the game
  review      after the game: accuracy, mistakes and where it turned, with better moves
              (pgn and save then write the game with the review in it)
  new         start a new game with the same options
  help        show this message
  quit        leave (the game is added to the --pgn file, if one was given)
Scores are in pawns from White's point of view; #3 is a mate in 3 for White, #-3 for Black.";

const AFTER_THE_GAME: &str = "Type review, new, undo, pgn, save FILE or quit.";

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let settings = Settings::parse(argv)?;
    let mut session = Session::new(settings).map_err(|e| ArgError::Invalid(e.to_string()))?;
    session.play(&mut std::io::stdin().lock());
    Ok(ExitCode::SUCCESS)
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
    /// The files this game was saved to, each with where its text starts there and the text
    /// (a later save replaces that text and nothing else).
    saved_at: Vec<(PathBuf, SavedGame)>,
    /// Standard output is a terminal: the AI's progress is shown on one updated line.
    live_progress: bool,
    /// Standard input is not a terminal: each line read is echoed after its prompt, so the output
    /// reads as a transcript.
    echo: bool,
    /// The last `review`, with the moves it judged: while they are the game's, the game's PGN
    /// carries it (`pgn`, `save`, `--pgn`).
    reviewed: Option<(Vec<Move>, Review)>,
}

impl Session {
    fn new(settings: Settings) -> Result<Session, OptionsError> {
        Ok(Session {
            ai: Ai::new(settings.ai_options())?,
            hint_ai: None,
            game: Game::from_board(settings.start),
            orientation: settings.human,
            unsaved: false,
            saved_at: Vec::new(),
            live_progress: std::io::stdout().is_terminal(),
            echo: !std::io::stdin().is_terminal(),
            reviewed: None,
            settings,
        })
    }

    /// Play until `quit` or the end of `input`.
    fn play(&mut self, input: &mut dyn BufRead) {
        let elo = self.settings.strength().elo().map_or(String::new(), |elo| format!(" (about {elo} Elo)"));
        outln!(
            "You play {} against {}{elo}. Type a move (e4, Nf3, e2e4) or help.",
            self.settings.human.name(),
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
            format!("Your move ({})> ", self.settings.human.name())
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
                    outln!("{}", chess_core::excerpt(&line));
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
            Input::Command(command) => return self.command(command, input),
        }
        Flow::Continue
    }

    fn command(&mut self, command: Command, input: &mut dyn BufRead) -> Flow {
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
            Command::Resign => return self.resign(input),
            Command::Review => self.review(),
            Command::New => {
                // The game left behind is kept in the --pgn file.
                self.autosave();
                self.new_game();
            }
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
        outln!("You play {}", format::numbered_move(&board, &san));
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
            Ok(a) => outln!("Hint: {} ({}, depth {})", a.best.san, a.score().in_pawns_for_white(mover), a.depth),
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

    /// Resign, once the player has said yes: a typo or a stray line never ends a game.
    fn resign(&mut self, input: &mut dyn BufRead) -> Flow {
        if self.is_over() {
            outln!("The game is already over. {AFTER_THE_GAME}");
            return Flow::Continue;
        }
        let Some(answer) = self.read_line(input, "Resign this game? (y/n) ") else { return Flow::Quit };
        if !matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") {
            outln!("Not resigned: the game goes on.");
            return Flow::Continue;
        }
        self.game.decide(Decision::Resignation { loser: self.settings.human });
        self.unsaved = true;
        self.announce_result();
        Flow::Continue
    }

    /// The game judged move by move ([`chess_ai::review`] at its default budget), printed as
    /// `chess review` prints a game; only once it is over, as on the page.
    fn review(&mut self) {
        if !self.is_over() {
            outln!("The review comes when the game is over: play it out, or resign.");
            return;
        }
        if self.game.moves().is_empty() {
            outln!("No moves to review.");
            return;
        }
        let bar = ProgressBar::new(1);
        let options = ReviewOptions::default();
        let result = review(&self.game, &options, &SearchControl::new(), &mut |done, all| bar.show(done, all));
        bar.clear();
        match result {
            Ok(r) => {
                print_summary(&self.game, &r);
                outln!("The game's PGN now carries the review (pgn, save FILE).");
                self.reviewed = Some((self.game.moves().to_vec(), r));
                self.unsaved = true;
                self.autosave();
            }
            Err(e) => outln!("No review: {e}"),
        }
    }

    fn new_game(&mut self) {
        self.game = Game::from_board(self.settings.start);
        self.orientation = self.settings.human;
        self.unsaved = false;
        self.saved_at.clear();
        self.ai.new_game();
        outln!("New game: you play {}.", self.settings.human.name());
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
        let last = self.game.last_move().map(|(mv, before)| LastMove::new(before, mv));
        out!("{}", render(board, self.orientation, last.as_ref()));
    }

    fn pgn(&self) -> String {
        let ai = self.settings.ai_name();
        let (white, black) = match self.settings.human {
            Color::White => ("Human", ai.as_str()),
            Color::Black => (ai.as_str(), "Human"),
        };
        // With its review (`[%eval]`, NAGs, why and better lines) while it is of these moves.
        let review = self.reviewed.as_ref().filter(|(moves, _)| moves == self.game.moves()).map(|(_, r)| r);
        game_pgn(&self.game, white, black, review)
    }

    /// Save the game into `path`: added after the games the file already holds, or in place of
    /// its own earlier copy there.
    fn save_to(&mut self, path: &Path) {
        let earlier = self.saved_at.iter().find(|(p, _)| p == path).map(|(_, saved)| saved);
        match write_game(path, earlier, &self.pgn()) {
            Ok(saved) => {
                let at = saved.at;
                self.saved_at.retain(|(p, _)| p != path);
                self.saved_at.push((path.to_path_buf(), saved));
                if at == 0 {
                    outln!("Game saved to {}", path.display());
                } else {
                    outln!("Game saved to {}, after the games it already held", path.display());
                }
            }
            Err(e) => outln!(
                "Cannot write {}: {e}. The game is not saved there; it is still here (save FILE).",
                path.display()
            ),
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

/// A game as this session last wrote it into a file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SavedGame {
    /// The byte where its text started.
    at: usize,
    /// The text written.
    pgn: String,
}

/// Write `pgn` into the file at `path`: in place of this game's `earlier` copy when the file
/// still holds it, else after all the file holds (the file is created if need be; only a regular
/// file is written). The file is changed under its lock and replaced atomically
/// ([`saved_file::update`]): games other programs added since are kept, and a failure (a full
/// disk) leaves the file as it was.
fn write_game(path: &Path, earlier: Option<&SavedGame>, pgn: &str) -> std::io::Result<SavedGame> {
    saved_file::update(path, |text| {
        // Our copy where we left it, or (an earlier game in the file grew since) where it is now.
        let found = earlier.and_then(|e| {
            let here = text.get(e.at..).is_some_and(|rest| rest.starts_with(&e.pgn));
            let at = if here { Some(e.at) } else { text.rfind(&e.pgn) };
            at.map(|at| (at, e.pgn.len()))
        });
        let (before, after, separator) = match found {
            Some((at, len)) => (&text[..at], &text[at + len..], ""),
            // A blank line between games.
            None => (
                text,
                "",
                match text.as_bytes() {
                    [] | [.., b'\n', b'\n'] => "",
                    [.., b'\n'] => "\n",
                    _ => "\n\n",
                },
            ),
        };
        let at = before.len() + separator.len();
        (format!("{before}{separator}{pgn}{after}"), SavedGame { at, pgn: pgn.to_owned() })
    })
}

fn flush() {
    // Nothing useful can be done when the terminal is gone; the next read ends the session.
    let _ = std::io::stdout().flush();
}
