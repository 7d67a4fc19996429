//! Every move of thousands of random games, standard and Chess960, written in SAN by
//! [`Board::san`] and read back by [`Board::parse_san`] and [`Board::explain`] (the reader of
//! every front end: the terminal, the JavaScript API), must be the move that was played. Random
//! games promote to every piece, so positions with two bishops, queens or knights that need a
//! file or rank to tell them apart (`B2b3`, `Qh4e1`) come often.
//!
//! `data/san_games.txt` adds games written by python-chess (`scripts/san-fixture.py`): its SAN is
//! the reference, ours must be the same text and read back to the same move.

use chess_core::{Board, Game, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Read `san` through both readers and check it gives `mv`.
fn check_reads_back(board: &Board, san: &str, mv: Move) {
    assert_eq!(board.parse_san(san), Ok(mv), "parse_san {san:?} in {board}");
    assert_eq!(board.explain(san), Ok(mv), "explain {san:?} in {board}");
}

fn random_games(starts: &[Board], games: usize, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut plies = 0;
    for n in 0..games {
        let mut game = Game::from_board(starts[n % starts.len()]);
        for _ in 0..400 {
            if game.status().is_over() {
                break;
            }
            let board = *game.board();
            let moves = game.legal_moves();
            // Every legal move's SAN reads back, not only the one played.
            for &mv in &moves {
                check_reads_back(&board, &board.san(mv), mv);
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            game.play(mv).unwrap();
            plies += 1;
        }
    }
    plies
}

#[test]
fn two_thousand_random_games_read_back_from_san() {
    let standard = [Board::startpos()];
    let plies = random_games(&standard, 1_500, 1);
    let chess960: Vec<Board> = include_str!("data/fischer.epd")
        .lines()
        .filter_map(|l| l.split(';').next())
        .filter(|f| !f.trim().is_empty())
        .map(|f| f.trim().parse().unwrap())
        .collect();
    let plies960 = random_games(&chess960, 500, 2);
    assert!(plies + plies960 > 200_000, "{plies} + {plies960} plies");
}

/// python-chess's SAN of random games: each line is a start FEN, `|`, then `uci:san` pairs. The
/// committed file has a few hundred games; `SAN_GAMES=FILE` checks a bigger one made by
/// `scripts/san-fixture.py --games 2000 --out FILE`.
#[test]
fn python_chess_san_is_ours() {
    let text = match std::env::var("SAN_GAMES") {
        Ok(path) => std::fs::read_to_string(path).unwrap(),
        Err(_) => include_str!("data/san_games.txt").to_owned(),
    };
    let mut games = 0;
    let mut plies = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (fen, moves) = line.split_once('|').unwrap();
        let mut board: Board = fen.trim().parse().unwrap();
        for pair in moves.split_whitespace() {
            let (uci, san) = pair.split_once(':').unwrap();
            let mv = board.parse_uci(uci).unwrap_or_else(|e| panic!("{uci} in {board}: {e}"));
            assert_eq!(board.san(mv), san, "our SAN of {uci} in {board}");
            check_reads_back(&board, san, mv);
            board.play(mv);
            plies += 1;
        }
        games += 1;
    }
    assert!(games >= 200 && plies > 20_000, "{games} games, {plies} plies");
}
