//! PGN: the one reader and writer of every front end (the terminal, UCI-less programs, the
//! JavaScript package).
//!
//! Reading ([`read_pgn`], [`PgnGames`], [`Game::from_pgn`]) takes what people and programs write,
//! as python-chess does: a UTF-8 byte-order mark, `%` escape lines, tag values with `]` or escaped
//! quotes, move numbers glued to moves (`1.e4`, `12...Nf6`) or not, castling with zeros
//! (`4. 0-0`), comments (`{...}` and `; ...`), NAGs (`$1`) and their symbols (`!?`, standalone or
//! after the move), the en-passant mark of printed games (`exd6 e.p.`, on an en-passant capture
//! only), variations (`( ... )`, nested up to [`MAX_VARIATION_DEPTH`] deep), several games in one
//! text. Each game comes whole ([`PgnGame`]: tags in order, moves, comments, NAGs, variations,
//! result) and writes itself back ([`PgnGame::to_pgn`]).
//!
//! Variations are kept as a tree: each move's [`Annotation`] holds the [`Variation`]s played
//! instead of it (from the position before it), and each move of a variation has an annotation
//! of its own, with its comment, NAGs and variations. A game read and written again gives the
//! same text as the first writing.
//!
//! Whatever the text, reading ends, in time linear in its length: a game that cannot be read is a
//! typed [`PgnError`] with its number and line (an illegal move, in the main line or in a
//! variation, an unclosed comment or variation, variations nested too deep, a malformed tag, a
//! `]` or `}` that closes nothing), and the next game is read after it.
//!
//! Writing a plain [`Game`] ([`Game::to_pgn`]) gives the seven-tag roster, the moves and the
//! result, wrapped below 80 columns.

use crate::{Board, CastlingMode, Color, Decision, FenError, Game, GameStatus, MaterialRule, Move, SanError};

/// How deep variations may nest: a variation of a main-line move is one deep, a variation of one
/// of its moves two, and so on. The reader refuses deeper ones ([`PgnError::TooDeep`]: a hostile
/// text of nested `(` costs neither the stack nor the time), and the writer leaves them out, so
/// that every text it writes reads back.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Why a game of a PGN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
    /// A tag pair that is not `[Name "value"]`.
    #[error("malformed tag pair {0:?} (tags look like [White \"Carlsen\"])")]
    Tag(String),
    /// A `]` or `}` in the movetext that closes nothing: no tag pair or comment was open.
    #[error("a lone {0:?} in the movetext (no {opener:?} before it)", opener = opener_of(*.0))]
    Lone(char),
    /// A `(` opened inside [`MAX_VARIATION_DEPTH`] variations.
    #[error("variations nested more than {MAX_VARIATION_DEPTH} deep")]
    TooDeep,
    /// A `(` before any move, at the start of the game or of a variation: a variation is played
    /// instead of the move before it, and there is none.
    #[error("a variation before any move (a variation replaces the move before it)")]
    VariationWithoutMove,
}

/// The bracket a lone `]` or `}` would close.
fn opener_of(close: char) -> char {
    if close == ']' {
        '['
    } else {
        '{'
    }
}

/// A game of a multi-game PGN that could not be read: which one, where, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {error}")]
pub struct PgnReadError {
    /// The game's number in the text, from 1.
    pub game: usize,
    /// The line of the text (from 1) where the fault is.
    pub line: usize,
    /// What is wrong.
    #[source]
    pub error: PgnError,
}

/// What follows a move in PGN: its NAGs (`$1`, or `!` and the other symbols), a comment, and
/// the variations played instead of it. Written in that order: `12. e4 $1 {a comment} (12. d4)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotation {
    /// Numeric annotation glyphs in the order written: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`,
    /// 6 `?!`, others as `$n`.
    pub nags: Vec<u8>,
    /// The comment after the move (several comments joined by a space), without braces.
    pub comment: Option<String>,
    /// The lines played instead of the move, each from the position before it, in the order
    /// written (PGN's `( ... )` after the move).
    pub variations: Vec<Variation>,
}

/// A line played instead of a move (PGN's `( ... )`): its moves from the position before that
/// move, each with its NAGs, comment and variations of its own, and a comment before the first.
///
/// The moves are legal where they come when read. One that is not (a line built by hand) ends
/// what is written of the line: the writer writes the legal part (nothing, and no parentheses,
/// when the first move is not legal), as it leaves out a line with no moves and lines nested
/// deeper than [`MAX_VARIATION_DEPTH`].
///
/// ```
/// use chess_core::{read_pgn, Board, Variation};
/// let text = "1. e4 (1. d4 d5 (1... Nf6) 2. c4) 1... e5 *";
/// let game = read_pgn(text).unwrap().remove(0);
/// let d4 = &game.annotations[0].variations[0];
/// assert_eq!(d4.san(&Board::startpos()), ["d4", "d5", "c4"]);
/// let nf6 = &d4.moves[1].annotation.variations[0];
/// assert_eq!(nf6.moves.len(), 1);
/// assert!(game.to_pgn().ends_with("\n1. e4 (1. d4 d5 (1... Nf6) 2. c4) 1... e5 *\n"));
///
/// // A line from a search (moves), as another variation of White's first move.
/// let mut board = Board::startpos();
/// let c4 = board.parse_san("c4").unwrap();
/// board.play(c4);
/// let e5 = board.parse_san("e5").unwrap();
/// let mut game = game;
/// game.annotations[0].variations.push(Variation::new([c4, e5]));
/// assert!(game.to_pgn().contains("(1. d4 d5 (1... Nf6) 2. c4) (1. c4 e5) 1... e5"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Variation {
    /// A comment right after `(`, before the first move.
    pub comment: Option<String>,
    /// The moves, in order, each with what follows it.
    pub moves: Vec<VariationMove>,
}

/// A move of a [`Variation`], and its NAGs, comment and the variations played instead of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationMove {
    /// The move, from the position the line has reached.
    pub mv: Move,
    /// What follows it: its variations start from the position before it.
    pub annotation: Annotation,
}

impl VariationMove {
    /// `mv`, with no NAGs, comment or variations.
    pub fn new(mv: Move) -> VariationMove {
        VariationMove { mv, annotation: Annotation::default() }
    }
}

impl Variation {
    /// The line of `moves`, with no comments, NAGs or variations.
    pub fn new(moves: impl IntoIterator<Item = Move>) -> Variation {
        Variation { comment: None, moves: moves.into_iter().map(VariationMove::new).collect() }
    }

    /// The moves in SAN, played out from `start` (the position before the move the line
    /// replaces), up to the first that is not legal where it comes.
    pub fn san(&self, start: &Board) -> Vec<String> {
        let moves: Vec<Move> = self.moves.iter().map(|m| m.mv).collect();
        start.san_line(&moves)
    }
}

/// One game of a PGN, whole: what [`read_pgn`] gives and [`to_pgn`](Self::to_pgn) writes back.
///
/// ```
/// use chess_core::read_pgn;
/// let text = "[Event \"Rapid [blitz]\"]\n[White \"Smith\"]\n\n1. e4 {the king's pawn} e5 $1 2. Nf3 *\n";
/// let games = read_pgn(text).unwrap();
/// let game = &games[0];
/// assert_eq!(game.tag("Event"), Some("Rapid [blitz]"));
/// assert_eq!(game.game.san_moves(), ["e4", "e5", "Nf3"]);
/// assert_eq!(game.annotations[0].comment.as_deref(), Some("the king's pawn"));
/// assert_eq!(game.annotations[1].nags, [1]);
/// assert!(game.to_pgn().ends_with("1. e4 {the king's pawn} 1... e5 $1 2. Nf3 *\n"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order read (values unescaped).
    pub tags: Vec<(String, String)>,
    /// The moves of the main line, from the `FEN` tag's position or the standard start, with
    /// the written result as its [`Decision`] when the board did not end the game.
    pub game: Game,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// One per move of [`game`](Self::game), in order.
    pub annotations: Vec<Annotation>,
    /// The result written at the end of the movetext (`1-0`, `0-1`, `1/2-1/2` or `*`; `*` when
    /// none was written).
    pub result: String,
}

impl PgnGame {
    /// A game with no tags, comments or NAGs.
    pub fn new(game: Game) -> PgnGame {
        let annotations = vec![Annotation::default(); game.moves().len()];
        PgnGame { tags: Vec::new(), game, comment: None, annotations, result: "*".to_owned() }
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The game as PGN, with its tags (the seven-tag roster first), comments, NAGs and result.
    /// The result is the board's when the rules ended the game, else the one read.
    pub fn to_pgn(&self) -> String {
        let written = Some(self.result.as_str()).filter(|r| *r != "*");
        let result = match self.game.result() {
            "*" => written.or(self.tag("Result").filter(|r| RESULTS.contains(r))).unwrap_or("*"),
            on_board => on_board,
        };
        let mut tags: Vec<(&str, &str)> = self
            .tags
            .iter()
            .map(|(k, v)| if k == "Result" { (k.as_str(), result) } else { (k.as_str(), v.as_str()) })
            .collect();
        if self.tag("Result").is_none() {
            tags.push(("Result", result));
        }
        write_pgn(&self.game, &tags, self.comment.as_deref(), &self.annotations)
    }
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
        self.to_pgn_game(tags).to_pgn()
    }

    /// The game with `tags` as a [`PgnGame`] (no comments or NAGs yet), whose
    /// [`to_pgn`](PgnGame::to_pgn) is [`to_pgn`](Self::to_pgn)'s text: for a caller that adds
    /// annotations before writing it (a review's, say).
    ///
    /// ```
    /// use chess_core::Game;
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// let tags = [("White", "Alice"), ("Result", "1-0")];
    /// let mut pgn = game.to_pgn_game(&tags);
    /// assert_eq!(pgn.to_pgn(), game.to_pgn(&tags));
    /// pgn.annotations[0].comment = Some("best by test".into());
    /// assert!(pgn.to_pgn().ends_with("1. e4 {best by test} 1-0\n"));
    /// ```
    pub fn to_pgn_game(&self, tags: &[(&str, &str)]) -> PgnGame {
        let result = match self.result() {
            "*" => tags
                .iter()
                .find(|(k, _)| *k == "Result")
                .and_then(|&(_, v)| RESULTS.into_iter().find(|&r| r == v))
                .unwrap_or("*"),
            on_board => on_board,
        };
        let mut all: Vec<(&str, &str)> =
            tags.iter().map(|&(k, v)| if k == "Result" { (k, result) } else { (k, v) }).collect();
        if !all.iter().any(|(k, _)| *k == "Result") {
            all.push(("Result", result));
        }
        if let Some(decision) = self.deciding_decision().filter(|_| !tags.iter().any(|(k, _)| *k == "Termination")) {
            all.push(("Termination", decision.termination()));
        }
        let mut pgn = PgnGame::new(self.clone());
        pgn.tags = all.into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
        pgn.result = result.to_owned();
        pgn
    }

    /// Read the first game of a PGN (the moves of its main line; [`read_pgn`] gives every game
    /// whole, with tags and comments). An empty text is a game with no moves. A result the board
    /// does not give (`1-0` after a resignation, `1/2-1/2` agreed) is kept as the game's
    /// [`Decision`]: a loss on time when the `Termination` tag says so, else a resignation or an
    /// agreed draw.
    pub fn from_pgn(pgn: &str) -> Result<Game, PgnError> {
        match PgnGames::new(pgn).next() {
            Some(Ok(game)) => Ok(game.game),
            Some(Err(e)) => Err(e.error),
            None => Ok(Game::new()),
        }
    }
}

/// Every game of a PGN text, whole, or the first that cannot be read (its number and line).
///
/// ```
/// use chess_core::read_pgn;
/// let games = read_pgn("1. e4 e5 1-0\n\n[White \"B\"]\n\n1. d4 *").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].tag("White"), Some("B"));
/// let err = read_pgn("1. e4 *\n\n1. e4 e5\n2. Ke3 *").unwrap_err();
/// assert_eq!(err.to_string(), "game 2, line 4: move 2. Ke3: illegal move \"Ke3\"");
/// ```
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnReadError> {
    PgnGames::new(text).collect()
}

/// The games of a PGN text one by one; a game that cannot be read gives its error and the next
/// game is read after it.
pub struct PgnGames<'a> {
    lexer: Lexer<'a>,
    number: usize,
    material: MaterialRule,
}

impl<'a> PgnGames<'a> {
    /// The games of `text`; a `FEN` tag's material is judged by [`MaterialRule::Reachable`].
    pub fn new(text: &'a str) -> PgnGames<'a> {
        PgnGames { lexer: Lexer::new(text), number: 0, material: MaterialRule::Reachable }
    }

    /// Judge the material of `FEN` tags by `rule` (a game from a position set up by hand).
    pub fn with_material(self, rule: MaterialRule) -> PgnGames<'a> {
        PgnGames { material: rule, ..self }
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Result<PgnGame, PgnReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.lexer.peek()?;
        self.number += 1;
        let game = read_game(&mut self.lexer, self.material);
        Some(game.map_err(|(line, error)| {
            skip_rest_of_game(&mut self.lexer);
            PgnReadError { game: self.number, line, error }
        }))
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
/// The NAGs written as symbols, `$1` to `$6`.
const NAG_SYMBOLS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    Comment(String),
    Nag(u8),
    Open,
    Close,
    Result(String),
    /// A move, perhaps with its number glued in front (`1.e4`) or a move number alone (`12.`).
    Word(String),
}

type Lexed = Result<(Token, usize), (usize, PgnError)>;

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    peeked: Option<Lexed>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer { text, pos: 0, line: 1, peeked: None }
    }

    fn peek(&mut self) -> Option<&Lexed> {
        if self.peeked.is_none() {
            self.peeked = self.lex_advancing();
        }
        self.peeked.as_ref()
    }

    fn next(&mut self) -> Option<Lexed> {
        self.peeked.take().or_else(|| self.lex_advancing())
    }

    /// [`lex`](Self::lex), which moves past at least one byte whenever it gives a token or an
    /// error: what makes every loop over the tokens ([`read_game`], [`skip_rest_of_game`]) end.
    fn lex_advancing(&mut self) -> Option<Lexed> {
        let before = self.pos;
        let lexed = self.lex();
        debug_assert!(lexed.is_none() || self.pos > before, "the PGN lexer did not advance at byte {before}");
        lexed
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
    }

    /// Move past `n` bytes, counting lines.
    fn advance(&mut self, n: usize) -> &'a str {
        let taken = &self.text[self.pos..self.pos + n];
        self.line += taken.bytes().filter(|&b| b == b'\n').count();
        self.pos += n;
        taken
    }

    /// The text up to (not including) the first `end`, or to the end of the text.
    fn until(&mut self, end: char) -> (&'a str, bool) {
        match self.rest().find(end) {
            Some(i) => {
                let taken = self.advance(i);
                self.advance(end.len_utf8());
                (taken, true)
            }
            None => (self.advance(self.rest().len()), false),
        }
    }

    fn lex(&mut self) -> Option<Lexed> {
        loop {
            let c = self.rest().chars().next()?;
            if c.is_whitespace() {
                self.advance(c.len_utf8());
                continue;
            }
            let line = self.line;
            if c == '%' && self.at_line_start() {
                self.until('\n');
                continue;
            }
            let token = match c {
                ';' => {
                    self.advance(1);
                    let (text, _) = self.until('\n');
                    Token::Comment(text.trim().to_owned())
                }
                '{' => {
                    self.advance(1);
                    let (text, closed) = self.until('}');
                    if !closed {
                        return Some(Err((line, PgnError::Unterminated("comment"))));
                    }
                    Token::Comment(text.split_whitespace().collect::<Vec<_>>().join(" "))
                }
                '[' => return Some(self.tag(line)),
                '(' => {
                    self.advance(1);
                    Token::Open
                }
                ')' => {
                    self.advance(1);
                    Token::Close
                }
                '$' => {
                    self.advance(1);
                    let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
                    match self.advance(digits).parse::<u8>() {
                        Ok(n) => Token::Nag(n),
                        Err(_) => continue,
                    }
                }
                '!' | '?' => {
                    let n = self.rest().bytes().take_while(|&b| b == b'!' || b == b'?').count();
                    match nag_of_symbol(self.advance(n)) {
                        Some(n) => Token::Nag(n),
                        None => continue,
                    }
                }
                // Closes nothing (tags and comments consume their own): refused, past it, so that
                // every call of `lex` moves on (the word below would be empty and read for ever).
                ']' | '}' => {
                    self.advance(1);
                    return Some(Err((line, PgnError::Lone(c))));
                }
                _ => {
                    let n = self
                        .rest()
                        .find(|c: char| c.is_whitespace() || "{}()[];$".contains(c))
                        .unwrap_or(self.rest().len());
                    let word = self.advance(n);
                    if RESULTS.contains(&word) {
                        Token::Result(word.to_owned())
                    } else {
                        Token::Word(word.to_owned())
                    }
                }
            };
            return Some(Ok((token, line)));
        }
    }

    /// `[Name "value"]`, the value's `\"` and `\\` unescaped; `]` and unescaped quotes may stand
    /// inside the value (it ends at the quote before the `]`).
    fn tag(&mut self, line: usize) -> Lexed {
        let start = self.pos;
        let malformed = |lexer: &mut Lexer| {
            lexer.pos = start;
            let (text, _) = lexer.until('\n');
            Err((line, PgnError::Tag(crate::excerpt(text.trim()).into_owned())))
        };
        self.advance(1);
        let name_len = self.rest().find(|c: char| c.is_whitespace() || c == '"' || c == ']').unwrap_or(0);
        let name = self.advance(name_len).to_owned();
        let spaces = self.rest().len() - self.rest().trim_start_matches([' ', '\t']).len();
        self.advance(spaces);
        if name.is_empty() || !self.rest().starts_with('"') {
            return malformed(self);
        }
        self.advance(1);
        let mut value = String::new();
        let mut chars = self.rest().char_indices();
        let rest = self.rest();
        let end = loop {
            match chars.next() {
                // The closing quote is the one before `]`; another is part of the value (python-chess
                // writes `"` unescaped, and reads it so).
                Some((i, '"')) if rest[i + 1..].trim_start_matches([' ', '\t']).starts_with(']') => break i,
                // `\"` and `\\` are escapes; any other backslash is itself (python-chess writes
                // values unescaped).
                Some((i, '\\')) if rest[i + 1..].starts_with(['"', '\\']) => {
                    value.push(rest[i + 1..].chars().next().unwrap_or('\\'));
                    chars.next();
                }
                Some((_, '\n')) | None => return malformed(self),
                Some((_, c)) => value.push(c),
            }
        };
        self.advance(end + 1);
        let spaces = self.rest().len() - self.rest().trim_start_matches([' ', '\t']).len();
        self.advance(spaces);
        if !self.rest().starts_with(']') {
            return malformed(self);
        }
        self.advance(1);
        Ok((Token::Tag(name, value), line))
    }
}

fn nag_of_symbol(symbol: &str) -> Option<u8> {
    NAG_SYMBOLS.iter().position(|&s| s == symbol).map(|i| i as u8 + 1)
}

/// A move without the number glued before it (`12...Nf6` -> `Nf6`, `4.0-0` -> `0-0`) and the
/// NAG of a symbol glued after it (`e4!?`); empty for a move number alone (`12.`, `12...`, `12`).
fn split_move(word: &str) -> (&str, Option<u8>) {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let after = &word[digits..];
    let mv = if digits == word.len() {
        ""
    } else if after.starts_with('.') {
        after.trim_start_matches('.')
    } else {
        word
    };
    let body = mv.trim_end_matches(['!', '?']);
    (body, nag_of_symbol(&mv[body.len()..]))
}

/// Whether a `Variant` tag names Chess960 (as lichess writes it, or the older names), read as the
/// writer gives it back (control characters as spaces): a game read, written and read again is
/// the same variant.
fn is_chess960(variant: &str) -> bool {
    let words: Vec<&str> =
        variant.split(|c: char| c.is_whitespace() || c.is_control()).filter(|w| !w.is_empty()).collect();
    let variant = words.join(" ");
    ["chess960", "chess 960", "fischerandom", "fischer random", "960"].iter().any(|v| variant.eq_ignore_ascii_case(v))
}

/// The value the writer gives the tag `name` ([`write_pgn`] writes each name once, by this rule):
/// the first tag of exactly that name, else the first whose name it writes so (`Vari ant` as
/// `Variant`).
fn written_tag<'a, K: AsRef<str>, V: AsRef<str>>(tags: &'a [(K, V)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.as_ref() == name)
        .or_else(|| tags.iter().find(|(k, _)| tag_name(k.as_ref()) == name))
        .map(|(_, v)| v.as_ref())
}

/// Read one game; the error and its line when it cannot be read.
fn read_game(lexer: &mut Lexer, material: MaterialRule) -> Result<PgnGame, (usize, PgnError)> {
    let mut pgn = PgnGame::new(Game::new());
    // Tag pairs.
    while let Some(Ok((Token::Tag(..), _))) = lexer.peek() {
        let Some(Ok((Token::Tag(name, value), line))) = lexer.next() else { unreachable!() };
        if name == "FEN" {
            pgn.game = Game::from_fen_with(value.trim(), material).map_err(|e| (line, e.into()))?;
        }
        pgn.tags.push((name, value));
    }
    // A Chess960 game whose start looks standard (number 518) still castles by its rules' names.
    if written_tag(&pgn.tags, "Variant").is_some_and(is_chess960) {
        pgn.game.set_castling_mode(CastlingMode::Chess960);
    }
    // Movetext, to the result or the next game's tags; `open` holds the variations being read,
    // the innermost last (no recursion: the depth is capped, the stack is not used).
    let mut open: Vec<OpenVariation> = Vec::new();
    loop {
        match lexer.peek() {
            None | Some(Ok((Token::Tag(..), _))) => {
                return match open.last() {
                    Some(variation) => Err((variation.line, PgnError::Unterminated("variation"))),
                    None => Ok(pgn),
                }
            }
            Some(_) => {}
        }
        let (token, line) = lexer.next().expect("peeked")?;
        match token {
            Token::Result(_) if !open.is_empty() => {
                let line = open.last().map_or(line, |v| v.line);
                return Err((line, PgnError::Unterminated("variation")));
            }
            Token::Result(result) => {
                if let Some(decision) = decision_of(&result, pgn.tag("Termination")) {
                    if pgn.game.status() == GameStatus::Ongoing {
                        pgn.game.decide(decision);
                    }
                }
                pgn.result = result;
                return Ok(pgn);
            }
            Token::Open => {
                if open.len() >= MAX_VARIATION_DEPTH {
                    return Err((line, PgnError::TooDeep));
                }
                // The variation replaces the last move of the line it stands in.
                let start = match open.last() {
                    Some(outer) => outer.last_move().map(|(_, before)| before),
                    None => pgn.game.last_move().map(|(_, before)| *before),
                };
                let start = start.ok_or((line, PgnError::VariationWithoutMove))?;
                open.push(OpenVariation { line, variation: Variation::default(), before_last: start, board: start });
            }
            Token::Close => {
                // A `)` that closes nothing is read past.
                let Some(closed) = open.pop() else { continue };
                // A line with no moves replaces nothing: it is left out.
                if closed.variation.moves.is_empty() {
                    continue;
                }
                let replaced = match open.last_mut() {
                    Some(outer) => outer.variation.moves.last_mut().map(|m| &mut m.annotation),
                    None => pgn.annotations.last_mut(),
                };
                // Always there: the variation was opened after that move, and no move is added
                // to the line while one of its variations is open.
                if let Some(annotation) = replaced {
                    annotation.variations.push(closed.variation);
                }
            }
            Token::Tag(..) => {}
            Token::Comment(text) => {
                let slot = match open.last_mut() {
                    Some(variation) => match variation.variation.moves.last_mut() {
                        Some(last) => &mut last.annotation.comment,
                        None => &mut variation.variation.comment,
                    },
                    None => match pgn.annotations.last_mut() {
                        Some(annotation) => &mut annotation.comment,
                        None => &mut pgn.comment,
                    },
                };
                match slot {
                    Some(comment) if !text.is_empty() => {
                        comment.push(' ');
                        comment.push_str(&text);
                    }
                    Some(_) => {}
                    None => *slot = Some(text),
                }
            }
            Token::Nag(nag) => {
                let annotation = match open.last_mut() {
                    Some(variation) => variation.variation.moves.last_mut().map(|m| &mut m.annotation),
                    None => pgn.annotations.last_mut(),
                };
                if let Some(annotation) = annotation {
                    annotation.nags.push(nag);
                }
            }
            Token::Word(word) => {
                let (san, nag) = split_move(&word);
                let annotation = Annotation { nags: nag.into_iter().collect(), ..Annotation::default() };
                let mark = crate::notation::is_en_passant_mark(san);
                let refused = |board: &Board, error| {
                    let (number, color) = (board.fullmove_number() as u32, board.side_to_move());
                    (line, PgnError::Move { number, color, san: crate::excerpt(san).into_owned(), error })
                };
                match open.last_mut() {
                    Some(variation) => {
                        // The en-passant mark of printed games standing apart after its move.
                        let after_en_passant =
                            variation.last_move().is_some_and(|(mv, before)| before.is_en_passant(mv));
                        if san.is_empty() || (mark && after_en_passant) {
                            continue;
                        }
                        let mv = variation.board.parse_san(san).map_err(|error| refused(&variation.board, error))?;
                        variation.before_last = variation.board;
                        // Legal (parse_san gives legal moves); `try_play`, not the inlined
                        // `play_unchecked`, keeps the code small in the npm package's modules.
                        let _ = variation.board.try_play(mv);
                        variation.variation.moves.push(VariationMove { mv, annotation });
                    }
                    None => {
                        // The en-passant mark of printed games standing apart after its move (`exd6 e.p.`).
                        if san.is_empty() || (mark && last_was_en_passant(&pgn.game)) {
                            continue;
                        }
                        let board = *pgn.game.board();
                        pgn.game.play_san(san).map_err(|error| refused(&board, error))?;
                        pgn.annotations.push(annotation);
                    }
                }
            }
        }
    }
}

/// A variation being read.
struct OpenVariation {
    /// The line of its `(`: where an unterminated variation is reported.
    line: usize,
    /// The moves so far.
    variation: Variation,
    /// The position before its last move (its start before any move).
    before_last: Board,
    /// The position it has reached.
    board: Board,
}

impl OpenVariation {
    /// Its last move and the position before it.
    fn last_move(&self) -> Option<(Move, Board)> {
        self.variation.moves.last().map(|m| (m.mv, self.before_last))
    }
}

/// Whether the game's last move was an en-passant capture.
fn last_was_en_passant(game: &Game) -> bool {
    game.last_move().is_some_and(|(mv, before)| before.is_en_passant(mv))
}

/// How a game the board has not ended was decided, from its written result: an agreed draw, a
/// loss on time when the `Termination` tag says so, else a resignation.
fn decision_of(result: &str, termination: Option<&str>) -> Option<Decision> {
    let on_time = termination.is_some_and(|t| t.to_ascii_lowercase().contains("time"));
    let loser = match result {
        "1-0" => Color::Black,
        "0-1" => Color::White,
        "1/2-1/2" => return Some(Decision::DrawAgreed),
        _ => return None,
    };
    Some(if on_time { Decision::TimeForfeit { loser } } else { Decision::Resignation { loser } })
}

/// After a fault: read on to the end of the game (its result, or the next game's tags).
fn skip_rest_of_game(lexer: &mut Lexer) {
    loop {
        match lexer.peek() {
            None | Some(Ok((Token::Tag(..), _))) => return,
            _ => {}
        }
        if let Some(Ok((Token::Result(_), _))) = lexer.next() {
            return;
        }
    }
}

/// A tag name as PGN allows it (letters, digits, `_`), whatever the caller gave.
fn tag_name(name: &str) -> String {
    name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
}

/// A tag value in quotes: `\` and `"` escaped, line breaks and other control characters as spaces.
fn tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The tags [`write_pgn`] writes after the roster and the variant: each name once, the first
/// tag of it; not the roster's, `FEN`, `SetUp` or `Variant` (written apart); and a name written
/// otherwise than given (`My Tag` as `MyTag`) only when no tag is given as exactly that name,
/// which it would otherwise replace (`Term[ination` before `Termination`, read from a text).
/// In the tags' order. Sorting, not hashing: the npm package's rules-only module carries no
/// hash tables.
fn other_tags<'a>(tags: &[(&str, &'a str)]) -> Vec<(String, &'a str)> {
    let keys: Vec<&str> = tags.iter().map(|&(k, _)| k).collect();
    let names: Vec<String> = keys.iter().map(|k| tag_name(k)).collect();
    let by_key = by_text(&keys);
    let given = |name: &str| by_key.binary_search_by(|&i| keys[i].cmp(name)).is_ok();
    let reserved = |name: &str| ROSTER.contains(&name) || ["FEN", "SetUp", "Variant"].contains(&name);
    let kept = |i: usize| {
        let name = names[i].as_str();
        !name.is_empty() && !reserved(name) && (name == keys[i] || !given(name))
    };
    // The first of each name: in the order by name and place, a name's first kept entry.
    let mut first = vec![false; tags.len()];
    let mut last: Option<&str> = None;
    for i in by_text(&names.iter().map(String::as_str).collect::<Vec<_>>()) {
        if kept(i) && last != Some(names[i].as_str()) {
            first[i] = true;
            last = Some(names[i].as_str());
        }
    }
    (0..tags.len()).filter(|&i| first[i]).map(|i| (names[i].clone(), tags[i].1)).collect()
}

/// The places of `texts` in the order of the texts, then of the places (one sort for
/// [`other_tags`]' two orders).
fn by_text(texts: &[&str]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..texts.len()).collect();
    order.sort_unstable_by(|&a, &b| texts[a].cmp(texts[b]).then(a.cmp(&b)));
    order
}

/// The one PGN writer: the roster in order (`?` for a missing tag, `????.??.??` for a missing
/// date: the PGN standard's unknown ones), the `Variant` (a Chess960 game's, when no tag gives
/// it), the other tags as given, `SetUp`/`FEN` from the start position, then the movetext with
/// comments, NAGs and variations, wrapped below 80 columns, and the `Result` tag's value at its end.
fn write_pgn(game: &Game, tags: &[(&str, &str)], comment: Option<&str>, annotations: &[Annotation]) -> String {
    let find = |name: &str| tags.iter().find(|(k, _)| *k == name).map(|&(_, v)| v);
    let result = find("Result").filter(|r| RESULTS.contains(r)).unwrap_or("*");
    let mut out = String::new();
    for name in ROSTER {
        let unknown = if name == "Date" { "????.??.??" } else { "?" };
        let value = if name == "Result" { result } else { find(name).unwrap_or(unknown) };
        out.push_str(&format!("[{name} {}]\n", tag_value(value)));
    }
    // The variant next (a Chess960 game says so: lichess, GUIs and our reader read it), where
    // lichess writes it, whatever the tags' order: a game read and written again keeps its place.
    let chess960 = (game.castling_mode() == CastlingMode::Chess960).then_some("Chess960");
    if let Some(variant) = written_tag(tags, "Variant").or(chess960) {
        out.push_str(&format!("[Variant {}]\n", tag_value(variant)));
    }
    for (name, value) in other_tags(tags) {
        out.push_str(&format!("[{name} {}]\n", tag_value(value)));
    }
    if *game.start() != Board::startpos() {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", game.start().fen()));
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    if let Some(text) = comment {
        push_comment(&mut tokens, text);
    }
    let mut interrupted = true;
    let positions = game.positions();
    for (i, &mv) in game.moves().iter().enumerate() {
        let annotation = annotations.get(i).unwrap_or(&NO_ANNOTATION);
        write_move(&mut tokens, &positions[i], mv, annotation, &mut interrupted, 0);
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

/// What a move without annotation has.
static NO_ANNOTATION: Annotation = Annotation { nags: Vec::new(), comment: None, variations: Vec::new() };

/// A comment as tokens of the movetext, one a word (the writer wraps lines between them): `}`
/// cannot stand inside braces and is written `)`.
fn push_comment(tokens: &mut Vec<String>, text: &str) {
    let text = text.replace('}', ")");
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [] => tokens.push("{}".to_owned()),
        [one] => tokens.push(format!("{{{one}}}")),
        [first, middle @ .., last] => {
            tokens.push(format!("{{{first}"));
            tokens.extend(middle.iter().map(|w| w.to_string()));
            tokens.push(format!("{last}}}"));
        }
    }
}

/// Write `mv`, legal in `board`, and what follows it: its NAGs, comment and variations (from
/// `board` too, each `depth + 1` deep). Its number comes first for White, and for Black when
/// `interrupted` (the first move of a line, or after a comment or a variation), as the standard
/// says.
fn write_move(
    tokens: &mut Vec<String>,
    board: &Board,
    mv: Move,
    annotation: &Annotation,
    interrupted: &mut bool,
    depth: usize,
) {
    let number = board.fullmove_number();
    if board.side_to_move() == Color::White {
        tokens.push(format!("{number}."));
    } else if *interrupted {
        tokens.push(format!("{number}..."));
    }
    tokens.push(board.san(mv));
    *interrupted = false;
    for nag in &annotation.nags {
        tokens.push(format!("${nag}"));
    }
    if let Some(text) = &annotation.comment {
        push_comment(tokens, text);
        *interrupted = true;
    }
    if depth < MAX_VARIATION_DEPTH {
        for variation in &annotation.variations {
            *interrupted |= write_variation(tokens, board, variation, depth + 1);
        }
    }
}

/// Write `variation` from `start`, `depth` deep, in parentheses: its moves up to the first that
/// is not legal where it comes. Nothing when its first move is not (or it has none): whether
/// something was written.
fn write_variation(tokens: &mut Vec<String>, start: &Board, variation: &Variation, depth: usize) -> bool {
    if !variation.moves.first().is_some_and(|first| start.is_legal(first.mv)) {
        return false;
    }
    let first = tokens.len();
    if let Some(text) = &variation.comment {
        push_comment(tokens, text);
    }
    let (mut board, mut interrupted) = (*start, true);
    for m in &variation.moves {
        let before = board;
        if board.try_play(m.mv).is_err() {
            break;
        }
        write_move(tokens, &before, m.mv, &m.annotation, &mut interrupted, depth);
    }
    tokens[first].insert(0, '(');
    if let Some(last) = tokens.last_mut() {
        last.push(')');
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sans` played from `board` as a variation.
    fn line(board: &Board, sans: &[&str]) -> Variation {
        let mut board = *board;
        Variation::new(sans.iter().map(|san| {
            let mv = board.parse_san(san).unwrap();
            board.play(mv);
            mv
        }))
    }

    #[test]
    fn writes_a_variation_instead_of_a_move() {
        let mut game = Game::new();
        for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
            game.play_san(san).unwrap();
        }
        let positions = game.positions().to_vec();
        let mut pgn = PgnGame::new(game);
        pgn.annotations[5] = Annotation {
            nags: vec![4],
            comment: Some("Qxf7# was threatened".into()),
            variations: vec![line(&positions[5], &["g6", "Qf3", "Nf6"])],
        };
        pgn.annotations[0].variations = vec![line(&positions[0], &["d4"])];
        let text = pgn.to_pgn();
        let flat = text.replace('\n', " ");
        assert!(flat.contains("1. e4 (1. d4) 1... e5 2. Qh5"), "{text}");
        assert!(flat.contains("3. Bc4 Nf6 $4 {Qxf7# was threatened} (3... g6 4. Qf3 Nf6) *"), "{text}");
        // Read back whole: the main line, the comment and the variations.
        let back = read_pgn(&text).unwrap().remove(0);
        assert_eq!(back.game, pgn.game);
        assert_eq!(back.annotations, pgn.annotations);
        assert_eq!(back.to_pgn(), text);
    }

    #[test]
    fn a_variation_of_moves_not_legal_there_is_written_as_far_as_it_goes() {
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let start = Board::startpos();
        let mut pgn = PgnGame::new(game);
        let mut d4 = line(&start, &["d4", "d5"]);
        // A second d4 after d4 d5 is no move: the line stops before it.
        d4.moves.push(d4.moves[0].clone());
        let mut illegal = line(&start, &["e4"]);
        illegal.moves.insert(0, d4.moves[1].clone());
        pgn.annotations[0].variations = vec![Variation::default(), illegal, d4];
        let text = pgn.to_pgn();
        assert!(text.ends_with("\n1. e4 (1. d4 d5) *\n"), "{text}");
        assert_eq!(read_pgn(&text).unwrap()[0].to_pgn(), text);
    }

    #[test]
    fn variations_deeper_than_the_cap_are_not_written() {
        let start = Board::startpos();
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        // d4 as a variation of d4 as a variation of ... of e4, one deeper than the reader takes.
        let mut nested = line(&start, &["d4"]);
        for _ in 1..=MAX_VARIATION_DEPTH {
            let mut outer = line(&start, &["d4"]);
            outer.moves[0].annotation.variations.push(nested);
            nested = outer;
        }
        let mut pgn = PgnGame::new(game);
        pgn.annotations[0].variations.push(nested);
        let text = pgn.to_pgn();
        assert_eq!(text.matches('(').count(), MAX_VARIATION_DEPTH, "{text}");
        let back = read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}")).remove(0);
        assert_eq!(back.to_pgn(), text);
    }

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
        assert!(matches!(Game::from_pgn("[White Carlsen]\n1. e4"), Err(PgnError::Tag(_))));
    }

    /// Every game of `text` (each a game or its error), read on another thread: a reader that
    /// loops for ever fails the test after `limit` instead of hanging it.
    fn read_within(text: String, limit: std::time::Duration) -> Vec<Result<PgnGame, PgnReadError>> {
        let (tx, rx) = std::sync::mpsc::channel();
        let shown = crate::excerpt(&text).into_owned();
        std::thread::spawn(move || {
            let _ = tx.send(PgnGames::new(&text).collect::<Vec<_>>());
        });
        rx.recv_timeout(limit).unwrap_or_else(|_| panic!("reading {shown:?} did not end within {limit:?}"))
    }

    fn read_quickly(text: &str) -> Vec<Result<PgnGame, PgnReadError>> {
        read_within(text.to_owned(), std::time::Duration::from_secs(10))
    }

    #[test]
    fn a_lone_closing_bracket_is_an_error_not_an_endless_loop() {
        // Issue 79, defect 1: `printf '1. e4 ] e5 *' > f.pgn; chess review f.pgn` never ended.
        let games = read_quickly("1. e4 ] e5 *");
        assert_eq!(games.len(), 1);
        let err = games[0].clone().unwrap_err();
        assert_eq!((err.game, err.line, err.error.clone()), (1, 1, PgnError::Lone(']')));
        assert_eq!(err.to_string(), "game 1, line 1: a lone ']' in the movetext (no '[' before it)");
        assert_eq!(read_pgn("1. e4 ] e5 *").unwrap_err(), err);
        assert_eq!(Game::from_pgn("1. e4 } e5 *"), Err(PgnError::Lone('}')));
        assert_eq!(PgnError::Lone('}').to_string(), "a lone '}' in the movetext (no '{' before it)");

        // The game after the faulty one is read, wherever the lone bracket stands.
        for text in ["]", "}", "] *", "1. e4 }", "1. e4 e5 ] *", "} 1. e4 *", "[White \"a\"]\n\n]1. e4 *"] {
            let games = read_quickly(&format!("{text}\n\n[Event \"next\"]\n\n1. d4 d5 *\n"));
            assert_eq!(games.len(), 2, "{text:?}: {games:?}");
            assert!(
                matches!(games[0], Err(PgnReadError { game: 1, error: PgnError::Lone(_), .. })),
                "{text:?}: {games:?}"
            );
            let next = games[1].as_ref().unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(
                (next.tag("Event"), next.game.san_moves()),
                (Some("next"), vec!["d4".to_owned(), "d5".to_owned()])
            );
        }
    }

    #[test]
    fn every_lone_character_ends_in_a_game_or_an_error() {
        // Each ASCII character and a few others, alone, between moves, and at the start of a
        // line after a game: the reader always moves on.
        let others = ['\u{feff}', '\u{a0}', '\u{2028}', 'é', '日', '\u{10ffff}'];
        for c in (0u8..128).map(char::from).chain(others) {
            for text in [
                c.to_string(),
                format!("1. e4 {c} e5 *"),
                format!("1. e4 e5{c}*"),
                format!("1. e4 *\n{c}\n1. d4 *"),
                format!("[A \"{c}\"]{c}[B \"{c}]\"]\n{c}"),
                format!("1. e4 ({c} 1... d5 {c}) {{{c}}} ;{c}\n${c} {c}"),
            ] {
                let games = read_quickly(&text);
                assert!(games.len() <= text.len() + 1, "{text:?}: {games:?}");
            }
        }
    }

    #[test]
    fn malformed_pgn_is_read_in_linear_time() {
        // Each text below is megabytes long: a reader that went back over what it had read for
        // every token would take hours, this one takes milliseconds.
        let limit = std::time::Duration::from_secs(30);
        let n = 1 << 20;
        let cases = [
            ("deeply nested variations", format!("1. e4 {} e5 *", "(".repeat(n))),
            ("nested and closed", format!("1. e4 e5 {}{} *", "(1... d5 ".repeat(n / 8), ")".repeat(n / 8))),
            ("nested one by one", format!("1. e4 e5 {} *", "(1... d5) ".repeat(n / 8))),
            ("many variations", format!("1. e4 e5 {} *", "(1... d5 2. exd5 {a} $1 (2. e5)) ".repeat(n / 32))),
            ("an unterminated comment", format!("1. e4 {{{}", "x ".repeat(n))),
            ("a huge comment", format!("1. e4 {{{}}} e5 *", "word\n".repeat(n / 4))),
            ("many comments", format!("1. e4 {} *", "{a} ".repeat(n / 4))),
            ("many NAGs", format!("1. e4 {} *", "$1 !? ".repeat(n / 4))),
            ("quotes in a tag", format!("[Event \"{}\"]\n1. e4 *", "\" ".repeat(n))),
            ("quotes and tabs in a tag, unclosed", format!("[Event \"{}\n1. e4 *", "\"\t ]x".repeat(n / 4))),
            ("a malformed tag per line", format!("{}1. e4 *", "[[[[ x\n".repeat(n / 8))),
            ("lone brackets", format!("1. e4 {}", "] } ".repeat(n / 4))),
            ("a huge word", format!("1. {} *", "N".repeat(n))),
            ("many bad games", "1. Ke3 *\n".repeat(n / 8)),
            ("many dollar signs", "$".repeat(n)),
            ("escape lines", "%x\n".repeat(n / 4)),
        ];
        for (what, text) in cases {
            let start = std::time::Instant::now();
            let games = read_within(text, limit);
            assert!(games.len() <= n, "{what}: {} games", games.len());
            assert!(start.elapsed() < limit, "{what}");
        }
        // Variations nested deeper than the cap are refused, where the first too many opens.
        let games = read_quickly(&format!("1. e4 e5 {}{} *", "(1... d5\n".repeat(1000), ")".repeat(1000)));
        assert_eq!(games.len(), 1);
        let err = games[0].as_ref().unwrap_err();
        assert_eq!((err.line, &err.error), (MAX_VARIATION_DEPTH + 1, &PgnError::TooDeep));
    }

    #[test]
    fn a_tag_name_written_otherwise_gives_way_to_the_tag_of_that_name() {
        // Found by the fuzz target `pgn`: `[Term[ination "x"]` before `[Termination "time
        // forfeit"]` was written as `[Termination "x"]`, and the real tag was dropped (and with
        // it the loss on time).
        let text =
            "[Term[ination \"x\"]\n[Termination \"time forfeit\"]\n[My_Tag \"a\"]\n[My_Tag \"b\"]\n\n1. e4 1-0\n";
        let game = read_pgn(text).unwrap().remove(0);
        assert_eq!(game.game.decision(), Some(Decision::TimeForfeit { loser: Color::Black }));
        let written = game.to_pgn();
        assert!(written.contains("[Termination \"time forfeit\"]\n[My_Tag \"a\"]\n\n"), "{written}");
        let again = read_pgn(&written).unwrap().remove(0);
        assert_eq!(again.game.decision(), game.game.decision());
        // A name written otherwise with no tag of that name is kept under its written name.
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        assert!(game.to_pgn(&[("My Tag", "v")]).contains("[MyTag \"v\"]\n"));
    }

    #[test]
    fn many_tags_are_written_in_linear_time() {
        let tags: Vec<(String, String)> = (0..200_000).map(|i| (format!("T{i}"), i.to_string())).collect();
        let mut game = PgnGame::new(Game::new());
        game.tags = tags;
        let start = std::time::Instant::now();
        let text = game.to_pgn();
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "{:?}", start.elapsed());
        assert!(text.contains("[T199999 \"199999\"]\n"));
        assert_eq!(read_within(text, std::time::Duration::from_secs(10))[0].as_ref().unwrap().tags.len(), 200_007);
    }
}
