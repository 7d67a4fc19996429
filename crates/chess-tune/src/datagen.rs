//! Self-play games at a fixed node count, written out as labelled quiet positions.
//!
//! Each game starts from a balanced opening (an EPD line), plus a few random moves so that no two
//! games are alike, and is played by the engine against itself at a fixed number of nodes a
//! move (deterministic for a given seed). A game ends by the rules, or is adjudicated by
//! [`Rules::TEXEL`] (`crate::adjudication`).
//!
//! Positions kept for tuning are quiet as the engine sees them: not in check, and the move the
//! engine chose is neither a capture nor a promotion (so the static evaluation is about the
//! position, not about a piece hanging). Each line of the output is
//! `FEN;result;score;game`, with the result from white's side (1, 0.5, 0), the search score in
//! centipawns from white's side and the game number (to split training and validation by game).

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use chess_core::{Board, Color, Game, GameStatus};
use chess_eval::{Classical, Score};
use chess_search::{Engine, Limits};

use crate::adjudication::{Adjudicator, Rules};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions this close to the start (after the random moves) are not kept.
pub const SKIP_PLIES: usize = 8;

/// How to generate.
#[derive(Debug, Clone)]
pub struct DatagenOptions {
    /// Number of games.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Worker threads, one game each.
    pub threads: usize,
    /// Random moves played after the opening line.
    pub random_plies: usize,
    /// Seed of the random moves and opening choice.
    pub seed: u64,
}

/// One position kept for tuning.
struct Sample {
    fen: String,
    /// Search score from white's side.
    score: i32,
}

/// Plays the games and writes the kept positions to `out`. Returns (games, positions).
pub fn run(openings: &[Board], opts: &DatagenOptions, out: &mut (dyn Write + Send)) -> std::io::Result<(usize, usize)> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new((out, 0usize, 0usize, [0usize; 3]));
    let started = std::time::Instant::now();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..opts.threads.max(1))
            .map(|_| {
                s.spawn(|| -> std::io::Result<()> {
                    let mut engine = Engine::new(Classical::default(), 16);
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= opts.games {
                            return Ok(());
                        }
                        let mut rng =
                            ChaCha8Rng::seed_from_u64(opts.seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                        engine.clear();
                        let (result, samples) = play_game(&mut engine, openings, opts, &mut rng);
                        let mut guard = out.lock().unwrap();
                        let (w, games, positions, results) = &mut *guard;
                        for smp in &samples {
                            writeln!(w, "{};{};{};{}", smp.fen, result, smp.score, n)?;
                        }
                        *games += 1;
                        *positions += samples.len();
                        results[(result * 2.0) as usize] += 1;
                        if *games % 100 == 0 {
                            eprintln!(
                                "{} games, {} positions, +{} ={} -{} (white), {:.0} s",
                                games,
                                positions,
                                results[2],
                                results[1],
                                results[0],
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                })
            })
            .collect();
        // A write error stops its worker; report it rather than a short file.
        workers.into_iter().try_for_each(|h| h.join().expect("datagen worker panicked"))
    })?;
    let (w, games, positions, _) = out.into_inner().unwrap();
    w.flush()?;
    Ok((games, positions))
}

/// A random legal move, or `None` when there is none.
fn random_move(game: &Game, rng: &mut ChaCha8Rng) -> Option<chess_core::Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        None
    } else {
        Some(moves[(rng.next_u64() % moves.len() as u64) as usize])
    }
}

/// A game from a random opening with `random_plies` random moves added; retried until the
/// position is still going.
fn start_position(openings: &[Board], opts: &DatagenOptions, rng: &mut ChaCha8Rng) -> Game {
    loop {
        let board = openings[(rng.next_u64() % openings.len() as u64) as usize];
        let mut game = Game::from_board(board);
        for _ in 0..opts.random_plies {
            match random_move(&game, rng) {
                Some(mv) => game.play(mv).expect("legal move"),
                None => break,
            }
        }
        if game.status() == GameStatus::Ongoing {
            return Game::from_board(*game.board());
        }
    }
}

/// Plays one game; returns white's result (1, 0.5, 0) and the positions kept.
fn play_game(
    engine: &mut Engine<Classical>,
    openings: &[Board],
    opts: &DatagenOptions,
    rng: &mut ChaCha8Rng,
) -> (f32, Vec<Sample>) {
    let mut game = start_position(openings, opts, rng);
    let limits = Limits::nodes(opts.nodes);
    let mut samples = Vec::new();
    let mut adjudicator = Adjudicator::new(Rules::TEXEL);
    let result = loop {
        match game.status() {
            GameStatus::Ongoing => {}
            GameStatus::Checkmate { winner } => break if winner == Color::White { 1.0 } else { 0.0 },
            _ => break 0.5,
        }
        let ply = game.moves().len();
        if ply >= Rules::TEXEL.max_plies {
            break 0.5;
        }
        let board = *game.board();
        let found = engine.think(&game, &limits);
        let Some(mv) = found.best_move else { break 0.5 };
        let white = if board.side_to_move() == Color::White { found.score.0 } else { -found.score.0 };
        if found.score.0.abs() >= Score::MATE_BOUND.0 {
            break if white > 0 { 1.0 } else { 0.0 };
        }
        if let Some(outcome) = adjudicator.update(ply, white) {
            break f32::from(outcome) / 2.0;
        }
        let quiet = !board.in_check() && !board.is_capture(mv) && mv.promotion().is_none();
        if quiet && ply >= SKIP_PLIES {
            samples.push(Sample { fen: board.fen(), score: white });
        }
        game.play(mv).expect("the engine plays legal moves");
    };
    (result, samples)
}
