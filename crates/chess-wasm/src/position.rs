//! [`Position`]: a game as JavaScript sees it (a [`Game`] plus a resignation, tags, comments and
//! variations), and the JSON shapes it answers with ([`State`], [`MoveInfo`], [`HistoryItem`],
//! [`VariationInfo`], [`Explanation`]).
//!
//! A move of the game or of a variation is addressed by a *path* (a [`MovePath`]): `[ply]` for the
//! main line's move of ply `ply` (from 1), then, for a move inside variations, pairs of a
//! variation's index among those of the move before and a move's index in that variation (from
//! 0): `[3, 0, 1]` is the second move of the first variation played instead of ply 3; `[3, 0, 1,
//! 2, 0]` the first move of the third variation played instead of that one. [`history`]'s moves
//! carry their path.
//!
//! [`history`]: Position::history

use crate::error::Error;
use crate::json::{Json, Object};
use chess_core::{
    Annotation, Board, CastleSide, CastlingMode, Color, Decision, File, Game, GameStatus, MaterialRule, Move, PgnGame,
    PgnGames, Piece, Role, Setup, Square, SquaresError, Variation, VariationMove, MAX_VARIATION_DEPTH,
};

/// The package takes any position its board can play, as js-chess-engine and chess.js do: one
/// set up by hand may have more material than a game can reach (three rooks beside eight pawns).
const MATERIAL: MaterialRule = MaterialRule::Playable;

/// Castling rights by side, as js-chess-engine names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castling {
    /// White may castle king-side.
    pub white_short: bool,
    /// White may castle queen-side.
    pub white_long: bool,
    /// Black may castle king-side.
    pub black_short: bool,
    /// Black may castle queen-side.
    pub black_long: bool,
}

/// Everything about the current position and the game's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// The current position.
    pub fen: String,
    /// `"white"` or `"black"`.
    pub turn: &'static str,
    /// Square name to FEN letter, for every piece on the board, in the order of the names (an
    /// object in JSON).
    pub pieces: Vec<(String, String)>,
    /// Castling rights.
    pub castling: Castling,
    /// The en-passant square, when a pawn can be taken en passant.
    pub en_passant: Option<String>,
    /// The square a pawn skipped with the last move, whether or not a capture there is legal
    /// (FEN's original rule, which js-chess-engine follows).
    pub en_passant_target: Option<String>,
    /// Plies since the last capture or pawn move.
    pub half_move: u16,
    /// The move number.
    pub full_move: u16,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Whether the game has ended.
    pub is_finished: bool,
    /// `ongoing`, `checkmate`, `stalemate`, `threefold-repetition`, `fifty-move-rule`,
    /// `insufficient-material`, `fivefold-repetition`, `seventy-five-move-rule`, `resignation`,
    /// `time-forfeit` or `draw-agreed`.
    pub status: &'static str,
    /// Who won, when someone did.
    pub winner: Option<&'static str>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
}

/// One move, in every notation a front end wants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// UCI (`e2e4`, `e7e8n`; castling as king to its destination in standard chess).
    pub uci: String,
    /// SAN (`e4`, `e8=N+`, `O-O`).
    pub san: String,
    /// The moving piece's square.
    pub from: String,
    /// The square the piece lands on (the king's destination when castling).
    pub to: String,
    /// The mover's FEN letter.
    pub piece: String,
    /// The captured piece's FEN letter.
    pub captured: Option<String>,
    /// The promotion piece, lower case.
    pub promotion: Option<String>,
    /// Whether it castles.
    pub castle: bool,
    /// Whether it takes en passant.
    pub en_passant: bool,
    /// Whether it gives check.
    pub check: bool,
    /// Whether it mates.
    pub mate: bool,
}

impl MoveInfo {
    /// Describe `mv`, a legal move in `board`.
    pub fn new(board: &Board, mv: Move, mode: CastlingMode) -> MoveInfo {
        let mover = board.piece_on(mv.from()).expect("a legal move has a piece on its from-square");
        let castle = board.is_castling(mv);
        let to = board.landing_square(mv);
        let captured = board.captured_role(mv).map(|role| Piece::new(!board.side_to_move(), role).char().to_string());
        let mut after = *board;
        after.play_unchecked(mv);
        let check = after.in_check();
        MoveInfo {
            uci: board.uci(mv, mode),
            san: board.san(mv),
            from: mv.from().to_string(),
            to: to.to_string(),
            piece: mover.char().to_string(),
            captured,
            promotion: mv.promotion().map(|r| r.char().to_string()),
            castle,
            en_passant: board.is_en_passant(mv),
            check,
            mate: check && !after.has_legal_moves(),
        }
    }
}

/// A played move and the position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryItem {
    /// The move.
    pub mv: MoveInfo,
    /// The position after it.
    pub fen: String,
    /// Its ply, from 1.
    pub ply: usize,
    /// The comment after it (PGN's `{...}`), if any.
    pub comment: Option<String>,
    /// Its numeric annotation glyphs (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`...).
    pub nags: Vec<u8>,
    /// The lines played instead of it, from the position before it (PGN's variations).
    pub variations: Vec<VariationInfo>,
}

/// A variation: a line played instead of a move, from the position before that move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationInfo {
    /// The comment before its first move (PGN's `({...} 12. d4 ...)`), if any.
    pub comment: Option<String>,
    /// Its moves, at least one.
    pub moves: Vec<VariationMoveInfo>,
}

/// A move of a variation and the position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationMoveInfo {
    /// The move.
    pub mv: MoveInfo,
    /// The position after it.
    pub fen: String,
    /// Its ply in the game's count, from 1: a variation's first move has the ply of the move it
    /// replaces.
    pub ply: usize,
    /// Its address ([`MovePath`]): `[ply, variation, move, ...]`.
    pub path: Vec<usize>,
    /// The comment after it, if any.
    pub comment: Option<String>,
    /// Its numeric annotation glyphs.
    pub nags: Vec<u8>,
    /// The lines played instead of it, from the position before it.
    pub variations: Vec<VariationInfo>,
}

/// The address of a move of the game or of one of its variations, as JavaScript gives it: the
/// main line's ply (from 1), then pairs of a variation's index (among those played instead of the
/// move addressed so far) and a move's index in it (from 0). `[5]` is ply 5 of the game,
/// `[5, 1, 0]` the first move of the second variation played instead of it.
pub type MovePath = [usize];

/// Whether a typed move is legal here, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explanation {
    /// It is legal: this is the move.
    Legal {
        /// Always true.
        legal: bool,
        /// The move.
        mv: MoveInfo,
    },
    /// It is not.
    Illegal {
        /// Always false.
        legal: bool,
        /// chess-core's reason ([`chess_core::MoveRejection::kind`]: `piece-pinned`,
        /// `ambiguous`...), or `game-over`.
        reason: &'static str,
        /// The sentence to show a person.
        message: String,
    },
}

/// The draw rules of the current position each on its own, from chess-core (the state's `status`
/// names only the first end that holds): what the package's `isThreefoldRepetition()`,
/// `isDrawByFiftyMoves()`, `isInsufficientMaterial()` and `isDraw()` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draws {
    /// The current position has occurred three times or more ([`Game::is_threefold_repetition`]).
    pub threefold_repetition: bool,
    /// A draw by the fifty-move rule can be claimed ([`Game::is_fifty_move_rule`]: 100 plies
    /// without a capture or pawn move, and no mate on the last).
    pub fifty_move_rule: bool,
    /// Neither side can ever mate ([`Board::is_insufficient_material`]).
    pub insufficient_material: bool,
    /// The game is drawn (stalemate, insufficient material, a claimable draw, fivefold repetition,
    /// the 75-move rule, an agreed draw, a flag fallen when the other side cannot mate) or a draw
    /// can be claimed (three repetitions, fifty moves), whatever the status names first.
    pub draw: bool,
}

impl State {
    /// The FEN letter of the piece on the square named `square`, if any.
    ///
    /// ```
    /// let state = chess_wasm::position::Position::new(None).unwrap().state();
    /// assert_eq!((state.piece_on("e1"), state.piece_on("e4")), (Some("K"), None));
    /// ```
    pub fn piece_on(&self, square: &str) -> Option<&str> {
        self.pieces.iter().find(|(name, _)| name == square).map(|(_, piece)| piece.as_str())
    }
}

impl Json for Castling {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .field("whiteShort", &self.white_short)
            .field("whiteLong", &self.white_long)
            .field("blackShort", &self.black_short)
            .field("blackLong", &self.black_long)
            .end();
    }
}

impl Json for State {
    fn write_json(&self, out: &mut String) {
        let mut pieces = String::new();
        let mut board = Object::new(&mut pieces);
        for (square, piece) in &self.pieces {
            board.field(square, piece);
        }
        board.end();
        Object::new(out)
            .field("fen", &self.fen)
            .field("turn", self.turn)
            .raw("pieces", &pieces)
            .field("castling", &self.castling)
            .field("enPassant", &self.en_passant)
            .field("enPassantTarget", &self.en_passant_target)
            .field("halfMove", &self.half_move)
            .field("fullMove", &self.full_move)
            .field("check", &self.check)
            .field("isFinished", &self.is_finished)
            .field("status", self.status)
            .field("winner", &self.winner)
            .field("result", self.result)
            .end();
    }
}

impl MoveInfo {
    /// The move's fields, into an object being written (a move's own, a history item's first).
    fn write_fields(&self, object: &mut Object<'_>) {
        object
            .field("uci", &self.uci)
            .field("san", &self.san)
            .field("from", &self.from)
            .field("to", &self.to)
            .field("piece", &self.piece)
            .field("captured", &self.captured)
            .field("promotion", &self.promotion)
            .field("castle", &self.castle)
            .field("enPassant", &self.en_passant)
            .field("check", &self.check)
            .field("mate", &self.mate);
    }
}

impl Json for MoveInfo {
    fn write_json(&self, out: &mut String) {
        let mut object = Object::new(out);
        self.write_fields(&mut object);
        object.end();
    }
}

/// A history item or a variation's move as JSON: the move's fields, then the position after it,
/// its ply, its path (a variation's move only), comment, NAGs and variations.
#[allow(clippy::too_many_arguments)]
fn write_played(
    out: &mut String,
    mv: &MoveInfo,
    fen: &str,
    ply: usize,
    path: Option<&[usize]>,
    comment: &Option<String>,
    nags: &[u8],
    variations: &[VariationInfo],
) {
    let mut object = Object::new(out);
    mv.write_fields(&mut object);
    object.field("fen", fen).field("ply", &ply);
    if let Some(path) = path {
        object.field("path", path);
    }
    object.field("comment", comment).field("nags", nags).field("variations", variations).end();
}

impl Json for HistoryItem {
    fn write_json(&self, out: &mut String) {
        write_played(out, &self.mv, &self.fen, self.ply, None, &self.comment, &self.nags, &self.variations);
    }
}

impl Json for VariationInfo {
    fn write_json(&self, out: &mut String) {
        Object::new(out).field("comment", &self.comment).field("moves", &self.moves).end();
    }
}

impl Json for VariationMoveInfo {
    fn write_json(&self, out: &mut String) {
        write_played(out, &self.mv, &self.fen, self.ply, Some(&self.path), &self.comment, &self.nags, &self.variations);
    }
}

impl Json for Explanation {
    fn write_json(&self, out: &mut String) {
        match self {
            Explanation::Legal { legal, mv } => Object::new(out).field("legal", legal).field("move", mv).end(),
            Explanation::Illegal { legal, reason, message } => {
                Object::new(out).field("legal", legal).field("reason", *reason).field("message", message).end()
            }
        }
    }
}

impl Json for Draws {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .field("threefoldRepetition", &self.threefold_repetition)
            .field("fiftyMoveRule", &self.fifty_move_rule)
            .field("insufficientMaterial", &self.insufficient_material)
            .field("draw", &self.draw)
            .end();
    }
}

/// A game from a start position, with every draw rule, the resignation a caller may record, and
/// what a PGN carries besides the moves (tags, comments, NAGs, variations), kept from import to
/// export.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Position {
    game: Game,
    /// The start FEN's en-passant field (the board keeps it only when a capture is legal).
    start_target: Option<Square>,
    /// The PGN tags, in order (the result and termination are the game's, not kept here).
    tags: Vec<(String, String)>,
    /// The comment before the first move.
    comment: Option<String>,
    /// One per move played: its comment, NAGs and the variations played instead of it.
    annotations: Vec<Annotation>,
    /// The decision a PGN's result recorded (its tags already say how; nothing is added).
    read_decision: Option<Decision>,
}

impl Position {
    /// The start position (no FEN), or the position of `fen` (an empty `fen` is an invalid FEN,
    /// not the start position).
    pub fn new(fen: Option<&str>) -> Result<Position, Error> {
        let (game, start_target) = match fen.map(str::trim) {
            None => (Game::new(), None),
            Some(fen) => (Game::from_fen_with(fen, MATERIAL)?, Setup::parse(fen).ok().and_then(|s| s.ep)),
        };
        Ok(Position { game, start_target, ..Position::default() })
    }

    /// Chess960 start position number `n` (0 to 959, Scharnagl's numbering: chess-core's
    /// `Board::chess960`), a Chess960 game (castling by its rules' names, the PGN's `Variant` tag)
    /// even from number 518, the standard position.
    ///
    /// ```
    /// use chess_wasm::position::Position;
    /// let pgn = Position::chess960(3).unwrap().pgn(&[]);
    /// assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    /// assert!(pgn.contains("[FEN \"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1\"]"), "{pgn}");
    /// assert!(Position::chess960(518).unwrap().pgn(&[]).contains("[Variant \"Chess960\"]"));
    /// assert_eq!(Position::chess960(960).unwrap_err().to_string(), "no Chess960 start position 960: they are numbered 0 to 959");
    /// ```
    pub fn chess960(n: u32) -> Result<Position, Error> {
        let board = u16::try_from(n).ok().and_then(Board::chess960).ok_or(Error::Chess960(n))?;
        let mut game = Game::from_board(board);
        game.set_castling_mode(CastlingMode::Chess960);
        Ok(Position { game, ..Position::default() })
    }

    /// The first game of a PGN text, whole (an empty text: the start position).
    pub fn from_pgn(pgn: &str) -> Result<Position, Error> {
        match PgnGames::new(pgn).with_material(MATERIAL).next() {
            None => Ok(Position::default()),
            Some(game) => Ok(Position::from_pgn_game(game?)),
        }
    }

    /// Every game of a PGN text, or the first that cannot be read (its number and line).
    pub fn read_pgn(text: &str) -> Result<Vec<Position>, Error> {
        let games = PgnGames::new(text).with_material(MATERIAL).collect::<Result<Vec<_>, _>>()?;
        Ok(games.into_iter().map(Position::from_pgn_game).collect())
    }

    fn from_pgn_game(pgn: PgnGame) -> Position {
        let start_target = Setup::parse(&pgn.game.start().fen()).ok().and_then(|s| s.ep);
        let tags = pgn.tags.into_iter().filter(|(k, _)| !matches!(k.as_str(), "Result" | "SetUp" | "FEN")).collect();
        let read_decision = pgn.game.decision();
        Position {
            game: pgn.game,
            start_target,
            tags,
            comment: pgn.comment,
            annotations: pgn.annotations,
            read_decision,
        }
    }

    /// The PGN tags (from an import, or set), in order; the result and termination are the
    /// game's own.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Set tags (a value replaces the tag's old one; an empty value removes the tag). `Result`,
    /// `SetUp` and `FEN` are the game's and cannot be set.
    pub fn set_tags(&mut self, tags: &[(String, String)]) -> Result<(), Error> {
        for (name, value) in tags {
            if matches!(name.as_str(), "Result" | "SetUp" | "FEN") {
                return Err(Error::Options(format!("the {name} tag is the game's own and cannot be set")));
            }
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(Error::Options(format!(
                    "invalid tag name {:?}: letters, digits and _ only",
                    chess_core::excerpt(name)
                )));
            }
            match self.tags.iter_mut().find(|(k, _)| k == name) {
                _ if value.is_empty() => self.tags.retain(|(k, _)| k != name),
                Some((_, old)) => old.clone_from(value),
                None => self.tags.push((name.clone(), value.clone())),
            }
        }
        Ok(())
    }

    /// Set the comment and NAGs of ply `ply` (0: the comment before the first move, which takes
    /// no NAGs); an empty comment removes it.
    pub fn annotate(&mut self, ply: usize, comment: Option<&str>, nags: Option<Vec<u8>>) -> Result<(), Error> {
        let comment = comment.map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|c| !c.is_empty());
        if ply == 0 {
            if nags.is_some_and(|n| !n.is_empty()) {
                return Err(Error::Options("ply 0 (before the first move) takes a comment, not NAGs".into()));
            }
            self.comment = comment;
            return Ok(());
        }
        let moves = self.game.moves().len();
        let Some(annotation) = self.annotations.get_mut(ply - 1) else {
            return Err(Error::Options(format!("ply {ply} does not exist: the game has {moves} moves")));
        };
        annotation.comment = comment;
        if let Some(nags) = nags {
            annotation.nags = nags;
        }
        Ok(())
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.game.board().fen()
    }

    /// The square a pawn skipped with the last move (or the start FEN's en-passant field before
    /// any move), whether or not a capture there is legal.
    pub fn en_passant_target(&self) -> Option<Square> {
        let Some((mv, before)) = self.game.last_move() else {
            return self.start_target;
        };
        let double_push = before.role_on(mv.from()) == Some(Role::Pawn)
            && (mv.from().rank() as i32 - mv.to().rank() as i32).abs() == 2;
        double_push.then(|| {
            Square::new(
                mv.from().file(),
                if mv.to().rank() as i32 > mv.from().rank() as i32 {
                    chess_core::Rank::Third
                } else {
                    chess_core::Rank::Sixth
                },
            )
        })
    }

    /// The FEN with the en-passant field written after every double pawn push (FEN's original
    /// rule, which js-chess-engine follows; [`fen`](Self::fen) writes it only when a capture is
    /// legal).
    pub fn classic_fen(&self) -> String {
        let fen = self.fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let target = self.en_passant_target().map(|sq| sq.to_string());
        if let (Some(field), Some(target)) = (fields.get_mut(3), target.as_deref()) {
            *field = target;
        }
        fields.join(" ")
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    /// How the game stands: the outcome, the winner and the PGN result.
    fn outcome(&self) -> (Outcome, Option<Color>, &'static str) {
        let status = self.game.status();
        if let Some(decision) = self.game.deciding_decision() {
            let outcome = match decision {
                Decision::Resignation { .. } => Outcome::Resignation,
                Decision::TimeForfeit { .. } | Decision::TimeoutDraw { .. } => Outcome::TimeForfeit,
                Decision::DrawAgreed => Outcome::DrawAgreed,
            };
            return (outcome, decision.winner(), decision.result());
        }
        let (outcome, winner) = match status {
            GameStatus::Ongoing => (Outcome::Ongoing, None),
            GameStatus::Checkmate { winner } => (Outcome::Checkmate, Some(winner)),
            GameStatus::Stalemate => (Outcome::Stalemate, None),
            GameStatus::FiftyMoveRule => (Outcome::FiftyMoveRule, None),
            GameStatus::ThreefoldRepetition => (Outcome::ThreefoldRepetition, None),
            GameStatus::InsufficientMaterial => (Outcome::InsufficientMaterial, None),
            GameStatus::FivefoldRepetition => (Outcome::FivefoldRepetition, None),
            GameStatus::SeventyFiveMoveRule => (Outcome::SeventyFiveMoveRule, None),
        };
        (outcome, winner, status.result())
    }

    /// Everything about the position and the game's outcome.
    pub fn state(&self) -> State {
        let board = self.game.board();
        let rights = board.castling_rights();
        let (status, winner, result) = self.outcome();
        // In the order of the squares' names (a1, a2, ... a8, b1, ...): file by file, square
        // `i` of that order the index of file `i / 8`, rank `i % 8` (as arithmetic: File::ALL and
        // Rank::ALL nested cost the rules-only module 0.3 KB gzipped).
        let pieces = (0..64)
            .map(|i| Square::from_index((i % 8) * 8 + i / 8))
            .filter_map(|sq| board.piece_on(sq).map(|p| (sq.to_string(), p.char().to_string())))
            .collect();
        State {
            fen: board.fen(),
            turn: board.side_to_move().as_str(),
            pieces,
            castling: Castling {
                white_short: rights.get(Color::White, CastleSide::Short).is_some(),
                white_long: rights.get(Color::White, CastleSide::Long).is_some(),
                black_short: rights.get(Color::Black, CastleSide::Short).is_some(),
                black_long: rights.get(Color::Black, CastleSide::Long).is_some(),
            },
            en_passant: board.en_passant().map(|sq| sq.to_string()),
            en_passant_target: self.en_passant_target().map(|sq| sq.to_string()),
            half_move: board.halfmove_clock(),
            full_move: board.fullmove_number(),
            check: board.in_check(),
            is_finished: status != Outcome::Ongoing,
            status: status.word(),
            winner: winner.map(Color::as_str),
            result,
        }
    }

    /// The draw rules of the current position, each on its own ([`Draws`]).
    ///
    /// ```
    /// use chess_wasm::position::Position;
    /// // Stalemated with a lone bishop: the status says stalemate, and the material is insufficient too.
    /// let game = Position::new(Some("7k/5K2/6B1/8/8/8/8/8 b - - 0 1")).unwrap();
    /// assert_eq!(game.state().status, "stalemate");
    /// let draws = game.draws();
    /// assert!(draws.insufficient_material && draws.draw && !draws.threefold_repetition);
    /// ```
    pub fn draws(&self) -> Draws {
        let threefold_repetition = self.game.is_threefold_repetition();
        let fifty_move_rule = self.game.is_fifty_move_rule();
        let insufficient_material = self.game.board().is_insufficient_material();
        let drawn = self.outcome().2 == "1/2-1/2";
        Draws {
            threefold_repetition,
            fifty_move_rule,
            insufficient_material,
            draw: drawn || threefold_repetition || fifty_move_rule || insufficient_material,
        }
    }

    /// The legal moves from the square named `from` (every legal move when `None`), in the
    /// order of [`legal_moves`](Self::legal_moves); an error when `from` is not a square name.
    pub fn legal_moves_from(&self, from: Option<&str>) -> Result<Vec<MoveInfo>, Error> {
        let moves = self.legal_moves();
        let Some(name) = from else { return Ok(moves) };
        let from = square(name)?.to_string();
        Ok(moves.into_iter().filter(|m| m.from == from).collect())
    }

    /// Every legal move: by from-square (a1 to h8), then to-square, promotions queen first.
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        let board = self.game.board();
        let mut moves: Vec<Move> = self.game.legal_moves().into_iter().collect();
        let promotion_rank = |m: &Move| match m.promotion() {
            Some(Role::Queen) => 0,
            Some(Role::Rook) => 1,
            Some(Role::Bishop) => 2,
            Some(_) => 3,
            None => 0,
        };
        moves.sort_by_key(|&m| (m.from() as usize, board.landing_square(m) as usize, promotion_rank(&m)));
        moves.into_iter().map(|m| self.info(m)).collect()
    }

    fn info(&self, mv: Move) -> MoveInfo {
        MoveInfo::new(self.game.board(), mv, self.game.castling_mode())
    }

    /// Read a move typed in SAN or UCI, without playing it (chess-core says why when it is not
    /// a legal move).
    pub fn parse(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        self.game.board().explain(text).map_err(|reason| Error::Rejected { text: text.to_owned(), reason })
    }

    /// Play a move typed in SAN or UCI.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, Error> {
        self.refuse_when_over()?;
        let mv = self.parse(text)?;
        self.push(mv)
    }

    /// Play the move from `from` to `to` (the king's destination, or its rook's square, when
    /// castling), promoting to `promotion` (`q r b n`, a queen when absent).
    pub fn play_from_to(&mut self, from: &str, to: &str, promotion: Option<&str>) -> Result<MoveInfo, Error> {
        self.refuse_when_over()?;
        let from_sq = square(from)?;
        let to_sq = square(to)?;
        let promo = match promotion.map(str::trim).filter(|p| !p.is_empty()) {
            None => None,
            Some(p) => match p.to_ascii_lowercase().as_str() {
                "q" => Some(Role::Queen),
                "r" => Some(Role::Rook),
                "b" => Some(Role::Bishop),
                "n" => Some(Role::Knight),
                _ => return Err(Error::Piece(p.to_owned())),
            },
        };
        let board = self.game.board();
        let mv = match board.move_between(from_sq, to_sq, promo) {
            // A queen unless told otherwise, as a board's drag means.
            Err(SquaresError::MissingPromotion { .. }) => board.move_between(from_sq, to_sq, Some(Role::Queen)),
            found => found,
        };
        self.push(mv.map_err(|e| Error::Move(e.to_string()))?)
    }

    fn push(&mut self, mv: Move) -> Result<MoveInfo, Error> {
        let info = self.info(mv);
        self.game.play(mv).map_err(|e| Error::Move(e.to_string()))?;
        self.annotations.push(Annotation::default());
        Ok(info)
    }

    /// Mate, stalemate, the draws FIDE applies without a claim (fivefold repetition, the
    /// 75-move rule) and a decision (resignation, a fallen flag, an agreed draw) end the game.
    /// A claimable draw (threefold, 50 moves) and insufficient material are reported by
    /// [`state`](Self::state), but moves are still accepted: the players may play on instead of
    /// claiming it, and a front end decides (until five repetitions or 75 moves end it).
    pub fn refuse_when_over(&self) -> Result<(), Error> {
        match self.outcome().0 {
            Outcome::Ongoing
            | Outcome::FiftyMoveRule
            | Outcome::ThreefoldRepetition
            | Outcome::InsufficientMaterial => Ok(()),
            over @ (Outcome::Checkmate
            | Outcome::Stalemate
            | Outcome::FivefoldRepetition
            | Outcome::SeventyFiveMoveRule
            | Outcome::Resignation
            | Outcome::TimeForfeit
            | Outcome::DrawAgreed) => Err(Error::GameOver(over.word())),
        }
    }

    /// Whether `text` would be a legal move, and if not, why.
    pub fn explain(&self, text: &str) -> Explanation {
        if let Err(Error::GameOver(word)) = self.refuse_when_over() {
            return Explanation::Illegal {
                legal: false,
                reason: GAME_OVER,
                message: format!("the game is over ({word})"),
            };
        }
        match self.game.board().explain(text.trim()) {
            Ok(mv) => Explanation::Legal { legal: true, mv: self.info(mv) },
            Err(reason) => Explanation::Illegal { legal: false, reason: reason.kind(), message: reason.to_string() },
        }
    }

    /// Take back the last move (and a resignation): with it go its comment, NAGs and the
    /// variations played instead of it. The UCI of the move taken back.
    pub fn undo(&mut self) -> Option<String> {
        self.game.withdraw_decision();
        let mode = self.game.castling_mode();
        let mv = self.game.undo()?;
        self.annotations.pop();
        Some(self.game.board().uci(mv, mode))
    }

    /// The moves played, each with the position after it.
    pub fn history(&self) -> Vec<HistoryItem> {
        let mode = self.game.castling_mode();
        let positions = self.game.positions();
        self.game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let annotation = self.annotations.get(i).cloned().unwrap_or_default();
                let path = [i + 1];
                HistoryItem {
                    mv: MoveInfo::new(&positions[i], mv, mode),
                    fen: positions[i + 1].fen(),
                    ply: i + 1,
                    variations: variation_infos(&annotation.variations, &positions[i], i + 1, &path, mode),
                    comment: annotation.comment,
                    nags: annotation.nags,
                }
            })
            .collect()
    }

    /// Add a variation played instead of the move at `at` (a [`MovePath`]): `moves` (SAN or UCI),
    /// each legal where it comes from the position before that move. The path of its last move.
    ///
    /// What is there already is not added twice, as lichess does: a first move that is the move
    /// at `at`, or the first move of one of its variations, follows that line, and so on move
    /// after move; the moves that leave it become a variation at the move they differ from (the
    /// last of its variations), or go on at the end of a variation they reach the end of. Moves
    /// past the end of the main line are refused: they are played on the game (`play`).
    ///
    /// ```
    /// use chess_wasm::position::Position;
    /// let mut game = Position::from_pgn("1. e4 e5 2. Nf3 *").unwrap();
    /// assert_eq!(game.add_variation(&[2], &["c5", "Nf3", "d6"]).unwrap(), [2, 0, 2]);
    /// // The same first move follows that line: 2... Nc6 is a variation of 2... d6.
    /// assert_eq!(game.add_variation(&[2], &["c5", "Nf3", "Nc6"]).unwrap(), [2, 0, 2, 0, 0]);
    /// // The game's own move follows the main line: Nc3 is a variation of ply 3.
    /// assert_eq!(game.add_variation(&[2], &["e5", "Nc3"]).unwrap(), [3, 0, 0]);
    /// assert!(game.pgn(&[]).ends_with("1. e4 e5 (1... c5 2. Nf3 d6 (2... Nc6)) 2. Nf3 (2. Nc3) *\n"));
    /// ```
    pub fn add_variation(&mut self, at: &MovePath, moves: &[impl AsRef<str>]) -> Result<Vec<usize>, Error> {
        let (line, index) = self.internal(at)?;
        self.insert(line, index, moves)
    }

    /// Play `moves` (SAN or UCI) after the move at `at` (a [`MovePath`]; `[0]` is the start of
    /// the game), as an analysis board plays a move where it stands: at the end of a variation
    /// they go on at its end; elsewhere they are the variation of the move that follows (merged
    /// as [`add_variation`](Self::add_variation) merges: the move that follows, or one of its
    /// variations, is followed when it is the same). After the main line's last move they are
    /// refused (they are played on the game, `play`). The path of the last move.
    ///
    /// ```
    /// use chess_wasm::position::Position;
    /// let mut game = Position::from_pgn("1. e4 e5 2. Nf3 *").unwrap();
    /// let c5 = game.add_variation(&[2], &["c5"]).unwrap();
    /// assert_eq!(game.continue_variation(&c5, &["Nf3", "d6"]).unwrap(), [2, 0, 2]);
    /// assert_eq!(game.continue_variation(&[0], &["d4"]).unwrap(), [1, 0, 0]);
    /// assert!(game.continue_variation(&[3], &["Nc6"]).is_err());
    /// assert!(game.pgn(&[]).ends_with("1. e4 (1. d4) 1... e5 (1... c5 2. Nf3 d6) 2. Nf3 *\n"));
    /// ```
    pub fn continue_variation(&mut self, at: &MovePath, moves: &[impl AsRef<str>]) -> Result<Vec<usize>, Error> {
        if at == [0] {
            return self.insert(Vec::new(), 0, moves);
        }
        let (line, index) = self.internal(at)?;
        self.insert(line, index + 1, moves)
    }

    /// Remove variation `index` (from 0) of those played instead of the move at `at` (a
    /// [`MovePath`]), with everything in it; the later ones move up one place.
    pub fn remove_variation(&mut self, at: &MovePath, index: usize) -> Result<(), Error> {
        let (line, i) = self.internal(at)?;
        let annotation = self.annotation_mut(&line, i).ok_or_else(|| no_move(at))?;
        let count = annotation.variations.len();
        if index >= count {
            return Err(Error::Variation(format!(
                "no variation {index} at {at:?}: the move there has {count} variation{}",
                if count == 1 { "" } else { "s" }
            )));
        }
        annotation.variations.remove(index);
        Ok(())
    }

    /// `at` as a line (the path of the variation it is in, with main-line indices from 0: empty
    /// for the main line) and its index in that line, checked to address a move.
    fn internal(&self, at: &MovePath) -> Result<(Vec<usize>, usize), Error> {
        let (&ply, rest) = at.split_first().ok_or_else(|| no_move(at))?;
        let mut path: Vec<usize> = Vec::with_capacity(at.len());
        path.push(ply.checked_sub(1).ok_or_else(|| no_move(at))?);
        path.extend_from_slice(rest);
        let index = path.pop().unwrap_or(0);
        if self.line_moves(&path).is_none_or(|(_, moves)| index >= moves.len()) {
            return Err(no_move(at));
        }
        Ok((path, index))
    }

    /// The start and the moves of the line at `line` (an internal path: empty for the main line,
    /// then pairs of a move's index and a variation's).
    fn line_moves(&self, line: &[usize]) -> Option<(Board, Vec<Move>)> {
        let positions = self.game.positions();
        let Some((&first, rest)) = line.split_first() else {
            return Some((*self.game.start(), self.game.moves().to_vec()));
        };
        let mut board = *positions.get(first)?;
        let mut variation = self.annotations.get(first)?.variations.get(*rest.first()?)?;
        for pair in rest[1..].chunks(2) {
            let [m, v] = *pair else { return None };
            for played in variation.moves.get(..m)? {
                board.try_play(played.mv).ok()?;
            }
            variation = variation.moves.get(m)?.annotation.variations.get(v)?;
        }
        Some((board, variation.moves.iter().map(|m| m.mv).collect()))
    }

    /// The variation at `line` (an internal path, not empty).
    fn variation_mut(&mut self, line: &[usize]) -> Option<&mut Variation> {
        let (&first, rest) = line.split_first()?;
        let mut variation = self.annotations.get_mut(first)?.variations.get_mut(*rest.first()?)?;
        for pair in rest[1..].chunks(2) {
            let [m, v] = *pair else { return None };
            variation = variation.moves.get_mut(m)?.annotation.variations.get_mut(v)?;
        }
        Some(variation)
    }

    /// The annotation of move `index` of the line at `line`.
    fn annotation_mut(&mut self, line: &[usize], index: usize) -> Option<&mut Annotation> {
        if line.is_empty() {
            return self.annotations.get_mut(index);
        }
        Some(&mut self.variation_mut(line)?.moves.get_mut(index)?.annotation)
    }

    /// Play `moves` in the line at `line` from the position before its move `index` (or after its
    /// end), following what is there: [`add_variation`](Self::add_variation)'s rule. The
    /// JavaScript path of the last move.
    fn insert(
        &mut self,
        mut line: Vec<usize>,
        mut index: usize,
        texts: &[impl AsRef<str>],
    ) -> Result<Vec<usize>, Error> {
        if texts.is_empty() {
            return Err(Error::Variation("a variation needs at least one move".into()));
        }
        let (start, line_moves) = self.line_moves(&line).ok_or_else(|| Error::Variation("no such line".into()))?;
        let mut board = start;
        for &mv in line_moves.get(..index).unwrap_or(&line_moves) {
            let _ = board.try_play(mv);
        }
        let mut moves = Vec::with_capacity(texts.len());
        for text in texts {
            let text = text.as_ref().trim();
            let mv = board.explain(text).map_err(|reason| Error::Rejected { text: text.to_owned(), reason })?;
            // Legal: `explain` gives legal moves.
            let _ = board.try_play(mv);
            moves.push(mv);
        }
        let mut line_moves = line_moves;
        for (k, &mv) in moves.iter().enumerate() {
            let rest = || moves[k..].iter().map(|&mv| VariationMove::new(mv));
            if index == line_moves.len() {
                if line.is_empty() {
                    return Err(Error::Variation(format!(
                        "the game ends at ply {index}: moves after it are played on the game, not added as a variation"
                    )));
                }
                let variation = self.variation_mut(&line).ok_or_else(|| Error::Variation("no such line".into()))?;
                variation.moves.extend(rest());
                let last = variation.moves.len() - 1;
                return Ok(external(&line, last));
            }
            if line_moves[index] == mv {
                index += 1;
                continue;
            }
            let depth = line.len() / 2 + 1;
            let annotation =
                self.annotation_mut(&line, index).ok_or_else(|| Error::Variation("no such move".into()))?;
            let found = annotation.variations.iter().position(|v| v.moves.first().map(|m| m.mv) == Some(mv));
            let v = match found {
                Some(v) => v,
                None if depth > MAX_VARIATION_DEPTH => {
                    return Err(Error::Variation(format!("variations nest at most {MAX_VARIATION_DEPTH} deep")));
                }
                None => {
                    annotation.variations.push(Variation { comment: None, moves: rest().collect() });
                    let v = annotation.variations.len() - 1;
                    line.extend([index, v]);
                    return Ok(external(&line, moves.len() - k - 1));
                }
            };
            line.extend([index, v]);
            line_moves = annotation.variations[v].moves.iter().map(|m| m.mv).collect();
            index = 1;
        }
        // Every move was there already: the last is the one before `index`.
        Ok(external(&line, index - 1))
    }

    /// `loser` resigns.
    pub fn resign(&mut self, loser: &str) -> Result<(), Error> {
        self.refuse_when_over()?;
        self.game.decide(Decision::Resignation { loser: color(loser)? });
        Ok(())
    }

    /// The players agree a draw. Refused once the game is over, as a move is: a draw that could
    /// be claimed and was not leaves the game going on.
    pub fn agree_draw(&mut self) -> Result<(), Error> {
        self.refuse_when_over()?;
        self.game.decide(Decision::DrawAgreed);
        Ok(())
    }

    /// `flagged`'s time ran out: a loss, or a draw when the other side cannot mate (FIDE's rule,
    /// `Game::flag`).
    pub fn flag(&mut self, flagged: &str) -> Result<(), Error> {
        // A game over has no clock left to run out; a draw that could be claimed (threefold, 50
        // moves) and was not leaves the clocks running (FIDE 9.2, 9.3: the draw is claimed).
        self.refuse_when_over()?;
        self.game.flag(color(flagged)?);
        Ok(())
    }

    /// The game in PGN: its tags, then `tags` (Event, White, Black...) over them, its comments and
    /// NAGs; the result is the game's, and so is the termination of a decided game.
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        self.pgn_game(tags).to_pgn()
    }

    #[cfg(feature = "review")]
    /// [`pgn`](Self::pgn) annotated with a review of this game given as its JSON (schema
    /// `chess-review/2`, [`chess_ai::review::Review::annotate`]): `[%eval]` after each move, the
    /// marked moves' NAGs, class, why and better line.
    pub fn annotated_pgn(&self, tags: &[(String, String)], review_json: &str) -> Result<String, Error> {
        crate::data::require(crate::data::Need::Openings)?;
        let review = chess_ai::review::Review::from_json(review_json, &self.game)?;
        Ok(review.annotate(&self.pgn_game(tags)).to_pgn())
    }

    /// The game with its tags, comments and NAGs, as [`pgn`](Self::pgn) writes it.
    fn pgn_game(&self, tags: &[(String, String)]) -> PgnGame {
        let mut all: Vec<(String, String)> = self.tags.clone();
        for (name, value) in tags.iter().filter(|(k, _)| !matches!(k.as_str(), "Result" | "Termination")) {
            match all.iter_mut().find(|(k, _)| k == name) {
                Some((_, old)) => old.clone_from(value),
                None => all.push((name.clone(), value.clone())),
            }
        }
        let result = self.game.result();
        match self.game.deciding_decision() {
            // A decided game says how; one taken back is no longer decided.
            Some(decision) if !all.iter().any(|(k, _)| k == "Termination") && Some(decision) != self.read_decision => {
                all.push(("Termination".into(), decision.termination().into()));
            }
            None if result == "*" => all.retain(|(k, _)| k != "Termination"),
            _ => {}
        }
        let mut pgn = PgnGame::new(self.game.clone());
        pgn.tags = all;
        pgn.comment = self.comment.clone();
        pgn.annotations = self.annotations.clone();
        pgn.result = result.to_owned();
        pgn
    }

    /// The board as text.
    pub fn ascii(&self) -> String {
        self.game.board().diagram()
    }

    /// Put `piece` (a FEN letter) on `square`; the game restarts from the edited position.
    pub fn set_piece(&mut self, square_name: &str, piece: &str) -> Result<(), Error> {
        let sq = square(square_name)?;
        let mut chars = piece.trim().chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c).ok_or_else(|| Error::Piece(piece.to_owned()))?,
            _ => return Err(Error::Piece(piece.to_owned())),
        };
        self.edit(sq, Some(piece))
    }

    /// Empty `square`; the game restarts from the edited position.
    pub fn remove_piece(&mut self, square_name: &str) -> Result<(), Error> {
        self.edit(square(square_name)?, None)
    }

    fn edit(&mut self, sq: Square, piece: Option<Piece>) -> Result<(), Error> {
        let mut setup = Setup::parse(&self.game.board().fen()).map_err(|e| Error::Fen(e.into()))?;
        setup.board[sq as usize] = piece;
        // The skipped square stays, as js-chess-engine keeps it, wherever it can still hold.
        setup.ep = self.en_passant_target();
        let standard = self.game.castling_mode() == CastlingMode::Standard;
        let mut edited = Position::set_up(setup, standard)?;
        edited.game.set_castling_mode(self.game.castling_mode());
        // The game restarts from the edited position: its tags stay, its moves' notes go.
        edited.tags = std::mem::take(&mut self.tags);
        *self = edited;
        Ok(())
    }

    /// A position of standard chess set up by hand (js-chess-engine's board after `setPiece` and
    /// `removePiece`, as a FEN): the castling rights whose king or rook has left its square (e1 and
    /// h1 for White's short castling...) are dropped, and the en-passant square when no pawn can
    /// just have skipped it; anything else that is no legal position (a side without its king, a
    /// pawn on a back rank...) is refused with the reason.
    ///
    /// ```
    /// use chess_wasm::position::Position;
    /// let edited = Position::from_edit("rnbqkbnr/pppppppp/8/8/4P3/3K4/PPPP1PPP/RNBQ1BNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(edited.classic_fen(), "rnbqkbnr/pppppppp/8/8/4P3/3K4/PPPP1PPP/RNBQ1BNR b kq e3 0 1");
    /// let err = Position::from_edit("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "that leaves an illegal position: white has no king");
    /// ```
    pub fn from_edit(fen: &str) -> Result<Position, Error> {
        Position::set_up(Setup::parse(fen.trim()).map_err(|e| Error::Fen(e.into()))?, true)
    }

    /// The position of `setup`, edited by hand: see [`from_edit`](Self::from_edit). In
    /// `standard` chess a right needs the king on the e-file and the rook in the corner (a right
    /// written `K` would otherwise pass to another rook of the rank, as X-FEN reads it); else the
    /// king anywhere on its back rank with the rook on the right side of it (Chess960).
    fn set_up(mut setup: Setup, standard: bool) -> Result<Position, Error> {
        // Rights whose king or rook has gone no longer hold.
        for color in [Color::White, Color::Black] {
            let back = if color == Color::White { 0 } else { 7 };
            let king = (0..8).find(|&f| setup.board[back * 8 + f] == Some(Piece::new(color, Role::King)));
            for side in [CastleSide::Short, CastleSide::Long] {
                let Some(file) = setup.castling.get(color, side) else { continue };
                let rook_home = setup.board[back * 8 + file as usize] == Some(Piece::new(color, Role::Rook));
                let placed = match (standard, king, side) {
                    (_, None, _) => false,
                    (true, Some(k), CastleSide::Short) => k == File::E as usize && file == File::H,
                    (true, Some(k), CastleSide::Long) => k == File::E as usize && file == File::A,
                    (false, Some(k), CastleSide::Short) => file as usize > k,
                    (false, Some(k), CastleSide::Long) => (file as usize) < k,
                };
                if !rook_home || !placed {
                    setup.castling.set(color, side, None);
                }
            }
        }
        let board = match Board::from_setup_with(&setup, MATERIAL) {
            Err(chess_core::PositionError::EnPassant(_)) => {
                setup.ep = None;
                Board::from_setup_with(&setup, MATERIAL)?
            }
            found => found?,
        };
        Ok(Position { game: Game::from_board(board), start_target: setup.ep, ..Position::default() })
    }
}

/// The JavaScript path ([`MovePath`]) of move `index` of the line at `line` (an internal path).
fn external(line: &[usize], index: usize) -> Vec<usize> {
    let mut path = line.to_vec();
    path.push(index);
    path[0] += 1;
    path
}

/// The error of a path that addresses no move.
fn no_move(at: &MovePath) -> Error {
    Error::Variation(format!(
        "no move at {at:?}: a path is a ply of the game (from 1), then pairs of a variation's index and a move's (from 0)"
    ))
}

/// `variations` as JSON, each from `before` (the position before the move they replace, of ply
/// `ply` and path `path`).
fn variation_infos(
    variations: &[Variation],
    before: &Board,
    ply: usize,
    path: &[usize],
    mode: CastlingMode,
) -> Vec<VariationInfo> {
    let mut infos = Vec::with_capacity(variations.len());
    for (v, variation) in variations.iter().enumerate() {
        let mut board = *before;
        let mut moves = Vec::with_capacity(variation.moves.len());
        for (m, played) in variation.moves.iter().enumerate() {
            // A line of the game is legal where it stands (read or checked when added).
            let before = board;
            if board.try_play(played.mv).is_err() {
                break;
            }
            let mut move_path = path.to_vec();
            move_path.extend([v, m]);
            let info = MoveInfo::new(&before, played.mv, mode);
            let nested = variation_infos(&played.annotation.variations, &before, ply + m, &move_path, mode);
            moves.push(VariationMoveInfo {
                mv: info,
                fen: board.fen(),
                ply: ply + m,
                path: move_path,
                comment: played.annotation.comment.clone(),
                nags: played.annotation.nags.clone(),
                variations: nested,
            });
        }
        if !moves.is_empty() {
            infos.push(VariationInfo { comment: variation.comment.clone(), moves });
        }
    }
    infos
}

/// A square name in either case.
pub fn square(name: &str) -> Result<Square, Error> {
    name.trim().to_ascii_lowercase().parse().map_err(|_| Error::Square(name.to_owned()))
}

fn color(name: &str) -> Result<Color, Error> {
    Color::from_name(name).ok_or_else(|| Error::Color(name.to_owned()))
}

/// An enum whose every variant has a word, with the list of its variants (`ALL`) written by the
/// same lines as the words: one owner for the words the package's types are generated from.
macro_rules! worded {
    ($(#[$meta:meta])* enum $name:ident { $($(#[$vmeta:meta])* $variant:ident => $word:literal,)* }) => {
        $(#[$meta])*
        enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every variant, in order.
            const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The package's word for it.
            const fn word(self) -> &'static str {
                match self {
                    $($name::$variant => $word,)*
                }
            }
        }
    };
}

worded! {
    /// How a game stands, as the package's `status` names it (`GameStatus` in types.ts, generated
    /// from [`status_words`]).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Outcome {
        Ongoing => "ongoing",
        Checkmate => "checkmate",
        Stalemate => "stalemate",
        ThreefoldRepetition => "threefold-repetition",
        FiftyMoveRule => "fifty-move-rule",
        InsufficientMaterial => "insufficient-material",
        FivefoldRepetition => "fivefold-repetition",
        SeventyFiveMoveRule => "seventy-five-move-rule",
        Resignation => "resignation",
        /// A flag fell (a win, or a draw when the other side cannot mate).
        TimeForfeit => "time-forfeit",
        DrawAgreed => "draw-agreed",
    }
}

/// Every word of a game's `status`, in order: what the package's `GameStatus` type is generated
/// from (web/packages/engine/scripts/gen-tables.mjs).
///
/// ```
/// let words = chess_wasm::position::status_words();
/// assert_eq!((words[0], words.len()), ("ongoing", 11));
/// ```
pub fn status_words() -> Vec<&'static str> {
    Outcome::ALL.iter().map(|o| o.word()).collect()
}

/// Why a move is refused, every word: chess-core's rejection kinds, then `game-over` (a move on
/// a finished game). What the package's `RejectionReason` type is generated from.
///
/// ```
/// let words = chess_wasm::position::rejection_words();
/// assert!(words.contains(&"piece-pinned") && words.last() == Some(&"game-over"));
/// ```
pub fn rejection_words() -> Vec<&'static str> {
    chess_core::MoveRejection::KINDS.iter().copied().chain([GAME_OVER]).collect()
}

/// The rejection word of a move on a finished game.
const GAME_OVER: &str = "game-over";
