//! Self-play games at a fixed node count, written out as labelled quiet positions (Texel data).
//!
//! The games are those of [`selfplay`](mod@crate::selfplay)'s loop ([`selfplay::play_game`])
//! with the classical evaluation, started from a balanced opening (an EPD line) plus a few random
//! moves so that no two games are alike ([`Start::Book`]), and adjudicated by [`Rules::TEXEL`]
//! (`crate::adjudication`). Game `n` draws everything from `(seed, n)`, and games are written in
//! the order of their numbers, so the file is a function of the seed and the options, whatever
//! the thread count.
//!
//! Positions kept for tuning are those self-play flags for training ([`selfplay::keep_flag`]):
//! past the first [`selfplay::SKIP_PLIES`] plies, not in check, the move the engine chose neither a
//! capture nor a promotion (so the static evaluation is about the position, not about a piece
//! hanging), no mate score. Each line of the output is `FEN;result;score;game`, with the result
//! from white's side (1, 0.5, 0), the search score in centipawns from white's side and the game
//! number (to split training and validation by game).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Mutex;
use std::time::Instant;

use chess_core::{Board, Color};
use chess_eval::Classical;
use chess_search::Engine;

use crate::adjudication::Rules;
use crate::selfplay::{self, GameOptions, GameRecord, Start};

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

/// The output and what has been written to it.
struct Output<'a> {
    out: &'a mut (dyn Write + Send),
    /// Games finished before an earlier one, by number.
    waiting: BTreeMap<usize, GameRecord>,
    /// Games written (so the next to write is game `games`).
    games: usize,
    positions: usize,
    /// Black wins, draws, White wins.
    results: [usize; 3],
}

impl Output<'_> {
    /// The kept positions of the next game to write, game `self.games`, one line each.
    fn write(&mut self, record: &GameRecord) -> io::Result<()> {
        let n = self.games;
        let result = f32::from(record.result) / 2.0;
        for (board, ply) in record.positions().filter(|(_, p)| p.keep) {
            let score = i32::from(ply.score);
            let white = if board.side_to_move() == Color::White { score } else { -score };
            writeln!(self.out, "{};{};{};{}", board.fen(), result, white, n)?;
            self.positions += 1;
        }
        self.games += 1;
        self.results[usize::from(record.result)] += 1;
        Ok(())
    }
}

/// Plays the games and writes the kept positions to `out`. Returns (games, positions).
pub fn run(openings: &[Board], opts: &DatagenOptions, out: &mut (dyn Write + Send)) -> io::Result<(usize, usize)> {
    if openings.is_empty() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "no openings"));
    }
    let game = GameOptions {
        start: Start::Book { book: openings, random_plies: opts.random_plies },
        nodes: opts.nodes,
        rules: Rules::TEXEL,
    };
    let output = Mutex::new(Output { out, waiting: BTreeMap::new(), games: 0, positions: 0, results: [0; 3] });
    let started = Instant::now();
    selfplay::parallel(
        opts.threads,
        opts.games,
        || Engine::new(Classical::default(), 16),
        |engine, n| {
            let record = selfplay::play_game(engine, &game, opts.seed, n as u64);
            let o = &mut *output.lock().unwrap_or_else(|e| e.into_inner());
            o.waiting.insert(n, record);
            while let Some(record) = o.waiting.remove(&o.games) {
                o.write(&record)?;
                if o.games % 100 == 0 {
                    eprintln!(
                        "{} games, {} positions, +{} ={} -{} (white), {:.0} s",
                        o.games,
                        o.positions,
                        o.results[2],
                        o.results[1],
                        o.results[0],
                        started.elapsed().as_secs_f64()
                    );
                }
            }
            Ok(())
        },
    )?;
    let o = output.into_inner().unwrap_or_else(|e| e.into_inner());
    o.out.flush()?;
    Ok((o.games, o.positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_a_function_of_the_seed_whatever_the_threads() {
        let openings: Vec<Board> = [
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pp1ppppp/8/2p5/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
        ]
        .iter()
        .map(|fen| fen.parse().unwrap())
        .collect();
        let opts = DatagenOptions { games: 6, nodes: 300, threads: 1, random_plies: 2, seed: 3 };
        let mut one = Vec::new();
        let (games, positions) = run(&openings, &opts, &mut one).unwrap();
        let mut two = Vec::new();
        assert_eq!(run(&openings, &DatagenOptions { threads: 2, ..opts.clone() }, &mut two).unwrap(), (6, positions));
        assert_eq!(games, 6);
        assert!(one == two, "the same bytes with one thread or two");
        let text = String::from_utf8(one).unwrap();
        assert_eq!(text.lines().count(), positions);
        assert!(positions > 6 * 10, "{positions} positions");
        let mut last_game = 0;
        for line in text.lines() {
            let fields: Vec<&str> = line.split(';').collect();
            let board: Board = fields[0].parse().unwrap();
            assert!(!board.in_check(), "{line}");
            assert!(["0", "0.5", "1"].contains(&fields[1]), "{line}");
            assert!(fields[2].parse::<i32>().unwrap().abs() < 10_000, "{line}");
            let game: usize = fields[3].parse().unwrap();
            assert!(game < 6 && game >= last_game, "{line}");
            last_game = game;
        }
        assert_eq!(crate::tune::load(&text).unwrap().len(), positions, "the tuner reads every line");
        let mut other = Vec::new();
        run(&openings, &DatagenOptions { seed: 4, ..opts }, &mut other).unwrap();
        assert_ne!(other, text.into_bytes(), "another seed, other games");
    }
}
