//! [`Game`]: a board with its history, the draw rules and the game's status.

use crate::board::CLAIMABLE_PLIES;
use crate::{
    Board, CastlingMode, Color, FenError, IllegalMoveError, MaterialRule, Move, MoveList, SanError, UciMoveError,
};

/// The repetitions of a position that let a player claim a draw (FIDE 9.2)...
const CLAIMABLE_REPETITIONS: usize = 3;
/// ...and that draw the game without a claim (FIDE 9.6.1).
const DRAWN_REPETITIONS: usize = 5;
/// The plies without a capture or pawn move that draw the game without a claim (FIDE 9.6.2;
/// the claimable draw, FIDE 9.3, is the board's [`CLAIMABLE_PLIES`]).
const DRAWN_PLIES: u16 = 150;

/// Where a game stands. Closed (not `#[non_exhaustive]`): the rules of chess end a game these
/// ways only, and front ends (the npm package's status words) match every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// The side to move has legal moves and no draw rule applies.
    Ongoing,
    /// The side to move is mated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// 100 plies without a capture or pawn move (and no mate on the last of them): a draw a
    /// player may claim (FIDE 9.3), see [`is_claimable`](Self::is_claimable).
    FiftyMoveRule,
    /// The same position (same side to move, castling rights and en-passant possibilities)
    /// occurred three times: a draw a player may claim (FIDE 9.2), see
    /// [`is_claimable`](Self::is_claimable).
    ThreefoldRepetition,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// The same position occurred five times: the game is drawn without a claim (FIDE 9.6.1).
    FivefoldRepetition,
    /// 150 plies without a capture or pawn move: the game is drawn without a claim (FIDE 9.6.2),
    /// unless the last of them mated (then it is [`Checkmate`](Self::Checkmate)).
    SeventyFiveMoveRule,
}

/// How a game ended off the board, as the players or an arbiter decided it: the board cannot
/// know, so the caller records it with [`Game::decide`] and the PGN writes it. Closed, as
/// [`GameStatus`] is: a front end has a word for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// `loser` resigned.
    Resignation {
        /// The side that resigned.
        loser: Color,
    },
    /// `loser` ran out of time.
    TimeForfeit {
        /// The side whose flag fell.
        loser: Color,
    },
    /// The players agreed a draw.
    DrawAgreed,
    /// `flagged` ran out of time, but the other side could not have mated by any series of
    /// legal moves ([`Board::can_mate`]): a draw.
    TimeoutDraw {
        /// The side whose flag fell.
        flagged: Color,
    },
}

impl Decision {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self {
            Decision::Resignation { loser: Color::White } | Decision::TimeForfeit { loser: Color::White } => "0-1",
            Decision::Resignation { loser: Color::Black } | Decision::TimeForfeit { loser: Color::Black } => "1-0",
            Decision::DrawAgreed | Decision::TimeoutDraw { .. } => "1/2-1/2",
        }
    }

    /// The PGN `Termination` text: `White resigns`, `Black forfeits on time`, `Draw agreed`.
    pub const fn termination(self) -> &'static str {
        match self {
            Decision::Resignation { loser: Color::White } => "White resigns",
            Decision::Resignation { loser: Color::Black } => "Black resigns",
            Decision::TimeForfeit { loser: Color::White } => "White forfeits on time",
            Decision::TimeForfeit { loser: Color::Black } => "Black forfeits on time",
            Decision::DrawAgreed => "Draw agreed",
            Decision::TimeoutDraw { flagged: Color::White } => "White's time ran out; Black cannot mate: draw",
            Decision::TimeoutDraw { flagged: Color::Black } => "Black's time ran out; White cannot mate: draw",
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Decision::Resignation { loser } | Decision::TimeForfeit { loser } => Some(match loser {
                Color::White => Color::Black,
                Color::Black => Color::White,
            }),
            Decision::DrawAgreed | Decision::TimeoutDraw { .. } => None,
        }
    }
}

impl GameStatus {
    /// Whether the game is over, the claimable draws included (the way most apps and servers
    /// apply them).
    pub const fn is_over(self) -> bool {
        !matches!(self, GameStatus::Ongoing)
    }

    /// Whether it is a draw a player may claim but need not ([`ThreefoldRepetition`],
    /// [`FiftyMoveRule`]): under FIDE's rules the game goes on until someone claims it, where
    /// [`FivefoldRepetition`] and [`SeventyFiveMoveRule`] end it without a claim.
    ///
    /// ```
    /// use chess_core::GameStatus;
    /// assert!(GameStatus::ThreefoldRepetition.is_claimable());
    /// assert!(!GameStatus::FivefoldRepetition.is_claimable());
    /// assert!(!GameStatus::Ongoing.is_claimable());
    /// ```
    ///
    /// [`ThreefoldRepetition`]: Self::ThreefoldRepetition
    /// [`FiftyMoveRule`]: Self::FiftyMoveRule
    /// [`FivefoldRepetition`]: Self::FivefoldRepetition
    /// [`SeventyFiveMoveRule`]: Self::SeventyFiveMoveRule
    pub const fn is_claimable(self) -> bool {
        matches!(self, GameStatus::ThreefoldRepetition | GameStatus::FiftyMoveRule)
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn result(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "*",
            GameStatus::Checkmate { winner: Color::White } => "1-0",
            GameStatus::Checkmate { winner: Color::Black } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// A short human-readable reason.
    pub const fn reason(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "game in progress",
            GameStatus::Checkmate { .. } => "checkmate",
            GameStatus::Stalemate => "stalemate",
            GameStatus::FiftyMoveRule => "fifty-move rule",
            GameStatus::ThreefoldRepetition => "threefold repetition",
            GameStatus::InsufficientMaterial => "insufficient material",
            GameStatus::FivefoldRepetition => "fivefold repetition",
            GameStatus::SeventyFiveMoveRule => "seventy-five-move rule",
        }
    }
}

/// A game: the starting position, the moves played, and every position since.
///
/// The draw rules are applied automatically by [`status`](Self::status) (the way most apps and
/// servers do): the claimable draws (threefold repetition, the fifty-move rule;
/// [`GameStatus::is_claimable`]) as soon as they can be claimed, and the ones that end a game
/// without a claim under FIDE's rules (fivefold repetition, the seventy-five-move rule) in their
/// stead once they hold. The history of keys is available for a search that must see repetitions.
///
/// ```
/// use chess_core::{Game, GameStatus};
/// let mut game = Game::new();
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     game.play_san(san).unwrap();
/// }
/// assert_eq!(game.status(), GameStatus::Checkmate { winner: chess_core::Color::Black });
/// game.undo();
/// assert_eq!(game.status(), GameStatus::Ongoing);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// `boards[0]` is the start; `boards[i + 1]` follows `moves[i]`.
    boards: Vec<Board>,
    moves: Vec<Move>,
    mode: CastlingMode,
    decision: Option<Decision>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Self {
        Game::from_board(Board::startpos())
    }

    /// A game starting from `board`. Castling is written for standard chess unless the start
    /// needs Chess960 (a king or castling rook off its standard square); see
    /// [`set_castling_mode`](Self::set_castling_mode).
    pub fn from_board(board: Board) -> Self {
        let mode = if is_standard_castling(&board) { CastlingMode::Standard } else { CastlingMode::Chess960 };
        Game { boards: vec![board], moves: Vec::new(), mode, decision: None }
    }

    /// A game starting from a FEN.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Game::from_fen_with(fen, MaterialRule::Reachable)
    }

    /// A game starting from a FEN whose material is judged by `rule`
    /// ([`MaterialRule::Playable`]: a position set up by hand).
    pub fn from_fen_with(fen: &str, rule: MaterialRule) -> Result<Self, FenError> {
        Ok(Game::from_board(Board::from_fen_with(fen, rule)?))
    }

    /// How castling is written in UCI notation for this game.
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Choose how castling is written in UCI notation (`UCI_Chess960`).
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.boards.last().expect("a game always has its start position")
    }

    /// The starting position.
    pub fn start(&self) -> &Board {
        &self.boards[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[Board] {
        &self.boards
    }

    /// The last move played and the position it was played from; `None` at the start.
    ///
    /// ```
    /// use chess_core::Game;
    ///
    /// let mut game = Game::new();
    /// assert!(game.last_move().is_none());
    /// let e4 = game.play_san("e4").unwrap();
    /// assert_eq!(game.last_move(), Some((e4, game.start())));
    /// ```
    pub fn last_move(&self) -> Option<(Move, &Board)> {
        let before = self.boards.len().checked_sub(2)?;
        Some((*self.moves.last()?, &self.boards[before]))
    }

    /// The Zobrist keys of every position so far (for repetition detection in a search).
    pub fn keys(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.boards.iter().map(Board::hash)
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> MoveList {
        self.board().legal_moves()
    }

    /// Play a move if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let mut next = *self.board();
        next.try_play(mv)?;
        self.boards.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Play a move given in UCI notation.
    pub fn play_uci(&mut self, s: &str) -> Result<Move, UciMoveError> {
        let mv = self.board().parse_uci(s)?;
        self.push_legal(mv);
        Ok(mv)
    }

    /// Play a move given in SAN.
    pub fn play_san(&mut self, s: &str) -> Result<Move, SanError> {
        let mv = self.board().parse_san(s)?;
        self.push_legal(mv);
        Ok(mv)
    }

    fn push_legal(&mut self, mv: Move) {
        let mut next = *self.board();
        next.play_unchecked(mv);
        self.boards.push(next);
        self.moves.push(mv);
    }

    /// Record how the game ended off the board (a resignation, a time forfeit, an agreed draw);
    /// [`result`](Self::result) and the PGN then carry it. It stands until
    /// [`withdraw_decision`](Self::withdraw_decision).
    ///
    /// ```
    /// use chess_core::{Color, Decision, Game};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.decide(Decision::Resignation { loser: Color::Black });
    /// assert_eq!(game.result(), "1-0");
    /// assert!(game.to_pgn(&[]).contains("[Termination \"Black resigns\"]"));
    /// assert!(game.to_pgn(&[]).ends_with("1. e4 1-0\n"));
    /// ```
    pub fn decide(&mut self, decision: Decision) {
        self.decision = Some(decision);
    }

    /// `flagged`'s time ran out: it loses on time, or draws when the other side could not mate
    /// ([`Board::can_mate`], FIDE's rule). Records the decision and returns it.
    ///
    /// ```
    /// use chess_core::{Color, Decision, Game};
    /// let mut game = Game::new();
    /// assert_eq!(game.flag(Color::White), Decision::TimeForfeit { loser: Color::White });
    /// assert_eq!(game.result(), "0-1");
    /// let mut bare = Game::from_fen("8/8/8/4k3/8/8/3P4/4K3 w - - 0 1").unwrap();
    /// assert_eq!(bare.flag(Color::White), Decision::TimeoutDraw { flagged: Color::White });
    /// assert_eq!(bare.result(), "1/2-1/2");
    /// ```
    pub fn flag(&mut self, flagged: Color) -> Decision {
        let decision = if self.board().can_mate(!flagged) {
            Decision::TimeForfeit { loser: flagged }
        } else {
            Decision::TimeoutDraw { flagged }
        };
        self.decide(decision);
        decision
    }

    /// The recorded decision, if any.
    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }

    /// Forget the recorded decision (a resignation taken back).
    pub fn withdraw_decision(&mut self) {
        self.decision = None;
    }

    /// The recorded decision when it decides the game: made while the game was going on, or
    /// after a draw that could have been claimed and was not ([`GameStatus::is_claimable`]: the
    /// players went on, so a resignation there counts). `None` when the rules ended the game
    /// on the board (mate, stalemate, a dead position, five repetitions, 75 moves).
    ///
    /// ```
    /// use chess_core::{Color, Decision, Game};
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// // Threefold: a draw White could claim; White resigns instead.
    /// game.decide(Decision::Resignation { loser: Color::White });
    /// assert_eq!(game.deciding_decision(), Some(Decision::Resignation { loser: Color::White }));
    /// assert_eq!(game.result(), "0-1");
    /// assert!(game.to_pgn(&[]).contains("[Termination \"White resigns\"]"));
    ///
    /// // A dead position is drawn on the board: a resignation after it does not count.
    /// let mut bare = Game::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").unwrap();
    /// bare.decide(Decision::Resignation { loser: Color::Black });
    /// assert_eq!((bare.deciding_decision(), bare.result()), (None, "1/2-1/2"));
    /// ```
    pub fn deciding_decision(&self) -> Option<Decision> {
        let status = self.status();
        self.decision.filter(|_| !status.is_over() || status.is_claimable())
    }

    /// The game's result: the deciding decision's ([`deciding_decision`](Self::deciding_decision)),
    /// else the board's, `*` while the game goes on.
    pub fn result(&self) -> &'static str {
        match self.deciding_decision() {
            Some(decision) => decision.result(),
            None => self.status().result(),
        }
    }

    /// Take back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.boards.pop();
        Some(mv)
    }

    /// How many times the current position has occurred (1 the first time). Only positions since
    /// the last capture or pawn move can repeat, and only every second ply.
    pub fn repetitions(&self) -> usize {
        let current = self.board();
        let window = (current.halfmove_clock() as usize).min(self.boards.len() - 1);
        self.boards[self.boards.len() - 1 - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|b| b.hash() == current.hash() && same_position(b, current))
            .count()
    }

    /// Whether the current position has occurred three times or more
    /// ([`repetitions`](Self::repetitions)): a draw a player may claim (FIDE 9.2). It holds
    /// whatever [`status`](Self::status) reports first (insufficient material, the 75-move rule,
    /// five repetitions).
    ///
    /// ```
    /// use chess_core::Game;
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(8) {
    ///     assert!(!game.is_threefold_repetition());
    ///     game.play_san(san).unwrap();
    /// }
    /// assert!(game.is_threefold_repetition()); // the start position, a third time
    /// ```
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= CLAIMABLE_REPETITIONS
    }

    /// Whether a draw by the fifty-move rule can be claimed (FIDE 9.3): 100 plies or more without
    /// a capture or pawn move, unless the last of them mated (the mate stands). It holds whatever
    /// [`status`](Self::status) reports first (insufficient material, the 75-move rule...).
    ///
    /// ```
    /// use chess_core::Game;
    /// assert!(Game::from_fen("7k/8/8/8/8/8/R7/K7 w - - 100 80").unwrap().is_fifty_move_rule());
    /// assert!(!Game::from_fen("7k/8/8/8/8/8/R7/K7 w - - 99 80").unwrap().is_fifty_move_rule());
    /// // Mated on the hundredth ply: no draw to claim.
    /// assert!(!Game::from_fen("R6k/6pp/8/8/8/8/8/K7 b - - 100 80").unwrap().is_fifty_move_rule());
    /// ```
    pub fn is_fifty_move_rule(&self) -> bool {
        self.board().is_fifty_move_draw()
    }

    /// The status of the game. Mate and stalemate take precedence over the draw rules (a mate
    /// given on the hundredth or the hundred-and-fiftieth ply wins, as FIDE 9.3 and 9.6.2 say),
    /// then insufficient material, then the draws without a claim (five repetitions, then 150
    /// plies) over the claimable ones (three repetitions, then 100 plies).
    ///
    /// ```
    /// use chess_core::{Game, GameStatus};
    /// let mut game = Game::new();
    /// let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    /// for san in shuffle.iter().cycle().take(8) {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert_eq!(game.status(), GameStatus::ThreefoldRepetition); // the start, a third time
    /// assert!(game.status().is_claimable());
    /// for san in shuffle.iter().cycle().take(8) {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert_eq!(game.status(), GameStatus::FivefoldRepetition); // and a fifth: drawn
    /// assert!(!game.status().is_claimable());
    ///
    /// let game = Game::from_fen("7k/8/8/8/8/8/R7/K7 w - - 150 120").unwrap();
    /// assert_eq!(game.status(), GameStatus::SeventyFiveMoveRule);
    /// ```
    pub fn status(&self) -> GameStatus {
        let board = self.board();
        if !board.has_legal_moves() {
            return if board.in_check() {
                GameStatus::Checkmate { winner: !board.side_to_move() }
            } else {
                GameStatus::Stalemate
            };
        }
        if board.is_insufficient_material() {
            return GameStatus::InsufficientMaterial;
        }
        let repetitions = self.repetitions();
        let clock = board.halfmove_clock();
        if repetitions >= DRAWN_REPETITIONS {
            GameStatus::FivefoldRepetition
        } else if clock >= DRAWN_PLIES {
            GameStatus::SeventyFiveMoveRule
        } else if repetitions >= CLAIMABLE_REPETITIONS {
            GameStatus::ThreefoldRepetition
        } else if clock >= CLAIMABLE_PLIES {
            GameStatus::FiftyMoveRule
        } else {
            GameStatus::Ongoing
        }
    }

    /// The SAN of each move played, in order.
    pub fn san_moves(&self) -> Vec<String> {
        self.moves.iter().zip(&self.boards).map(|(&mv, b)| b.san(mv)).collect()
    }
}

/// Positions are the same for the repetition rule when placement, side, castling rights and
/// en-passant possibilities agree (clocks do not matter). A key match is checked in full to rule
/// out hash collisions.
fn same_position(a: &Board, b: &Board) -> bool {
    a.by_role == b.by_role && a.by_color == b.by_color && a.side == b.side && a.castling == b.castling && a.ep == b.ep
}

fn is_standard_castling(board: &Board) -> bool {
    use crate::{CastleSide, File, Rank, Role, Square};
    Color::ALL.into_iter().all(|color| {
        let rights = board.castling_rights();
        let back = Rank::First.relative_to(color);
        let has_rights =
            rights.get(color, CastleSide::Short).is_some() || rights.get(color, CastleSide::Long).is_some();
        !has_rights
            || (board.colored_pieces(color, Role::King).has(Square::new(File::E, back))
                && rights.get(color, CastleSide::Short).is_none_or(|f| f == File::H)
                && rights.get(color, CastleSide::Long).is_none_or(|f| f == File::A))
    })
}
