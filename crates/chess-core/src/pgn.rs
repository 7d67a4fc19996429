//! PGN export of a [`Game`] and import of a single game.

use crate::{Board, Color, FenError, Game, SanError};

/// Why a PGN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// The `FEN` tag holds an invalid position.
    #[error("invalid FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A move could not be played.
    #[error("move {number}{dots} {san}: {error}", dots = if *color == Color::White { "." } else { "..." })]
    Move {
        /// The move number.
        number: u32,
        /// Who was to move.
        color: Color,
        /// The move as written.
        san: String,
        /// Why it was rejected.
        error: SanError,
    },
    /// A tag pair, comment or variation is not closed.
    #[error("unterminated {0} in PGN")]
    Unterminated(&'static str),
}

impl Game {
    /// The game as PGN: the seven-tag roster (missing tags given as `?`), then `extra` tags,
    /// `SetUp`/`FEN` for a non-standard start, and the SAN movetext with the result, wrapped
    /// below 80 columns.
    ///
    /// The result is the board's when the game is over on the board (mate or a draw rule).
    /// Otherwise a `Result` tag of `1-0`, `0-1` or `1/2-1/2` in `tags` records how the game
    /// ended off the board (a resignation, a loss on time, an agreed draw, an adjudication); any
    /// other value is written as `*`, a game still in progress.
    ///
    /// ```
    /// use chess_core::Game;
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.play_san("e5").unwrap();
    /// let pgn = game.to_pgn(&[("White", "Alice"), ("Black", "Bob")]);
    /// assert!(pgn.contains("[White \"Alice\"]"));
    /// assert!(pgn.ends_with("1. e4 e5 *\n"));
    /// assert_eq!(Game::from_pgn(&pgn).unwrap(), game);
    ///
    /// // White resigns: the board cannot know, so the caller says so.
    /// let pgn = game.to_pgn(&[("Result", "0-1"), ("Termination", "White resigns")]);
    /// assert!(pgn.contains("[Result \"0-1\"]\n[Termination \"White resigns\"]"));
    /// assert!(pgn.ends_with("1. e4 e5 0-1\n"));
    /// ```
    pub fn to_pgn(&self, tags: &[(&str, &str)]) -> String {
        let result = match self.result() {
            "*" => tags
                .iter()
                .find(|(k, _)| *k == "Result")
                .and_then(|&(_, v)| ["1-0", "0-1", "1/2-1/2"].into_iter().find(|&r| r == v))
                .unwrap_or("*"),
            on_board => on_board,
        };
        let mut out = String::new();
        let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        for name in roster {
            let value =
                if name == "Result" { result } else { tags.iter().find(|(k, _)| *k == name).map_or("?", |(_, v)| v) };
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
        for (k, v) in tags.iter().filter(|(k, _)| !roster.contains(k) && *k != "FEN" && *k != "SetUp") {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        if let Some(decision) = self.decision().filter(|_| !tags.iter().any(|(k, _)| *k == "Termination")) {
            if self.status() == crate::GameStatus::Ongoing {
                out.push_str(&format!("[Termination \"{}\"]\n", decision.termination()));
            }
        }
        if *self.start() != Board::startpos() {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", self.start().fen()));
        }
        out.push('\n');

        let mut tokens = Vec::new();
        for (i, (san, board)) in self.san_moves().into_iter().zip(self.positions()).enumerate() {
            let number = board.fullmove_number();
            if board.side_to_move() == Color::White {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(san);
        }
        tokens.push(result.to_owned());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Read one game from PGN: tags (the `FEN` tag sets the start), then movetext with move
    /// numbers, comments (`{...}`, `;...`), variations (skipped), NAGs and a result.
    pub fn from_pgn(pgn: &str) -> Result<Game, PgnError> {
        let mut game = Game::new();
        let mut rest = pgn;
        // Tag pairs.
        loop {
            rest = rest.trim_start();
            if !rest.starts_with('[') {
                break;
            }
            let end = rest.find(']').ok_or(PgnError::Unterminated("tag pair"))?;
            let tag = &rest[1..end];
            if let Some((name, value)) = tag.split_once(char::is_whitespace) {
                if name == "FEN" {
                    let value = value.trim().trim_matches('"');
                    game = Game::from_fen(value)?;
                }
            }
            rest = &rest[end + 1..];
        }
        // Movetext.
        let mut depth = 0usize;
        let mut chars = rest.char_indices().peekable();
        let mut token = String::new();
        let mut tokens = Vec::new();
        while let Some((_, c)) = chars.next() {
            match c {
                '{' => {
                    flush(&mut token, &mut tokens, depth);
                    loop {
                        match chars.next() {
                            Some((_, '}')) => break,
                            Some(_) => {}
                            None => return Err(PgnError::Unterminated("comment")),
                        }
                    }
                }
                ';' => {
                    flush(&mut token, &mut tokens, depth);
                    for (_, c) in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                '(' => {
                    flush(&mut token, &mut tokens, depth);
                    depth += 1;
                }
                ')' => {
                    flush(&mut token, &mut tokens, depth);
                    depth = depth.saturating_sub(1);
                }
                c if c.is_whitespace() => flush(&mut token, &mut tokens, depth),
                c => token.push(c),
            }
        }
        flush(&mut token, &mut tokens, depth);
        if depth > 0 {
            return Err(PgnError::Unterminated("variation"));
        }
        for tok in tokens {
            // Move numbers may be glued to the move: "1.e4", "12...Nf6".
            let san = tok.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
            if san.is_empty()
                || san.starts_with('$')
                || matches!(san, "1-0" | "0-1" | "1/2-1/2" | "*")
                || matches!(tok.as_str(), "1-0" | "0-1" | "1/2-1/2")
            {
                continue;
            }
            let board = *game.board();
            game.play_san(san).map_err(|error| PgnError::Move {
                number: board.fullmove_number() as u32,
                color: board.side_to_move(),
                san: san.to_owned(),
                error,
            })?;
        }
        Ok(game)
    }
}

fn flush(token: &mut String, tokens: &mut Vec<String>, depth: usize) {
    if !token.is_empty() {
        if depth == 0 {
            tokens.push(core::mem::take(token));
        } else {
            token.clear();
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_comments_variations_nags_and_numbers() {
        let pgn = "[Event \"x\"]\n[White \"a\"]\n\n1.e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 ; a comment\n3. Bb5 a6 1/2-1/2";
        let game = Game::from_pgn(pgn).unwrap();
        assert_eq!(game.san_moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    }

    #[test]
    fn fen_tag_and_black_first() {
        let pgn = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 *";
        let game = Game::from_pgn(pgn).unwrap();
        assert_eq!(game.moves().len(), 2);
        let out = game.to_pgn(&[]);
        assert!(out.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]"), "{out}");
        assert!(out.contains("1... Kd7 2. e4 *"), "{out}");
        assert_eq!(Game::from_pgn(&out).unwrap(), game);
    }

    #[test]
    fn result_tag_only_for_games_the_board_has_not_ended() {
        let mut game = Game::new();
        for san in ["f3", "e5", "g4"] {
            game.play_san(san).unwrap();
        }
        // A resignation (or any off-board ending) is taken from the tag...
        let resigned = game.to_pgn(&[("Result", "1-0")]);
        assert!(resigned.contains("[Result \"1-0\"]") && resigned.ends_with("2. g4 1-0\n"), "{resigned}");
        // ...but not a value that is no result.
        let garbage = game.to_pgn(&[("Result", "White won")]);
        assert!(garbage.contains("[Result \"*\"]") && garbage.ends_with("2. g4 *\n"), "{garbage}");
        // Once the board has a result, a contradicting tag is ignored.
        game.play_san("Qh4#").unwrap();
        let mated = game.to_pgn(&[("Result", "1-0")]);
        assert!(mated.contains("[Result \"0-1\"]") && mated.ends_with("2. g4 Qh4# 0-1\n"), "{mated}");
    }

    #[test]
    fn errors_name_the_move() {
        let err = Game::from_pgn("1. e4 e5 2. Ke3").unwrap_err();
        assert_eq!(err.to_string(), "move 2. Ke3: illegal move \"Ke3\"");
        assert_eq!(Game::from_pgn("1. e4 {oops").unwrap_err(), PgnError::Unterminated("comment"));
        assert!(matches!(Game::from_pgn("[FEN \"bad\"]\n1. e4"), Err(PgnError::Fen(_))));
    }
}
