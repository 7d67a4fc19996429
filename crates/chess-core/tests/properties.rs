//! Properties checked over many seeded random playouts from varied starts (standard, Chess960,
//! tactical and endgame positions of the perft suites).

use chess_core::{BitBoard, Board, CastlingMode, CheckSquares, Game, Move, Role, Square};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn starts() -> Vec<Board> {
    let mut fens: Vec<String> = Vec::new();
    for text in [include_str!("data/standard.epd"), include_str!("data/perft_cpw.epd")] {
        fens.extend(text.lines().map(|l| l.split(';').next().unwrap().trim().to_owned()));
    }
    // Every 40th Chess960 start.
    fens.extend(
        include_str!("data/fischer.epd").lines().step_by(40).map(|l| l.split(';').next().unwrap().trim().to_owned()),
    );
    fens.iter().filter(|f| !f.is_empty()).map(|f| f.parse().unwrap()).collect()
}

/// Random games from every start; `check` runs on each position reached.
fn playouts(seed: u64, plies: usize, mut check: impl FnMut(&Game)) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = 0;
    for start in starts() {
        let mut game = Game::from_board(start);
        for _ in 0..plies {
            check(&game);
            positions += 1;
            if game.status().is_over() {
                break;
            }
            let moves = game.legal_moves();
            let mv = moves[rng.gen_range(0..moves.len())];
            game.play(mv).unwrap();
        }
    }
    positions
}

#[test]
fn incremental_hash_equals_hash_from_scratch() {
    let n = playouts(1, 150, |g| {
        let b = g.board();
        assert_eq!(b.hash(), b.compute_hash(), "{b}");
    });
    assert!(n > 10_000, "{n}");
}

#[test]
fn fen_round_trips() {
    playouts(2, 150, |g| {
        let b = *g.board();
        let parsed: Board = b.fen().parse().unwrap_or_else(|e| panic!("{b}: {e}"));
        assert_eq!(parsed, b);
        assert_eq!(parsed.fen(), b.fen());
    });
}

#[test]
fn uci_and_san_round_trip() {
    playouts(3, 120, |g| {
        let b = g.board();
        for mv in b.legal_moves() {
            for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                assert_eq!(b.parse_uci(&b.uci(mv, mode)), Ok(mv), "{b} {mv}");
            }
            let san = b.san(mv);
            assert_eq!(b.parse_san(&san), Ok(mv), "{b} {san}");
            // Lenient input: a lowercase piece letter (except b, which names a pawn's file).
            if san.starts_with(['N', 'R', 'Q', 'K']) {
                let lower = san[..1].to_lowercase() + &san[1..];
                assert_eq!(b.parse_san(&lower), Ok(mv), "{b} {lower}");
            }
        }
    });
}

#[test]
fn no_move_leaves_the_king_in_check() {
    playouts(4, 150, |g| {
        let b = g.board();
        let us = b.side_to_move();
        for mv in b.legal_moves() {
            let mut after = *b;
            after.play_unchecked(mv);
            assert!(!after.is_attacked(after.king(us), !us, after.occupied()), "{b} {mv}");
            // Cached check and pin data agree with a recomputation from the FEN.
            let fresh: Board = after.fen().parse().unwrap();
            assert_eq!(after.checkers(), fresh.checkers());
            assert_eq!(after.pinned(), fresh.pinned());
        }
    });
}

#[test]
fn move_is_generated_iff_try_play_accepts_it() {
    let mut seen = 0u64;
    playouts(5, 60, |g| {
        let b = g.board();
        let legal = b.legal_moves();
        for from in b.colored(b.side_to_move()) {
            for to in Square::ALL {
                for promo in [None, Some(Role::Queen), Some(Role::Knight), Some(Role::Rook), Some(Role::Bishop)] {
                    let mv = Move::new(from, to, promo);
                    let mut copy = *b;
                    let accepted = copy.try_play(mv).is_ok();
                    assert_eq!(accepted, legal.contains(&mv), "{b} {mv}");
                    if !accepted {
                        assert_eq!(copy, *b, "a rejected move changed the board");
                    }
                    seen += accepted as u64;
                }
            }
        }
    });
    assert!(seen > 50_000, "{seen}");
}

#[test]
fn noisy_and_quiet_moves_split_the_legal_moves_and_gives_check_is_right_both_ways() {
    playouts(6, 150, |g| {
        let b = g.board();
        let mut expected: Vec<Move> =
            b.legal_moves().into_iter().filter(|&m| b.is_capture(m) || m.promotion().is_some()).collect();
        let mut noisy: Vec<Move> = b.noisy_moves().into_iter().collect();
        expected.sort_by_key(|m| m.to_u16());
        noisy.sort_by_key(|m| m.to_u16());
        assert_eq!(noisy, expected, "{b}");
        let checks = CheckSquares::new(b);
        for mv in b.legal_moves() {
            let mut after = *b;
            after.play(mv);
            assert_eq!(b.gives_check(mv), after.in_check(), "{b} {mv}");
            assert_eq!(checks.gives_check(b, mv), after.in_check(), "CheckSquares: {b} {mv}");
        }
        let mut quiet_expected: Vec<Move> =
            b.legal_moves().into_iter().filter(|&m| !b.is_capture(m) && m.promotion().is_none()).collect();
        let mut quiet: Vec<Move> = b.quiet_moves().into_iter().collect();
        quiet_expected.sort_by_key(|m| m.to_u16());
        quiet.sort_by_key(|m| m.to_u16());
        assert_eq!(quiet, quiet_expected, "{b}");
    });
}

#[test]
fn undo_restores_the_exact_previous_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    playouts(7, 100, |g| {
        let moves = g.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mut after = g.clone();
        after.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        assert_ne!(after, *g);
        after.undo();
        assert_eq!(after, *g);
    });
}

#[test]
fn mirrored_positions_behave_the_same() {
    playouts(8, 80, |g| {
        let b = g.board();
        let m = b.mirrored();
        assert_eq!(m.mirrored(), *b);
        assert_eq!(m.legal_moves().len(), b.legal_moves().len(), "{b}");
        assert_eq!(m.in_check(), b.in_check());
        assert_eq!(m.pinned(), b.pinned().flip_ranks());
    });
}

#[test]
fn bitboard_flips_are_involutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..1000 {
        let bb = BitBoard(rng.gen());
        assert_eq!(bb.flip_files().flip_files(), bb);
        assert_eq!(bb.flip_ranks().flip_ranks(), bb);
        for sq in bb {
            assert!(bb.flip_files().has(sq.flip_file()));
            assert!(bb.flip_ranks().has(sq.flip_rank()));
        }
    }
}

#[test]
fn a_board_flipped_left_to_right_is_the_same_game() {
    // Without castling rights, files a-h swapped: the same moves mirrored (en passant included),
    // so the same perft; flipped twice, the board itself.
    let mut flipped = 0;
    playouts(7, 150, |g| {
        let b = g.board();
        let Some(m) = b.flipped_files() else { return };
        flipped += 1;
        assert_eq!(m.flipped_files(), Some(*b), "{b}");
        assert_eq!(m.hash(), m.compute_hash(), "{b}");
        assert_eq!(
            (m.in_check(), m.side_to_move(), m.en_passant().map(Square::flip_file)),
            (b.in_check(), b.side_to_move(), b.en_passant()),
            "{b}"
        );
        let mirror_of = |mv: Move| Move::new(mv.from().flip_file(), mv.to().flip_file(), mv.promotion());
        let mut expected: Vec<u16> = b.legal_moves().into_iter().map(|mv| mirror_of(mv).to_u16()).collect();
        let mut moves: Vec<u16> = m.legal_moves().into_iter().map(|mv| mv.to_u16()).collect();
        expected.sort_unstable();
        moves.sort_unstable();
        assert_eq!(moves, expected, "{b}");
        assert_eq!(chess_core::perft(&m, 2), chess_core::perft(b, 2), "{b}");
    });
    assert!(flipped > 1_000, "{flipped}");
}
