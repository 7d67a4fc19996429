//! The application API: options, determinism, randomness window, mates, book, background search.

use std::time::{Duration, Instant};

use chess_ai::{Ai, AiError, AiOptions, DepthOptions, OptionsError, Profile, Strength, ANCHORS};
use chess_core::{Game, GameStatus};
use chess_eval::Score;
use chess_search::Bound;

fn ai(options: AiOptions) -> Ai {
    Ai::new(options).expect("valid options")
}

fn level(n: u8, seed: u64) -> AiOptions {
    AiOptions { seed: Some(seed), ..AiOptions::level(n) }
}

/// Middlegame and endgame positions where several moves are reasonable.
const POSITIONS: [&str; 6] = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 b - - 0 22",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/5pk1/6p1/3R4/5P2/6P1/r6P/6K1 w - - 0 40",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
];

#[test]
fn options_out_of_range_are_typed_errors() {
    let base = AiOptions::default;
    let cases = [
        (AiOptions::level(0), OptionsError::Level(0)),
        (AiOptions::level(6), OptionsError::Level(6)),
        (AiOptions { strength: Strength::Elo(100), ..base() }, OptionsError::Elo(100)),
        (AiOptions { strength: Strength::Elo(3500), ..base() }, OptionsError::Elo(3500)),
        (AiOptions { randomness_cp: Some(-5), ..base() }, OptionsError::Randomness(-5)),
        (AiOptions { randomness_cp: Some(100_000), ..base() }, OptionsError::Randomness(100_000)),
        (AiOptions { depth: Some(0), ..base() }, OptionsError::Depth(0)),
        (AiOptions { depth: Some(10_000), ..base() }, OptionsError::Depth(10_000)),
        (AiOptions { hash_mb: Some(1 << 40), ..base() }, OptionsError::Hash(1 << 40)),
        (AiOptions { move_time_ms: Some(0), ..base() }, OptionsError::MoveTime),
        (AiOptions { nodes: Some(0), ..base() }, OptionsError::Nodes),
        (AiOptions { threads: 0, ..base() }, OptionsError::Threads(0)),
        (AiOptions { multi_pv: 0, ..base() }, OptionsError::MultiPv(0)),
        (
            AiOptions { depth_options: DepthOptions { base: Some(-3), ..DepthOptions::default() }, ..base() },
            OptionsError::Depth(-3),
        ),
        (
            AiOptions { depth_options: DepthOptions { quiescence: Some(-1), ..DepthOptions::default() }, ..base() },
            OptionsError::Quiescence(-1),
        ),
        (
            AiOptions {
                depth_options: DepthOptions { adaptive_extension: Some(40), ..DepthOptions::default() },
                ..base()
            },
            OptionsError::AdaptiveExtension(40),
        ),
    ];
    for (options, error) in cases {
        assert_eq!(Ai::new(options.clone()).unwrap_err(), error, "{options:?}");
        assert!(!error.to_string().is_empty());
    }
    // A rejected change leaves the AI as it was.
    let mut good = ai(AiOptions::level(2));
    assert_eq!(good.set_options(AiOptions::level(9)), Err(OptionsError::Level(9)));
    assert_eq!(good.options().strength, Strength::Level(2));
    assert!(good.set_options(AiOptions { hash_mb: Some(0), ..AiOptions::level(4) }).is_ok());
    assert_eq!(good.profile().elo, Some(2000));
}

#[test]
fn a_seed_makes_games_reproducible() {
    for n in [1, 3, 4] {
        let play = |seed| {
            let ai = ai(level(n, seed));
            let mut game = Game::new();
            while game.moves().len() < 16 && !game.status().is_over() {
                let answer = ai.best_move(&game).unwrap();
                game.play(answer.mv()).unwrap();
            }
            game.san_moves().join(" ")
        };
        let first = play(11);
        assert_eq!(first, play(11), "level {n}: the same seed gives the same game");
        let others: Vec<String> = (12..16).map(play).collect();
        assert!(others.iter().any(|g| *g != first), "level {n}: other seeds give other games: {first}");
    }
}

#[test]
fn randomness_stays_inside_its_window() {
    for n in 1..=4u8 {
        let window = ANCHORS[usize::from(n) - 1].randomness_cp;
        let mut not_best = 0;
        for fen in POSITIONS {
            let game = Game::from_fen(fen).unwrap();
            for seed in 0..6 {
                let answer = ai(AiOptions { book: false, ..level(n, seed) }).best_move(&game).unwrap();
                let best = &answer.lines[0];
                assert!(answer.lines.iter().any(|l| l.mv == answer.mv()), "the move is one of the lines");
                assert!(
                    best.score.0 - answer.score().0 <= window,
                    "level {n} {fen}: {} ({}) vs best {} ({})",
                    answer.best.san,
                    answer.score(),
                    best.san,
                    best.score
                );
                if answer.mv() != best.mv {
                    assert_eq!(answer.best.bound, Bound::Exact, "only exact scores compete with the best");
                    not_best += 1;
                }
            }
        }
        assert!(not_best > 0, "level {n} never varied from the best move");
    }
    // No randomness: always the best line.
    let game = Game::from_fen(POSITIONS[1]).unwrap();
    let answer = ai(AiOptions { randomness_cp: Some(0), book: false, ..level(3, 5) }).best_move(&game).unwrap();
    assert_eq!(answer.mv(), answer.lines[0].mv);
}

#[test]
fn mate_in_one_is_always_taken_from_level_two_up() {
    let mates = [
        ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7#"),
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "Ra8#"),
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4#"),
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", "Rh8#"),
    ];
    for n in 2..=5u8 {
        for (fen, san) in mates {
            let game = Game::from_fen(fen).unwrap();
            for seed in 0..5 {
                let answer = ai(level(n, seed)).best_move(&game).unwrap();
                assert_eq!(answer.best.san, *san, "level {n} seed {seed} {fen}");
                assert_eq!(answer.score(), Score::mate_in(1), "searched, not from the book");
            }
        }
    }
    let game = Game::from_fen(mates[2].0).unwrap();
    let full = ai(AiOptions { strength: Strength::Full, depth: Some(4), ..AiOptions::default() });
    assert_eq!(full.best_move(&game).unwrap().best.san, "Qh4#");
}

#[test]
fn the_engine_underpromotes_when_that_is_best() {
    let game = Game::from_fen("8/4P1k1/3q4/8/8/8/P7/K7 w - - 0 1").unwrap();
    let answer =
        ai(AiOptions { strength: Strength::Full, depth: Some(8), ..AiOptions::default() }).best_move(&game).unwrap();
    assert_eq!(answer.best.uci, "e7e8n");
    assert_eq!(answer.best.san, "e8=N+");
    // A human may choose any promotion piece.
    let mut human = game.clone();
    human.play_uci("e7e8r").unwrap();
    assert_eq!(human.san_moves(), ["e8=R"]);
}

#[test]
fn book_moves_are_legal_and_varied() {
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let ai = ai(level(4, seed));
        let mut game = Game::new();
        let answer = ai.best_move(&game).unwrap();
        assert!(answer.from_book);
        firsts.insert(answer.best.san.clone());
        // Follow the book as far as it goes: every move legal.
        loop {
            let answer = ai.best_move(&game).unwrap();
            if !answer.from_book {
                break;
            }
            assert!(game.board().is_legal(answer.mv()));
            game.play(answer.mv()).unwrap();
        }
        assert!(game.moves().len() >= 2, "the book knows the first moves");
    }
    assert!(firsts.len() >= 3, "{firsts:?}");
    // Book off: a searched move.
    let answer = ai(AiOptions { book: false, ..level(5, 0) }).best_move(&Game::new()).unwrap();
    assert!(!answer.from_book && answer.depth > 0);
    // Level 1 leaves the book after its first move.
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    game.play_san("e5").unwrap();
    assert!(!ai(level(1, 0)).best_move(&game).unwrap().from_book);
}

#[test]
fn analysis_scores_every_root_move_with_lines_in_san() {
    let game = Game::from_fen(POSITIONS[0]).unwrap();
    let ai = ai(AiOptions { depth: Some(6), ..AiOptions::level(1) });
    let analysis = ai.analyze(&game).unwrap();
    assert_eq!(analysis.lines.len(), game.legal_moves().len());
    assert!(!analysis.from_book);
    assert_eq!(analysis.depth, 6);
    assert!(analysis.nodes > 0 && analysis.seldepth >= 6);
    assert!(analysis.lines.windows(2).all(|w| w[0].score >= w[1].score), "best first");
    assert_eq!(analysis.best, analysis.lines[0]);
    for line in &analysis.lines {
        assert_eq!(line.pv[0], line.mv);
        assert_eq!(line.pv_san.len(), line.pv.len());
        assert_eq!(line.pv_san[0], line.san);
    }
    // Fewer lines on request.
    let three = Ai::new(AiOptions { depth: Some(5), multi_pv: 3, ..AiOptions::default() }).unwrap();
    assert_eq!(three.analyze(&game).unwrap().lines.len(), 3);
}

#[test]
fn no_legal_move_is_an_error_not_a_panic() {
    let mated = Game::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let err = ai(AiOptions::default()).best_move(&mated).unwrap_err();
    assert_eq!(err, AiError::NoLegalMove(GameStatus::Checkmate { winner: chess_core::Color::Black }));
    assert!(err.to_string().contains("checkmate"));
    let stalemate = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(ai(AiOptions::default()).analyze(&stalemate).unwrap_err(), AiError::NoLegalMove(GameStatus::Stalemate));
}

#[test]
fn repetitions_in_the_game_count() {
    // A queen down, White has shuffled so that Kb1 (from c1 this time) makes the third
    // occurrence of the same position: a draw by repetition, which the AI takes.
    let mut game = Game::from_fen("3q3k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    for m in ["a1b1", "d8e7", "b1a1", "e7d8", "a1b1", "d8e7", "b1c1", "e7d8"] {
        game.play_uci(m).unwrap();
    }
    let full = ai(AiOptions { strength: Strength::Full, depth: Some(8), ..AiOptions::default() });
    let answer = full.best_move(&game).unwrap();
    assert_eq!((answer.best.san.as_str(), answer.score()), ("Kb1", Score::DRAW));
    // Without that history the position is lost.
    let fresh = full.best_move(&Game::from_board(*game.board())).unwrap();
    assert!(fresh.score() < Score(-500), "{}", fresh.score());
}

#[test]
fn weak_levels_search_little() {
    // Levels answer fast because their budgets are small: nodes, not wall time, are asserted.
    let game = Game::from_fen(POSITIONS[3]).unwrap();
    let mut previous = 0;
    for n in 1..=5u8 {
        let answer = ai(AiOptions { book: false, ..level(n, 1) }).best_move(&game).unwrap();
        let profile = Profile::of(Strength::Level(n));
        if let Some(limit) = profile.nodes {
            assert!(answer.nodes <= limit + 1, "level {n}: {} nodes", answer.nodes);
        }
        if n >= 3 {
            assert!(answer.nodes >= previous, "level {n} searches at least as much as level {}", n - 1);
        }
        previous = answer.nodes;
    }
    let one = ai(AiOptions { book: false, ..level(1, 1) }).best_move(&game).unwrap();
    assert_eq!(one.depth, 1);
    // One ply without recaptures; multi-PV over every move searches the root once per line.
    let moves = game.legal_moves().len() as u64;
    assert!(one.nodes <= moves * moves, "level 1: {} nodes for {moves} moves", one.nodes);
}

#[test]
fn background_thinking_reports_and_stops_promptly() {
    let ai = ai(AiOptions { strength: Strength::Full, ..AiOptions::default() });
    let game = Game::from_fen(POSITIONS[1]).unwrap();
    let thinking = ai.start_analysis(&game);
    std::thread::sleep(Duration::from_millis(300));
    assert!(!thinking.is_finished(), "an analysis without limits runs until stopped");
    assert!(!thinking.progress().is_empty(), "iterations were reported");
    let asked = Instant::now();
    thinking.stop();
    let answer = thinking.join().unwrap();
    // It stopped and answered; how fast is for benchmarks, the bound only catches a hang.
    let latency = asked.elapsed();
    assert!(latency < Duration::from_secs(10), "stopped in {latency:?}");
    assert!(game.board().is_legal(answer.mv()));
    assert!(answer.depth >= 4);

    // Dropping the handle stops the search too.
    let thinking = ai.start_analysis(&game);
    std::thread::sleep(Duration::from_millis(50));
    let asked = Instant::now();
    drop(thinking);
    assert!(asked.elapsed() < Duration::from_secs(10));

    // A move in the background finishes by itself within the level's budget.
    let level = Ai::new(level(3, 2)).unwrap();
    let thinking = level.start(&game);
    let answer = thinking.join().unwrap();
    assert!(game.board().is_legal(answer.mv()));
}

#[test]
fn a_net_evaluates_at_full_strength_only() {
    let net = std::sync::Arc::new(chess_eval::Network::random(16, 5));
    let game = Game::from_fen(POSITIONS[1]).unwrap();
    let full = |net: Option<std::sync::Arc<chess_eval::Network>>| {
        let options = AiOptions { strength: Strength::Full, depth: Some(1), book: false, net, ..AiOptions::default() };
        ai(options).analyze(&game).unwrap()
    };
    // At depth 1 with quiescence, the score is the evaluation of a quiet position: the net's is
    // not the classical one.
    let (classical, with_net) = (full(None), full(Some(std::sync::Arc::clone(&net))));
    assert_ne!(classical.score(), with_net.score());
    assert!(game.board().is_legal(with_net.mv()));
    // A level keeps the classical evaluation it was calibrated with: the same answer with or
    // without the net.
    let at_level = |net| {
        let a = ai(AiOptions { net, book: false, ..level(3, 7) }).best_move(&game).unwrap();
        (a.lines, a.nodes, a.depth)
    };
    assert_eq!(at_level(None), at_level(Some(std::sync::Arc::clone(&net))));
}

#[test]
fn level_five_evaluates_with_its_pinned_net() {
    let game = Game::from_fen(POSITIONS[1]).unwrap();
    let other = std::sync::Arc::new(chess_eval::Network::random(16, 5));
    assert_eq!(Profile::of(Strength::Level(5)).net, Some(chess_ai::LEVEL_NET));
    let level5 = |net, eval| {
        let a = ai(AiOptions { net, eval, book: false, nodes: Some(3_000), ..level(5, 7) }).best_move(&game).unwrap();
        (a.lines, a.nodes)
    };
    // Whatever net the options carry (none, another one), the level plays its own...
    let pinned = level5(None, None);
    assert_eq!(pinned, level5(Some(other), None));
    // ...which is not the classical evaluation (an explicit `eval` puts it there).
    assert_ne!(pinned, level5(None, Some(chess_eval::EvalConfig::FULL)));
}
