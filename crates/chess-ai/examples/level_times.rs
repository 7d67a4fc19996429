//! Time and nodes per move of each level over a few fixed positions (for docs/levels.md):
//! `cargo run --release -p chess-ai --example level_times`.

use std::time::Instant;

use chess_ai::{Ai, AiOptions, Strength};
use chess_core::Game;

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 b - - 0 22",
    "8/5pk1/6p1/3R4/5P2/6P1/r6P/6K1 w - - 0 40",
];

fn main() {
    println!("| level | Elo | median ms | max ms | mean nodes |");
    println!("| --- | --- | --- | --- | --- |");
    for level in 1..=5u8 {
        let ai = Ai::new(AiOptions { book: false, seed: Some(1), ..AiOptions::level(level) }).unwrap();
        let (mut times, mut nodes) = (Vec::new(), 0);
        for fen in POSITIONS {
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
            nodes / POSITIONS.len() as u64
        );
    }
}
