//! The AI with Syzygy tablebases: won endgames played to mate, the tables kept out of the levels.

use std::sync::Arc;

use chess_ai::{Ai, AiOptions, Strength, Tablebase, Wdl};
use chess_core::{Game, GameStatus};

/// The 3-5 piece tables vendored in chess-syzygy's tests, beside this crate in the repository;
/// `None` (the test skips) where they are absent, as in the packaged crate.
fn tables() -> Option<Arc<Tablebase>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-syzygy/tests/tables");
    if !std::path::Path::new(dir).is_dir() {
        eprintln!("skipped: {dir} is absent");
        return None;
    }
    Some(Arc::new(Tablebase::open(dir).unwrap()))
}

fn full_strength(tb: Option<Arc<Tablebase>>, nodes: u64) -> Ai {
    Ai::new(AiOptions {
        strength: Strength::Full,
        nodes: Some(nodes),
        book: false,
        seed: Some(1),
        tablebase: tb,
        ..AiOptions::default()
    })
    .unwrap()
}

/// Both sides played by `ai` from `fen` until the game ends; the side to move at the start must
/// mate within `max_plies`, every move keeping the tables' result.
fn play_to_mate(ai: &Ai, tb: &Tablebase, fen: &str, max_plies: usize) -> usize {
    let mut game = Game::from_fen(fen).unwrap();
    let winner = game.board().side_to_move();
    for ply in 0..max_plies {
        match game.status() {
            GameStatus::Ongoing => {}
            status => {
                assert!(
                    game.board().in_check() && game.board().side_to_move() != winner,
                    "{fen}: ended by {status:?} after {ply} plies, not by the winner's mate"
                );
                return ply;
            }
        }
        let mv = ai.best_move(&game).unwrap().best.mv;
        game.play(mv).unwrap();
        // The winning side never lets the win go.
        if game.board().side_to_move() != winner && game.status() == GameStatus::Ongoing {
            assert_eq!(tb.probe_wdl(game.board()), Ok(Wdl::Loss), "{fen}: the win slipped at ply {ply}");
        }
    }
    panic!("{fen}: no mate in {max_plies} plies");
}

#[test]
fn won_endgames_are_played_to_mate() {
    let Some(tb) = tables() else { return };
    let ai = full_strength(Some(tb.clone()), 20_000);
    for fen in [
        // KRvK from the middle of the board.
        "8/8/8/4k3/8/8/8/KR6 w - - 0 1",
        // KQvKR: the queen wins the rook or mates (the famous hard one for engines without tables).
        "8/8/8/3k4/8/8/1r6/K1Q5 w - - 0 1",
        // KPvK: the pawn must be escorted; only the king's opposition wins.
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ] {
        let plies = play_to_mate(&ai, &tb, fen, 200);
        assert!(plies >= 3, "{fen}: {plies}");
    }
}

#[test]
fn the_tables_keep_a_draw_and_stay_out_of_the_levels() {
    let Some(tb) = tables() else { return };
    // KPvK: only Ke6 (the opposition) holds the draw; the seven other king moves lose.
    let game = Game::from_fen("8/4k3/8/8/4K3/4P3/8/8 b - - 0 1").unwrap();
    let ai = full_strength(Some(tb.clone()), 5_000);
    let mv = ai.best_move(&game).unwrap().best.mv;
    let mut after = game.clone();
    after.play(mv).unwrap();
    assert_eq!(tb.probe_wdl(after.board()).unwrap(), Wdl::Draw, "{mv} should keep the draw");

    // A level keeps its own (human) play: same move with or without tables given.
    let level = |tb: Option<Arc<Tablebase>>| {
        Ai::new(AiOptions {
            strength: Strength::Level(2),
            seed: Some(3),
            book: false,
            tablebase: tb,
            ..AiOptions::default()
        })
        .unwrap()
    };
    let fen = "8/8/8/3k4/8/8/1r6/K1Q5 w - - 0 1";
    let game = Game::from_fen(fen).unwrap();
    assert_eq!(level(Some(tb)).best_move(&game).unwrap().best.mv, level(None).best_move(&game).unwrap().best.mv);
}
