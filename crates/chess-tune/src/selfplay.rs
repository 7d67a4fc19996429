//! Self-play data for the neural evaluation (issue 20 §1): games of the engine against itself at
//! a small fixed node budget, with the evaluation the options name (a net, by default the
//! embedded one, or the classical evaluation), stored compactly in chunks that a later session
//! resumes.
//!
//! **Openings.** From the start position, 8 or 9 random legal moves; then a verification search
//! ([`VERIFY_NODES`]) drops starts that are already lopsided (|score| > [`VERIFY_MAX_CP`]) or over,
//! and the draw is repeated from the same random stream.
//!
//! **Adjudication**: [`Rules::SELFPLAY`] (a win after 6 plies in a row at ±10 pawns, a draw after
//! 12 plies within 0.10 from ply 80, a draw at ply 400; `crate::adjudication`), and the rules' own
//! ends (mate, stalemate, repetition, fifty moves, insufficient material).
//!
//! **One loop.** [`play_game`] also plays `chess-tune datagen`'s games (the Texel data,
//! [`datagen`](mod@crate::datagen)): [`GameOptions`] says where a game starts ([`Start::Random`]
//! here, an openings book there) and which [`Rules`] adjudicate it, and [`parallel`] is both
//! commands' worker pool. `selfplay`'s games are the same bytes for a seed as before that was
//! shared.
//!
//! **Determinism.** Game `n` of a run draws everything from `(seed, n)`, and each chunk holds the
//! games `chunk × games_per_chunk ..`, so the data is the same whatever the thread count. A run
//! can also play only its share of the chunks ([`SelfplayOptions::shard`], `--shard I/N`): shards
//! on many machines (a Slurm job array, `scripts/slurm/`) make the bytes one run makes.
//!
//! **Format** (`.csp`, little-endian): the magic `CSP1`, then games until the end of the file.
//! A game is: the start position's FEN (a `u8` length, then its bytes), the result (`u8`: 0 Black
//! won, 1 draw, 2 White won), the number of plies (`u16`), then per ply 5 bytes: the move played
//! (`u16`, [`Move::to_u16`]), the search score from the side to move's point of view (`i16`,
//! centipawns, mate scores clamped to ±[`MATE_STORED`]), and flags (`u8`: bit 0 set when a trainer
//! should learn from the position, by [`keep_flag`]: past the first [`SKIP_PLIES`],
//! not in check, the move neither a capture nor a promotion, no mate score). A chunk appears whole
//! or not at all ([`chess_core::write_file_with`]: a temporary file beside it, renamed when
//! complete); a line of `summary.jsonl` records it. `chess-tune pack` packs chunks to about 2 bytes
//! a position for the repository ([`crate::pack`], [`crate::training_data`]).

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chess_core::{Board, Color, Game, GameStatus, Move};
use chess_eval::{AnyEval, Classical, Evaluator, Network, Nnue, Score};
use chess_search::{run_bench, Engine, Limits};

use crate::adjudication::{Adjudicator, Rules};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The file's magic and version.
pub const MAGIC: &[u8; 4] = b"CSP1";
/// Nodes of the verification search of a random opening.
pub const VERIFY_NODES: u64 = 20_000;
/// Openings scored beyond this (centipawns) are drawn again.
pub const VERIFY_MAX_CP: i32 = 200;
/// The first plies after the opening are not for training.
pub const SKIP_PLIES: usize = 8;
/// Mate scores are stored as this, with their sign.
pub const MATE_STORED: i16 = 32_000;

/// How to generate.
#[derive(Debug, Clone)]
pub struct SelfplayOptions {
    /// Where the chunks go.
    pub dir: PathBuf,
    /// How many chunks the run has.
    pub chunks: usize,
    /// Games in each chunk.
    pub games_per_chunk: usize,
    /// Nodes a move.
    pub nodes: u64,
    /// Worker threads (one chunk each at a time).
    pub threads: usize,
    /// The run's seed.
    pub seed: u64,
    /// The players' evaluation: a net, or the classical evaluation when `None`.
    pub net: Option<Arc<Network>>,
    /// This run's share of the chunks, `(i, n)` with `1 <= i <= n` (`--shard I/N`): the chunks
    /// whose index is `i - 1` modulo `n`, as `chess review --shard` shares games; `(1, 1)`: all of
    /// them. A chunk is the same bytes whichever share plays it.
    pub shard: (usize, usize),
}

impl SelfplayOptions {
    /// The evaluation the players search with.
    pub fn evaluator(&self) -> AnyEval {
        match &self.net {
            Some(net) => Nnue::new(Arc::clone(net)).into(),
            None => Classical::default().into(),
        }
    }

    /// The chunks of `0..chunks` this run plays ([`SelfplayOptions::shard`]), in order.
    pub fn chunk_indices(&self) -> impl Iterator<Item = usize> {
        let (i, n) = self.shard;
        let n = n.max(1);
        (0..self.chunks).filter(move |c| c % n == (i + n - 1) % n)
    }

    /// The evaluation's name, as the summary records it: the net's name and hash, or `classical`.
    pub fn eval_name(&self) -> String {
        match &self.net {
            Some(net) => format!("{} {:016x}", net.name(), net.hash()),
            None => "classical".into(),
        }
    }
}

/// One ply of a stored game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ply {
    /// The move played.
    pub mv: Move,
    /// The search score, side to move's view, centipawns.
    pub score: i16,
    /// Whether a trainer should learn from the position before the move.
    pub keep: bool,
}

/// One stored game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The start position (after the random opening).
    pub start: Board,
    /// 0: Black won, 1: draw, 2: White won.
    pub result: u8,
    /// The plies played.
    pub plies: Vec<Ply>,
}

impl GameRecord {
    /// Append the record's bytes.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let fen = self.start.fen();
        out.write_all(&[fen.len() as u8])?;
        out.write_all(fen.as_bytes())?;
        out.write_all(&[self.result])?;
        out.write_all(&(self.plies.len() as u16).to_le_bytes())?;
        for p in &self.plies {
            out.write_all(&p.mv.to_u16().to_le_bytes())?;
            out.write_all(&p.score.to_le_bytes())?;
            out.write_all(&[u8::from(p.keep)])?;
        }
        Ok(())
    }

    /// Read one record; `Ok(None)` at the end of the data.
    pub fn read(input: &mut impl Read) -> io::Result<Option<GameRecord>> {
        let mut len = [0u8; 1];
        if input.read(&mut len)? == 0 {
            return Ok(None);
        }
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
        let mut fen = vec![0u8; usize::from(len[0])];
        input.read_exact(&mut fen)?;
        let fen = String::from_utf8(fen).map_err(|_| bad("a start FEN that is not text"))?;
        let start: Board = fen.parse().map_err(|_| bad("an unreadable start FEN"))?;
        let mut head = [0u8; 3];
        input.read_exact(&mut head)?;
        let result = head[0];
        if result > 2 {
            return Err(bad("a result other than 0, 1 or 2"));
        }
        let n = usize::from(u16::from_le_bytes([head[1], head[2]]));
        let mut plies = Vec::with_capacity(n);
        let mut board = start;
        for _ in 0..n {
            let mut b = [0u8; 5];
            input.read_exact(&mut b)?;
            let mv = Move::from_u16(u16::from_le_bytes([b[0], b[1]])).ok_or_else(|| bad("an invalid move"))?;
            if !board.is_legal(mv) {
                return Err(bad("an illegal move"));
            }
            board.play_unchecked(mv);
            plies.push(Ply { mv, score: i16::from_le_bytes([b[2], b[3]]), keep: b[4] & 1 == 1 });
        }
        Ok(Some(GameRecord { start, result, plies }))
    }

    /// Every position with its ply: `(board before the move, ply)`.
    pub fn positions(&self) -> impl Iterator<Item = (Board, &Ply)> {
        let mut board = self.start;
        self.plies.iter().map(move |p| {
            let before = board;
            board.play_unchecked(p.mv);
            (before, p)
        })
    }
}

/// The complete chunks (`*.csp`; a chunk being written is `*.tmp`) of `dir`, in name order.
pub fn chunk_paths(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "csp"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The seed of the run a chunk file belongs to, read from its name ([`chunk_path`]).
pub fn chunk_seed(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    let hex = name.strip_prefix("selfplay-")?.split('-').next()?;
    u64::from_str_radix(hex, 16).ok()
}

/// Read every game of a chunk file.
pub fn read_chunk(path: &Path) -> io::Result<Vec<GameRecord>> {
    parse_chunk(&fs::read(path)?)
}

/// Every game of a chunk's bytes.
pub fn parse_chunk(bytes: &[u8]) -> io::Result<Vec<GameRecord>> {
    if bytes.len() < 4 || &bytes[..4] != MAGIC {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "not a CSP1 file"));
    }
    let mut input = &bytes[4..];
    let mut games = Vec::new();
    while let Some(g) = GameRecord::read(&mut input)? {
        games.push(g);
    }
    Ok(games)
}

fn game_rng(seed: u64, n: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// What the games of a run are: where each starts, how many nodes a move, when it is adjudicated.
/// `selfplay` plays [`GameOptions::selfplay`]; `chess-tune datagen` plays its openings book with
/// [`Rules::TEXEL`] ([`datagen`](mod@crate::datagen)). The one loop ([`play_game`]) plays both.
#[derive(Debug, Clone, Copy)]
pub struct GameOptions<'a> {
    /// Where a game starts.
    pub start: Start<'a>,
    /// Nodes a move.
    pub nodes: u64,
    /// When a game is adjudicated.
    pub rules: Rules,
}

impl GameOptions<'static> {
    /// The net's self-play games: random openings verified balanced, [`Rules::SELFPLAY`].
    pub fn selfplay(nodes: u64) -> Self {
        GameOptions { start: Start::Random, nodes, rules: Rules::SELFPLAY }
    }
}

/// Where a game starts: a position, then random legal moves, drawn again until the game is still
/// going (and, for [`Start::Random`], balanced).
#[derive(Debug, Clone, Copy)]
pub enum Start<'a> {
    /// The start position and 8 or 9 random plies, then a verification search ([`VERIFY_NODES`])
    /// that draws again a start beyond ±[`VERIFY_MAX_CP`].
    Random,
    /// A position of `book` (uniform; not empty) and `random_plies` random plies, not verified.
    Book {
        /// The openings.
        book: &'a [Board],
        /// Random plies after the book's position.
        random_plies: usize,
    },
}

/// The game's opening as [`Start`] says, from `rng`.
fn opening<E: Evaluator>(engine: &mut Engine<E>, start: Start, rng: &mut ChaCha8Rng) -> Game {
    loop {
        let (board, plies) = match start {
            Start::Random => (Board::startpos(), 8 + (rng.next_u64() % 2) as usize),
            Start::Book { book, random_plies } => (book[(rng.next_u64() % book.len() as u64) as usize], random_plies),
        };
        let mut game = Game::from_board(board);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(mv).expect("a legal move");
        }
        if game.status() != GameStatus::Ongoing {
            continue;
        }
        if let Start::Random = start {
            engine.clear();
            let found = engine.think(&game, &Limits::nodes(VERIFY_NODES));
            if found.score.0.abs() > VERIFY_MAX_CP {
                continue;
            }
        }
        return Game::from_board(*game.board());
    }
}

/// Whether a trainer learns from the position `board` at ply `ply` of a self-play game, where
/// `mv` was played with the stored score `score`: past the first [`SKIP_PLIES`], not in check, a
/// quiet move (no capture, no promotion), no mate score. The one statement of the rule.
pub fn keep_flag(board: &Board, ply: usize, mv: Move, score: i16) -> bool {
    let quiet = !board.in_check() && !board.is_capture(mv) && mv.promotion().is_none();
    let mate = score.unsigned_abs() == MATE_STORED.unsigned_abs();
    quiet && !mate && ply >= SKIP_PLIES
}

/// Play game `n` of the run with `seed`: everything is drawn from `(seed, n)`, and the engine's
/// tables are cleared before the game, so the game is the same whatever the engine played before.
pub fn play_game<E: Evaluator>(engine: &mut Engine<E>, options: &GameOptions, seed: u64, n: u64) -> GameRecord {
    let mut rng = game_rng(seed, n);
    let mut game = opening(engine, options.start, &mut rng);
    engine.clear();
    let start = *game.board();
    let limits = Limits::nodes(options.nodes);
    let mut plies = Vec::new();
    let mut adjudicator = Adjudicator::new(options.rules);
    let result = loop {
        match game.status() {
            GameStatus::Ongoing => {}
            GameStatus::Checkmate { winner } => break if winner == Color::White { 2 } else { 0 },
            _ => break 1,
        }
        let ply = game.moves().len();
        if ply >= options.rules.max_plies {
            break 1;
        }
        let board = *game.board();
        let found = engine.think(&game, &limits);
        let Some(mv) = found.best_move else { break 1 };
        let mate = found.score.0.abs() >= Score::MATE_BOUND.0;
        let stored = if mate { MATE_STORED * found.score.0.signum() as i16 } else { found.score.0 as i16 };
        plies.push(Ply { mv, score: stored, keep: keep_flag(&board, ply, mv, stored) });
        game.play(mv).expect("the engine plays legal moves");
        let white = if board.side_to_move() == Color::White { found.score.0 } else { -found.score.0 };
        if mate {
            // Played out to the mate it announces: the rules end the game on the next loop, or
            // the announced side wins (adjudicated at once, as testers do with mate scores).
            if game.status() == GameStatus::Ongoing {
                break if white > 0 { 2 } else { 0 };
            }
            continue;
        }
        if let Some(r) = adjudicator.update(ply, white) {
            break r;
        }
    };
    GameRecord { start, result, plies }
}

/// What a finished chunk holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChunkSummary {
    /// Games.
    pub games: usize,
    /// Positions (plies).
    pub positions: usize,
    /// Positions flagged for training.
    pub kept: usize,
    /// White wins, draws, Black wins.
    pub wdl: [usize; 3],
}

impl ChunkSummary {
    fn add(&mut self, g: &GameRecord) {
        self.games += 1;
        self.positions += g.plies.len();
        self.kept += g.positions().filter(|(_, p)| p.keep).count();
        self.wdl[match g.result {
            2 => 0,
            1 => 1,
            _ => 2,
        }] += 1;
    }
}

/// The file of chunk `index` of the run with `seed`.
pub fn chunk_path(dir: &Path, seed: u64, index: usize) -> PathBuf {
    dir.join(format!("selfplay-{seed:016x}-{index:05}.csp"))
}

/// Generate the run's missing chunks (complete ones are skipped: a run resumes), those of its
/// shard only ([`SelfplayOptions::chunk_indices`]). Returns the chunks written now.
///
/// A seed's chunks are one data set only if one player made them all: a run whose evaluation,
/// node budget or search ([`search_signature`]) differs from what `summary.jsonl` records for its
/// seed is refused with [`io::ErrorKind::InvalidInput`] (say the net by name, build the commit
/// that made the seed, or take a new seed).
pub fn run(opts: &SelfplayOptions) -> io::Result<usize> {
    fs::create_dir_all(&opts.dir)?;
    let written = AtomicUsize::new(0);
    let log = Mutex::new(());
    let player = Player::of(opts);
    player.check(&opts.dir.join("summary.jsonl"))?;
    let game = GameOptions::selfplay(opts.nodes);
    let indices: Vec<usize> = opts.chunk_indices().collect();
    parallel(
        opts.threads,
        indices.len(),
        || Engine::new(opts.evaluator(), 16),
        |engine, job| {
            let index = indices[job];
            let path = chunk_path(&opts.dir, opts.seed, index);
            if path.exists() {
                return Ok(());
            }
            let started = Instant::now();
            // The chunk appears whole or not at all (a stopped run resumes at it).
            let summary = chess_core::write_file_with(&path, |out| {
                out.write_all(MAGIC)?;
                let mut summary = ChunkSummary::default();
                for i in 0..opts.games_per_chunk {
                    let n = (index * opts.games_per_chunk + i) as u64;
                    let record = play_game(engine, &game, opts.seed, n);
                    record.write(out)?;
                    summary.add(&record);
                }
                Ok(summary)
            })?;
            written.fetch_add(1, Ordering::Relaxed);
            let seconds = started.elapsed().as_secs_f64();
            let line = format!(
                "{{\"chunk\":{index},{}\"games\":{},\"positions\":{},\"kept\":{},\"white\":{},\"draws\":{},\"black\":{},\"seconds\":{seconds:.1},{}\n",
                player.fields, summary.games, summary.positions, summary.kept, summary.wdl[0], summary.wdl[1], summary.wdl[2], player.eval
            );
            let _guard = log.lock().unwrap_or_else(|e| e.into_inner());
            fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(opts.dir.join("summary.jsonl"))?
                .write_all(line.as_bytes())?;
            eprint!("{line}");
            Ok(())
        },
    )?;
    Ok(written.into_inner())
}

/// Runs `job(engine, i)` for each `i` of `0..jobs`, in no set order, on `threads` workers (at least
/// one), each with its own engine made by `engine`. A worker stops at its first error, which is
/// returned once every worker is done. The pool of `selfplay` (a job is a chunk) and `datagen` (a
/// job is a game).
pub fn parallel<E: Evaluator>(
    threads: usize,
    jobs: usize,
    engine: impl Fn() -> Engine<E> + Sync,
    job: impl Fn(&mut Engine<E>, usize) -> io::Result<()> + Sync,
) -> io::Result<()> {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| -> io::Result<()> {
                    let mut engine = engine();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= jobs {
                            return Ok(());
                        }
                        job(&mut engine, i)?;
                    }
                })
            })
            .collect();
        workers.into_iter().try_for_each(|h| h.join().expect("a self-play worker panicked"))
    })
}

/// The depth of the bench that signs a player's search ([`search_signature`]).
const SIGNATURE_DEPTH: i32 = 6;

/// The search that plays a run's games, as a number: the nodes of the bench positions searched to
/// a small fixed depth with the run's evaluation (as `chess bench` signs a build at depth 11).
/// Another search (a pruning rule, a history table) or another evaluation changes it, so a
/// rebuilt generator cannot add another player's games to a seed.
pub fn search_signature(opts: &SelfplayOptions) -> u64 {
    let mut engine = Engine::new(opts.evaluator(), 16);
    run_bench(&mut engine, SIGNATURE_DEPTH, |_, _, _| {}).nodes
}

/// The fields of a summary line that name the run's player, as the line writes them: the seed,
/// the node budget and the search's signature after the chunk index, the evaluation last.
/// Written and checked here only.
struct Player {
    seed: u64,
    /// `"seed":S,"nodes":N,"search":B,`
    fields: String,
    /// `"eval":"NAME"}`
    eval: String,
    eval_name: String,
    nodes: u64,
    /// [`search_signature`].
    search: u64,
}

impl Player {
    fn of(opts: &SelfplayOptions) -> Player {
        let eval_name = opts.eval_name();
        let search = search_signature(opts);
        Player {
            seed: opts.seed,
            fields: format!("\"seed\":{},\"nodes\":{},\"search\":{search},", opts.seed, opts.nodes),
            eval: format!("\"eval\":{eval_name:?}}}"),
            eval_name,
            nodes: opts.nodes,
            search,
        }
    }

    /// Refuse to add chunks to the seed if `summary` (the run's log, if there is one yet) says an
    /// earlier chunk of that seed had another evaluation, node budget or search (a line without a
    /// search signature, written before it existed, counts as another search).
    fn check(&self, summary: &Path) -> io::Result<()> {
        let text = match fs::read_to_string(summary) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let seed_field = format!("\"seed\":{},", self.seed);
        let other =
            |line: &&str| line.contains(&seed_field) && !(line.contains(&self.fields) && line.ends_with(&self.eval));
        match text.lines().find(other) {
            None => Ok(()),
            Some(line) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "seed {} already has chunks by another player or budget ({line}); this run is {} at {} nodes \
                     with search {}: name that net (--eval NAME or FILE, --nodes N), build the commit that made \
                     the seed, or take a new --seed",
                    self.seed, self.eval_name, self.nodes, self.search
                ),
            )),
        }
    }
}

/// Totals over every chunk in `dir`.
pub fn stats(dir: &Path) -> io::Result<(usize, ChunkSummary)> {
    let mut total = ChunkSummary::default();
    let mut chunks = 0;
    for path in chunk_paths(dir)? {
        for g in read_chunk(&path)? {
            total.add(&g);
        }
        chunks += 1;
    }
    Ok((chunks, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let mut engine = Engine::new(Classical::default(), 1);
        let record = play_game(&mut engine, &GameOptions::selfplay(300), 7, 0);
        assert!(!record.plies.is_empty());
        let mut bytes = Vec::new();
        record.write(&mut bytes).unwrap();
        let fen_len = record.start.fen().len();
        assert_eq!(bytes.len(), 1 + fen_len + 1 + 2 + 5 * record.plies.len(), "5 bytes a position");
        let back = GameRecord::read(&mut bytes.as_slice()).unwrap().unwrap();
        assert_eq!(back, record);
        assert!(GameRecord::read(&mut [].as_slice()).unwrap().is_none());
        let mut corrupt = bytes.clone();
        let first_move = 1 + fen_len + 3;
        corrupt[first_move] = 0;
        corrupt[first_move + 1] = 0;
        assert!(GameRecord::read(&mut corrupt.as_slice()).is_err());
    }

    #[test]
    fn a_game_is_a_function_of_seed_and_index() {
        let mut a = Engine::new(Classical::default(), 1);
        let mut b = Engine::new(Classical::default(), 1);
        let first = play_game(&mut a, &GameOptions::selfplay(300), 42, 3);
        // Whatever the engine searched before, game 3 of seed 42 is the same game.
        let _ = play_game(&mut b, &GameOptions::selfplay(300), 42, 9);
        assert_eq!(play_game(&mut b, &GameOptions::selfplay(300), 42, 3), first);
        assert_ne!(play_game(&mut b, &GameOptions::selfplay(300), 43, 3).plies, first.plies);
        let opening_plies = first.start.fullmove_number();
        assert!((5..=5).contains(&opening_plies), "8 or 9 random plies: move 5 ({opening_plies})");
    }

    #[test]
    fn the_players_evaluation_is_an_option() {
        let classical = SelfplayOptions {
            dir: PathBuf::new(),
            chunks: 1,
            games_per_chunk: 1,
            nodes: 300,
            threads: 1,
            seed: 7,
            net: None,
            shard: (1, 1),
        };
        let net = SelfplayOptions { net: Some(Network::embedded()), ..classical.clone() };
        assert_eq!(classical.eval_name(), "classical");
        let name = net.eval_name();
        assert_eq!(name, "s7-hm4-1726-k200 0dcd9c03e201d233");
        let board = Board::startpos();
        assert_eq!(classical.evaluator().evaluate(&board), Classical::default().evaluate(&board));
        assert_eq!(net.evaluator().evaluate(&board).0, Network::embedded().evaluate(&board));
        let by_classical = play_game(&mut Engine::new(classical.evaluator(), 1), &GameOptions::selfplay(300), 7, 0);
        let by_net = play_game(&mut Engine::new(net.evaluator(), 1), &GameOptions::selfplay(300), 7, 0);
        assert_ne!(by_net.plies, by_classical.plies, "the net plays its own game");
        let mut bytes = Vec::new();
        by_net.write(&mut bytes).unwrap();
        assert_eq!(GameRecord::read(&mut bytes.as_slice()).unwrap().unwrap(), by_net);
    }

    #[test]
    fn a_chunk_names_its_seed() {
        let path = chunk_path(Path::new("data/selfplay"), 0x1f, 12);
        assert_eq!(path.file_name().unwrap(), "selfplay-000000000000001f-00012.csp");
        assert_eq!(chunk_seed(&path), Some(31));
        assert_eq!(chunk_seed(Path::new("data/selfplay/summary.jsonl")), None);
        assert_eq!(chunk_seed(Path::new("selfplay-zz-00001.csp")), None);
    }

    #[test]
    fn runs_resume_and_stats_add_up() {
        let dir = std::env::temp_dir().join(format!("chess-selfplay-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let opts = SelfplayOptions {
            dir: dir.clone(),
            chunks: 2,
            games_per_chunk: 2,
            nodes: 200,
            threads: 2,
            seed: 5,
            net: None,
            shard: (1, 1),
        };
        assert_eq!(run(&opts).unwrap(), 2);
        let first = fs::read(chunk_path(&dir, 5, 1)).unwrap();
        assert_eq!(run(&opts).unwrap(), 0, "complete chunks are skipped");
        let more = SelfplayOptions { chunks: 3, ..opts.clone() };
        assert_eq!(run(&more).unwrap(), 1, "a longer run adds only the missing chunk");
        assert_eq!(fs::read(chunk_path(&dir, 5, 1)).unwrap(), first);
        let (chunks, total) = stats(&dir).unwrap();
        assert_eq!((chunks, total.games), (3, 6));
        assert_eq!(total.wdl.iter().sum::<usize>(), 6);
        assert!(total.kept > 0 && total.kept < total.positions);
        assert_eq!(fs::read_to_string(dir.join("summary.jsonl")).unwrap().lines().count(), 3);
        // Another player, or another budget, may not add to the seed; a new seed is its own set.
        let longer = SelfplayOptions { chunks: 4, ..opts.clone() };
        for other in [
            SelfplayOptions { net: Some(Network::embedded()), ..longer.clone() },
            SelfplayOptions { nodes: 300, ..longer.clone() },
        ] {
            let refused = run(&other).unwrap_err();
            assert_eq!(refused.kind(), io::ErrorKind::InvalidInput);
            assert!(refused.to_string().starts_with("seed 5 already has chunks by another player"), "{refused}");
        }
        // Nor may another search: the same player with the seed's lines signed by another one.
        let summary = dir.join("summary.jsonl");
        let ours = fs::read_to_string(&summary).unwrap();
        let signature = format!("\"search\":{},", search_signature(&opts));
        assert_eq!(ours.matches(&signature).count(), 3, "{ours}");
        fs::write(&summary, ours.replacen(&signature, "\"search\":1,", 1)).unwrap();
        let refused = run(&longer).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::InvalidInput);
        assert!(refused.to_string().contains("build the commit that made the seed"), "{refused}");
        fs::write(&summary, ours).unwrap();
        assert!(!chunk_path(&dir, 5, 3).exists());
        assert_eq!(run(&SelfplayOptions { seed: 6, chunks: 1, nodes: 300, ..opts.clone() }).unwrap(), 1);
        // Every stored game replays legally and ends as recorded.
        for g in read_chunk(&chunk_path(&dir, 5, 0)).unwrap() {
            assert_eq!(g.positions().count(), g.plies.len());
        }
        // Training reads every seed's chunks, or those of the seeds it names.
        let plain = chess_eval::nnue::KingBuckets::PLAIN;
        let all = crate::train::load(&dir, &[], crate::train::Target::SCORE, 0, false, plain).unwrap();
        let six = crate::train::load(&dir, &[6], crate::train::Target::SCORE, 0, false, plain).unwrap();
        assert_eq!((all.chunks, all.games, six.chunks, six.games), (4, 8, 1, 2));
        assert!(!six.train.is_empty() && six.train.len() < all.train.len());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn shards_make_the_chunks_of_one_run() {
        let root = std::env::temp_dir().join(format!("chess-selfplay-shards-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let whole = SelfplayOptions {
            dir: root.join("whole"),
            chunks: 5,
            games_per_chunk: 2,
            nodes: 200,
            threads: 1,
            seed: 9,
            net: None,
            shard: (1, 1),
        };
        let shares = |n: usize| -> Vec<Vec<usize>> {
            (1..=n).map(|i| SelfplayOptions { shard: (i, n), ..whole.clone() }.chunk_indices().collect()).collect()
        };
        assert_eq!(shares(1), [vec![0, 1, 2, 3, 4]]);
        assert_eq!(shares(2), [vec![0, 2, 4], vec![1, 3]]);
        assert_eq!(shares(3), [vec![0, 3], vec![1, 4], vec![2]]);
        assert_eq!(shares(7)[5..], [vec![], vec![]], "more shards than chunks: the last ones play none");
        assert_eq!(run(&whole).unwrap(), 5);
        for n in [2, 3] {
            for i in 1..=n {
                // Each shard in a folder of its own (as the tasks of a job array write), on two threads.
                let dir = root.join(format!("{i}-of-{n}"));
                let shard = SelfplayOptions { dir: dir.clone(), threads: 2, shard: (i, n), ..whole.clone() };
                let mine: Vec<usize> = shard.chunk_indices().collect();
                assert_eq!(run(&shard).unwrap(), mine.len());
                assert_eq!(chunk_paths(&dir).unwrap().len(), mine.len(), "shard {i}/{n} writes only its chunks");
                for c in mine {
                    let (ours, theirs) = (chunk_path(&dir, 9, c), chunk_path(&whole.dir, 9, c));
                    assert_eq!(fs::read(&ours).unwrap(), fs::read(&theirs).unwrap(), "chunk {c} of shard {i}/{n}");
                }
                let lines = fs::read_to_string(dir.join("summary.jsonl")).unwrap();
                assert_eq!(lines.lines().count(), chunk_paths(&dir).unwrap().len());
                assert_eq!(run(&shard).unwrap(), 0, "a shard resumes as a run does");
            }
        }
        fs::remove_dir_all(&root).unwrap();
    }
}
