//! Evaluation sanity: real expectations a chess player would state.

mod common;

use chess_core::Board;
use chess_eval::{Classical, Evaluator, Score, Term};

fn eval(fen: &str) -> Score {
    Classical::default().evaluate(&fen.parse::<Board>().unwrap())
}

#[test]
fn a_queen_up_is_far_above_equal() {
    let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.0.abs() <= 25, "{start}");
    let queen_up = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(queen_up.0 > 800, "{queen_up}");
    // The same position with black to move is as bad for black.
    let black_to_move = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(black_to_move.0 < -800, "{black_to_move}");
}

#[test]
fn a_passed_pawn_on_the_seventh_beats_one_on_the_third() {
    let seventh = eval("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let third = eval("8/8/8/8/8/4P3/k7/4K3 w - - 0 1");
    assert!(seventh.0 > third.0 + 80, "{seventh} vs {third}");
    let board: Board = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1".parse().unwrap();
    assert!(Classical::default().trace(&board).net(Term::PassedPawns).eg() > 100);
}

#[test]
fn a_stripped_king_under_attack_scores_worse() {
    // The same material, black to move. Safe: pawns f7 g7 h7 shield the king. Stripped: those
    // pawns stand on the queenside instead, the king's files are open and the queen on d4 eyes g7.
    let safe_fen = "r4rk1/5ppp/2n5/8/3Q4/2N5/5PPP/3R2K1 b - - 0 1";
    let stripped_fen = "r4rk1/ppp5/2n5/8/3Q4/2N5/5PPP/3R2K1 b - - 0 1";
    let (safe, stripped) = (eval(safe_fen), eval(stripped_fen));
    assert!(stripped.0 < safe.0 - 50, "stripped {stripped} vs safe {safe}");
    let king_safety =
        |fen: &str| Classical::default().trace(&fen.parse::<Board>().unwrap()).terms[Term::KingSafety as usize][1];
    assert!(king_safety(stripped_fen).mg() < king_safety(safe_fen).mg() - 50);
}

#[test]
fn evaluations_stay_clear_of_mate_scores() {
    let mut eval = Classical::default();
    let mut worst = 0;
    for board in common::suite_positions() {
        let s = eval.evaluate(&board);
        assert!(s.0.abs() < Score::MAX_EVAL.0, "{board}: {s}");
        assert!(!s.is_mate());
        worst = worst.max(s.0.abs());
    }
    // Nothing in these suites is worth more than about two queens.
    assert!(worst < 3000, "{worst}");
}

#[test]
fn config_switches_terms_off() {
    let board: Board = "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 9".parse().unwrap();
    let simple = Classical::new(chess_eval::EvalConfig::MATERIAL_PST).trace(&board);
    for term in [Term::Pawns, Term::PassedPawns, Term::Mobility, Term::KingSafety, Term::Pieces, Term::Tempo] {
        assert_eq!(simple.terms[term as usize], [chess_eval::S(0, 0); 2], "{term:?}");
    }
    let full = Classical::default().trace(&board);
    assert_ne!(full.terms[Term::Mobility as usize], [chess_eval::S(0, 0); 2]);
}
