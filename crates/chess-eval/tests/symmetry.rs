//! An evaluation must not care which colour or which wing it looks at.

mod common;

use chess_eval::{Classical, EvalConfig, Evaluator};

#[test]
fn colour_flip_gives_the_same_score() {
    let positions = common::suite_positions();
    assert!(positions.len() >= 1500);
    for config in [EvalConfig::FULL, EvalConfig::MATERIAL_PST] {
        let mut eval = Classical::new(config);
        for board in &positions {
            let flipped = board.mirrored();
            assert_eq!(eval.evaluate(board), eval.evaluate(&flipped), "{board} vs {flipped}");
        }
    }
}

#[test]
fn left_right_mirror_gives_the_same_score() {
    let mut eval = Classical::default();
    let mut checked = 0;
    for board in common::suite_positions() {
        if let Some(mirror) = board.flipped_files() {
            assert_eq!(eval.evaluate(&board), eval.evaluate(&mirror), "{board} vs {mirror}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn piece_square_tables_are_symmetric_between_wings() {
    for (role, table) in chess_eval::weights::PST.iter().enumerate() {
        for sq in 0..64 {
            assert_eq!(table[sq], table[sq ^ 7], "role {role} square {sq}");
        }
    }
}
