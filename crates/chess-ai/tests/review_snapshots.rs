//! Snapshots of whole reviews (insta): the JSON of schema `chess-review/2` and the annotated PGN
//! of a few fixed games at the default node budget, one thread (deterministic). A change of the
//! search, the net or the review's rules shows here as a diff to look at (`cargo insta review`).
#![cfg(feature = "json")]

use chess_ai::review::{review, Review, ReviewOptions};
use chess_ai::SearchControl;
use chess_core::{read_pgn, PgnGame};

/// A miniature with a blunder, a king walk gone wrong, and an endgame with a missed win.
const GAMES: &str = r#"[Event "Scholar's mate"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "A hanging knight"]
[White "C"]
[Black "D"]
[Result "*"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Nbd7 5. cxd5 exd5 6. Nxd5 Nxd5 7. Bxd8 Bb4+ 8. Qd2 Bxd2+ 9. Kxd2 Kxd8 *

[Event "Rook ending"]
[White "E"]
[Black "F"]
[Result "*"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/4PK2/7R w - - 0 1"]

1. Rh5+ Kd4 2. Rh4+ Kd5 3. Kf3 Ke5 4. Rh8 Kd4 5. Rd8+ Ke5 *
"#;

fn reviewed() -> Vec<(PgnGame, Review)> {
    // The default budget, what a user's review spends: at 20,000 nodes the full-strength net's
    // search before 6. Nxd5 picks it (the trap is seen only from the next position), so the
    // blunder the second game is for went unmarked.
    let options = ReviewOptions::default();
    read_pgn(GAMES)
        .unwrap()
        .into_iter()
        .map(|g| {
            let r = review(&g.game, &options, &SearchControl::new(), &mut |_, _| {}).unwrap();
            (g, r)
        })
        .collect()
}

#[test]
fn review_json_and_annotated_pgn() {
    for (i, (game, r)) in reviewed().into_iter().enumerate() {
        let json: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
        insta::assert_snapshot!(format!("review_{}", i + 1), serde_json::to_string_pretty(&json).unwrap());
        insta::assert_snapshot!(format!("annotated_{}", i + 1), r.annotate(&game).to_pgn());
        // Read back from its JSON (as a page that kept only the JSON does), the review writes the
        // same JSON and annotates the game to the same PGN.
        let back = Review::from_json(&r.to_json(), &game.game).unwrap();
        assert_eq!(back.to_json(), r.to_json(), "game {}", i + 1);
        assert_eq!(back.annotate(&game).to_pgn(), r.annotate(&game).to_pgn(), "game {}", i + 1);
    }
}

#[test]
fn a_review_is_read_back_only_for_its_own_game() {
    let games = reviewed();
    let (first, review_1) = &games[0];
    let json = review_1.to_json();
    // Another game, the same game with a move more, or one taken back.
    let err = |game: &chess_core::Game| Review::from_json(&json, game).unwrap_err().to_string();
    assert_eq!(err(&games[1].0.game), "the review is not of this game: ply 1 is e4 in the review, d4 in the game");
    let mut shorter = first.game.clone();
    shorter.undo().unwrap();
    assert_eq!(err(&shorter), "the review is not of this game: ply 7 is Qxf7# in the review; the game has 6 plies");
    // A review stopped part-way reads back for the whole game (the moves it judged).
    let mut part: serde_json::Value = serde_json::from_str(&json).unwrap();
    part["plies"].as_array_mut().unwrap().truncate(3);
    // ...but its key moments must be plies it judged: one past them is refused, never read out
    // of bounds (`chess review --reviews` panicked on such a line).
    part["keyMoments"] = serde_json::json!([7]);
    assert_eq!(
        Review::from_json(&part.to_string(), &first.game).unwrap_err().to_string(),
        "not a review of schema chess-review/2: keyMoments[0]: ply 7 is not a ply of the review (1 to 3)"
    );
    part["keyMoments"] = serde_json::json!([0]);
    assert!(Review::from_json(&part.to_string(), &first.game).is_err());
    part["keyMoments"] = serde_json::json!([3]);
    let part = Review::from_json(&part.to_string(), &first.game).unwrap();
    assert_eq!((part.plies.len(), part.key_moments.as_slice()), (3, &[3][..]));
    // Not a review, or a line that cannot be played.
    assert_eq!(
        Review::from_json("{}", &first.game).unwrap_err().to_string(),
        "not a review of schema chess-review/2: the review: no schema"
    );
    let mut bad: serde_json::Value = serde_json::from_str(&json).unwrap();
    let marked = bad["plies"].as_array().unwrap().iter().position(|p| !p["best"].is_null()).unwrap();
    bad["plies"][marked]["best"]["pvSan"][1] = "Ke5".into();
    let e = Review::from_json(&bad.to_string(), &first.game).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("the review is not of this game: ply {}: the better line has Ke5", marked + 1)),
        "{e}"
    );
    bad["schema"] = "chess-review/3".into();
    assert_eq!(
        Review::from_json(&bad.to_string(), &first.game).unwrap_err().to_string(),
        "not a review of schema chess-review/2: its schema is \"chess-review/3\""
    );
}
