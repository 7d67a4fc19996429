//! Time and nodes per move of each level over a few fixed positions (for docs/levels.md):
//! `cargo run --release -p chess-ai --example level_times`.

use std::time::Instant;

use chess_ai::{Ai, AiOptions, Strength};
use chess_core::Game;

/// The positions, one FEN a line (shared with the browser's timing in
/// `web/packages/engine/scripts/bench-browser.mjs`).
const POSITIONS: &str = include_str!("level_positions.txt");

fn main() {
    println!("| level | Elo | median ms | max ms | mean nodes |");
    println!("| --- | --- | --- | --- | --- |");
    for level in 1..=chess_ai::LEVELS {
        let ai = Ai::new(AiOptions { book: false, seed: Some(1), ..AiOptions::level(level) }).unwrap();
        let (mut times, mut nodes) = (Vec::new(), 0);
        for fen in POSITIONS.lines() {
            let game = Game::from_fen(fen).unwrap();
            ai.new_game();
            let start = Instant::now();
            let answer = ai.best_move(&game).unwrap();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            nodes += answer.nodes;
        }
        times.sort_by(f64::total_cmp);
        let elo = Strength::Level(level).elo().unwrap_or(0);
        println!(
            "| {level} | {elo} | {:.1} | {:.1} | {} |",
            times[times.len() / 2],
            times[times.len() - 1],
            nodes / times.len() as u64
        );
    }
}
