//! chess-syzygy against python-chess's prober (vendored answers for the vendored tables, and
//! all of `../shared/data/syzygy` when it is there), bad input, and games played from the tables.

use std::path::{Path, PathBuf};

use chess_core::{Board, Game, GameStatus};
use chess_syzygy::{Material, ProbeError, Tablebase, Wdl};

fn vendored() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tables")
}

fn tablebase() -> Tablebase {
    Tablebase::open(vendored().to_str().unwrap()).unwrap()
}

#[test]
fn agrees_with_python_chess_on_the_vendored_positions() {
    // 200 random positions of each vendored table, probed by python-chess
    // (scripts/syzygy-check.py --per-table 200 --seed 3 --only KQvK,KRvK,KPvK,KBvK,KNvK,KQvKR).
    let tb = tablebase();
    let text = include_str!("data/positions.txt");
    let mut checked = 0;
    for line in text.lines() {
        let mut fields = line.split(';');
        let (fen, wdl, dtz) = (fields.next().unwrap(), fields.next().unwrap(), fields.next().unwrap());
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(tb.probe_wdl(&board).unwrap().value().to_string(), wdl, "WDL of {fen}");
        assert_eq!(tb.probe_dtz(&board).unwrap().to_string(), dtz, "DTZ of {fen}");
        checked += 1;
    }
    assert_eq!(checked, 1200);
}

#[test]
fn known_values() {
    let tb = tablebase();
    let probe = |fen: &str| {
        let board = Board::from_fen(fen).unwrap();
        (tb.probe_wdl(&board).unwrap(), tb.probe_dtz(&board).unwrap())
    };
    // KQvKR: the queen takes the rook at once (a zeroing win, DTZ 1); with the rook's side to
    // move elsewhere, it loses, 58 plies from the next capture (python-chess agrees).
    assert_eq!(probe("8/8/8/8/8/3k4/1r6/K1Q5 w - - 0 1"), (Wdl::Win, 1));
    assert_eq!(probe("8/8/8/3k4/8/8/1r6/K1Q5 b - - 0 1"), (Wdl::Loss, -58));
    // The rook's side to move takes the queen with check and wins.
    assert_eq!(probe("8/8/8/8/8/3k4/8/K1Qr4 b - - 0 1"), (Wdl::Win, 1));
    // A king and knight cannot win; a king alone is a draw too.
    assert_eq!(probe("8/8/8/4k3/8/8/8/KN6 w - - 0 1"), (Wdl::Draw, 0));
    assert_eq!(probe("8/8/8/4k3/8/8/8/K7 w - - 0 1"), (Wdl::Draw, 0));
    // Mate on the board: lost, and the distance is the mate itself.
    assert_eq!(probe("k1Q5/8/1K6/8/8/8/8/8 b - - 0 1"), (Wdl::Loss, -1));
    // KPvK: a rook pawn with the defender in the corner is a draw; so is a centre pawn whose
    // king the defender faces with the opposition; with the pawn far back, a win.
    assert_eq!(probe("k7/8/8/8/8/8/P7/K7 w - - 0 1"), (Wdl::Draw, 0));
    assert_eq!(probe("8/8/4k3/8/4K3/4P3/8/8 w - - 0 1"), (Wdl::Draw, 0));
    assert_eq!(probe("8/8/8/3k4/8/3K4/3P4/8 b - - 0 1"), (Wdl::Loss, -8));
    assert_eq!(probe("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), (Wdl::Win, 9));
}

#[test]
fn what_the_tables_cannot_answer() {
    let tb = tablebase();
    let castling = Board::from_fen("8/8/8/8/8/2k5/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&castling), Err(ProbeError::CastlingRights));
    let many = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").unwrap();
    assert!(matches!(tb.probe_wdl(&many), Err(ProbeError::TooManyPieces { pieces: 32, max: 4 })));
    // KQvKQ is not vendored.
    let missing = Board::from_fen("8/8/8/3q4/8/3k4/8/K1Q5 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&missing), Err(ProbeError::MissingTable("KQvKQ".parse::<Material>().unwrap())));
    assert!(tb.covers(&missing));
    assert!(!tb.covers(&many));
    // An empty table set answers only KvK.
    let none = Tablebase::new();
    assert_eq!(none.probe_wdl(&Board::from_fen("8/8/8/4k3/8/8/8/K7 w - - 0 1").unwrap()), Ok(Wdl::Draw));
    assert!(Tablebase::open("/nonexistent/syzygy").is_err());
    assert!(Tablebase::open("").is_err());
}

#[test]
fn damaged_files_are_errors_not_panics() {
    let dir = std::env::temp_dir().join(format!("chess-syzygy-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read(vendored().join("KQvKR.rtbw")).unwrap();
    let dtz = std::fs::read(vendored().join("KQvKR.rtbz")).unwrap();
    let board = Board::from_fen("8/8/8/8/8/3k4/1r6/K1Q5 w - - 0 1").unwrap();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for case in 0..1000 {
        let mut data = if case % 2 == 0 { good.clone() } else { dtz.clone() };
        match case % 4 {
            // Truncated (the size check keeps some: cut to 64k + 16 bytes).
            0 | 1 => data.truncate((next() as usize % data.len()) / 64 * 64 + 16),
            // Bytes overwritten at random, the magic number kept.
            _ => {
                for _ in 0..1 + next() % 8 {
                    let at = 4 + next() as usize % (data.len() - 4);
                    data[at] = next() as u8;
                }
            }
        }
        for ext in ["rtbw", "rtbz"] {
            let _ = std::fs::remove_file(dir.join(format!("KQvKR.{ext}")));
        }
        let (name, other) = if case % 2 == 0 { ("KQvKR.rtbw", "KQvKR.rtbz") } else { ("KQvKR.rtbz", "KQvKR.rtbw") };
        std::fs::write(dir.join(name), &data).unwrap();
        let other_data = if case % 2 == 0 { &dtz } else { &good };
        std::fs::write(dir.join(other), other_data).unwrap();
        let tb = Tablebase::open(dir.to_str().unwrap()).unwrap();
        // Any answer or a typed error; never a panic. A damaged file is usually detected.
        let _ = tb.probe_wdl(&board);
        let _ = tb.probe_dtz(&board);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Play `fen` out with the tables' best move for both sides; the game must end in mate by the
/// side that wins, within `max_plies`.
fn play_out(tb: &Tablebase, fen: &str, max_plies: usize) -> (Game, usize) {
    let mut game = Game::from_fen(fen).unwrap();
    let winner = game.board().side_to_move();
    assert_eq!(tb.probe_wdl(game.board()).unwrap(), Wdl::Win, "{fen} is a win for the side to move");
    for ply in 0..max_plies {
        if game.status() != GameStatus::Ongoing {
            let loser = game.board().side_to_move();
            assert_ne!(loser, winner);
            assert!(game.board().in_check() && !game.board().has_legal_moves(), "{fen}: ended without mate");
            return (game, ply);
        }
        let best = tb.root_moves(game.board()).unwrap()[0];
        let expected = if game.board().side_to_move() == winner { Wdl::Win } else { Wdl::Loss };
        assert_eq!(best.wdl, expected, "{fen} at ply {ply}");
        game.play(best.mv).unwrap();
    }
    panic!("{fen}: no mate in {max_plies} plies");
}

#[test]
fn tables_alone_win_krk_kqkr_and_kpk_to_mate() {
    let tb = tablebase();
    for fen in [
        "8/8/8/4k3/8/8/8/KR6 w - - 0 1",
        "8/8/8/8/8/3k4/1r6/K1Q5 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
    ] {
        let (_, plies) = play_out(&tb, fen, 200);
        assert!(plies > 2, "{fen}");
    }
}

#[test]
fn agrees_with_python_chess_on_every_shared_table() {
    // scripts/syzygy-check.py runs the full comparison (random positions, python-chess live);
    // here: the shared tables open and answer the KQvKR classic.
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy");
    if !shared.is_dir() {
        eprintln!("skipped: {} is absent", shared.display());
        return;
    }
    let tb = Tablebase::open(shared.to_str().unwrap()).unwrap();
    assert_eq!(tb.max_pieces(), 4);
    let board = Board::from_fen("8/8/8/8/8/3k4/1r6/K1Q5 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&board).unwrap(), Wdl::Win);
    // En passant (not in the tables): exd6 leaves KPvK, won; the table alone would say KPvKP.
    let ep = Board::from_fen("8/8/8/k2pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!((tb.probe_wdl(&ep).unwrap(), tb.probe_dtz(&ep).unwrap()), (Wdl::Win, 1));
}

#[test]
fn tables_handed_over_as_bytes_probe_as_files_do_and_bad_ones_are_refused() {
    let read = |name: &str| std::fs::read(vendored().join(name)).unwrap();
    let mut tb = Tablebase::new();
    tb.add_table("KRvK.rtbw", read("KRvK.rtbw")).unwrap();
    tb.add_table("KRvK.rtbz", read("KRvK.rtbz")).unwrap();
    let from_files = tablebase();
    for fen in ["8/8/8/8/8/2k5/8/KR6 w - - 0 1", "8/8/8/8/8/2k5/8/KR6 b - - 0 1", "k7/8/1R6/8/8/8/8/7K b - - 0 1"] {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(tb.probe_wdl(&board), from_files.probe_wdl(&board), "{fen}");
        assert_eq!(tb.probe_dtz(&board), from_files.probe_dtz(&board), "{fen}");
    }
    assert_eq!(tb.max_pieces(), 3);
    let err = |name: &str, bytes: Vec<u8>| Tablebase::new().add_table(name, bytes).unwrap_err().to_string();
    assert_eq!(err("KRvK.txt", read("KRvK.rtbw")), "KRvK.txt is not a Syzygy table: no .rtbw or .rtbz extension");
    assert_eq!(
        err("KXvK.rtbw", read("KRvK.rtbw")),
        "KXvK.rtbw is not a Syzygy table: the name is not a material (KRvK)"
    );
    assert_eq!(err("KRvK.rtbw", vec![0; 100]), "KRvK.rtbw is not a Syzygy table: the data is not that table");
    // The bytes of another table under this name.
    assert_eq!(err("KQvKR.rtbw", read("KRvK.rtbw")), "KQvKR.rtbw is not a Syzygy table: the data is not that table");
}
