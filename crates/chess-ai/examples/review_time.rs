//! How long a game review takes at the default budget (one thread): a game of the AI at level 4
//! against itself, 80 plies, reviewed. `cargo run --release -p chess-ai --example review_time`.

use std::time::Instant;

use chess_ai::review::{review, ReviewOptions};
use chess_ai::{Ai, AiOptions, SearchControl};
use chess_core::Game;

fn main() {
    let ai = Ai::new(AiOptions { seed: Some(31), ..AiOptions::level(4) }).expect("level 4");
    let mut game = Game::new();
    while game.moves().len() < 80 && !game.status().is_over() {
        let answer = ai.best_move(&game).expect("a move");
        game.play(answer.mv()).expect("legal");
    }
    let options = ReviewOptions::default();
    let started = Instant::now();
    let r = review(&game, &options, &SearchControl::new(), &mut |_, _| {}).expect("a review");
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} plies, {} nodes a position: {seconds:.2} s; accuracy White {:.1}, Black {:.1}; key moments {:?}",
        r.plies.len(),
        options.nodes,
        r.white.accuracy,
        r.black.accuracy,
        r.key_moments
    );
}
