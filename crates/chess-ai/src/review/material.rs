//! What an engine line wins: the pieces each side takes as the moves of a principal variation are
//! played, the trades netted out. A review's reason says it when a move's refutation wins more
//! than its first capture shows (`it loses a rook for a pawn: Qxg5 Kf1 Bxh6`), or when the better
//! move's line wins material. A fact of the line the engine chose, read off the board move by
//! move, never a guess.

use chess_core::{see_value, Board, Color, Move, Role};

/// A line counts its first four moves (two each), then goes on while they are forcing (captures,
/// checks and the answers to them), up to ten: far down a line the engine's quiet moves are its
/// guesses, and what they win says little of the move reviewed.
const FIRST_PLIES: usize = 4;
/// See [`FIRST_PLIES`].
const MAX_PLIES: usize = 10;

/// The material that changes hands along a line, from one side's point of view, with the pieces
/// both sides lose cancelled out (a knight for a knight is no trade).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trade {
    /// What the side gives up, the most valuable first.
    pub lost: Vec<Role>,
    /// What it takes, the most valuable first.
    pub won: Vec<Role>,
    /// How many moves of the line it takes: up to and including its last capture.
    pub plies: usize,
}

impl Trade {
    /// The material `side` gains and loses as `line` is played from `board`: the captures of its
    /// first four moves, and of the forcing moves that go on from there (ten at most), up to the
    /// first promotion (a promotion changes material without a capture; the count stops before
    /// it) or the first move that is not legal.
    pub fn along(board: &Board, line: &[Move], side: Color) -> Trade {
        let (mut lost, mut won, mut plies) = (Vec::new(), Vec::new(), 0);
        for (i, (before, mv)) in read(board, line).into_iter().enumerate() {
            if let Some(victim) = before.captured_role(mv) {
                if before.side_to_move() == side {
                    won.push(victim);
                } else {
                    lost.push(victim);
                }
                plies = i + 1;
            }
        }
        // A piece each side lost of the same kind is no trade.
        for role in Role::ALL {
            cancel(&mut lost, &mut won, |r| r == role);
        }
        let by_value = |a: &Role, b: &Role| see_value(*b).cmp(&see_value(*a));
        lost.sort_by(by_value);
        won.sort_by(by_value);
        Trade { lost, won, plies }
    }

    /// What the side comes out behind by, in centipawns (negative when it comes out ahead).
    pub fn net_loss(&self) -> i32 {
        self.lost.iter().map(|&r| see_value(r)).sum::<i32>() - self.won.iter().map(|&r| see_value(r)).sum::<i32>()
    }

    /// What the side comes out behind by, in pawns ([`claim::pawns`](super::claim::pawns):
    /// a knight and a bishop are three, a rook five, a queen nine).
    pub fn net_loss_pawns(&self) -> i32 {
        let worth = |roles: &[Role]| roles.iter().map(|&r| super::claim::pawns(r)).sum::<i32>();
        worth(&self.lost) - worth(&self.won)
    }

    /// The trade in words, from the side that comes out behind: `a rook for a pawn`, `the
    /// exchange`, `two pawns`, `the queen for a rook and a knight`. A bishop given for a knight
    /// (or a knight for a bishop) is an even trade and goes unsaid: a bishop and a pawn for a
    /// knight is `a pawn`, as a player says it.
    pub fn describe_loss(&self) -> String {
        let (mut lost, mut won) = (self.lost.clone(), self.won.clone());
        cancel(&mut lost, &mut won, |r| matches!(r, Role::Knight | Role::Bishop));
        if let ([Role::Rook], [Role::Knight | Role::Bishop]) = (lost.as_slice(), won.as_slice()) {
            return "the exchange".to_owned();
        }
        match won.as_slice() {
            [] => pieces(&lost),
            won => format!("{} for {}", pieces(&lost), pieces(won)),
        }
    }

    /// The trade in words, from the side that comes out ahead.
    pub fn describe_gain(&self) -> String {
        Trade { lost: self.won.clone(), won: self.lost.clone(), plies: self.plies }.describe_loss()
    }
}

/// Takes out of both lists, a pair at a time, the pieces that `alike` holds to be worth the same,
/// as long as each list has one.
fn cancel(lost: &mut Vec<Role>, won: &mut Vec<Role>, alike: impl Fn(Role) -> bool) {
    while let (Some(l), Some(w)) = (lost.iter().position(|&r| alike(r)), won.iter().position(|&r| alike(r))) {
        lost.remove(l);
        won.remove(w);
    }
}

/// The position a line comes to as a review reads it: after its first four moves and the
/// forcing moves that go on from there (ten at most), before its first promotion or its first
/// move that is not legal; the rule of [`Trade::along`].
pub fn settled(board: &Board, line: &[Move]) -> Board {
    let mut end = *board;
    for (_, mv) in read(board, line) {
        end.play_unchecked(mv);
    }
    end
}

/// The moves of `line` a review reads, each with the board before it (see [`Trade::along`]).
fn read(board: &Board, line: &[Move]) -> Vec<(Board, Move)> {
    let mut board = *board;
    let mut read = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        if mv.promotion().is_some() || !board.is_legal(mv) {
            break;
        }
        let forcing = board.is_capture(mv) || board.in_check() || board.gives_check(mv);
        if i >= MAX_PLIES || (i >= FIRST_PLIES && !forcing) {
            break;
        }
        read.push((board, mv));
        board.play_unchecked(mv);
    }
    read
}

/// Pieces in words, the most valuable first: `a rook`, `two pawns`, `a bishop and a pawn`; the
/// queen is `the queen` when it is one.
fn pieces(roles: &[Role]) -> String {
    let mut groups: Vec<String> = Vec::new();
    let mut rest = roles;
    while let Some(&role) = rest.first() {
        let n = rest.iter().take_while(|&&r| r == role).count();
        groups.push(match n {
            1 if role == Role::Queen => "the queen".to_owned(),
            1 => format!("a {role}"),
            2 => format!("two {role}s"),
            3 => format!("three {role}s"),
            n => format!("{n} {role}s"),
        });
        rest = &rest[n..];
    }
    match groups.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => groups.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trade(fen: &str, line: &[&str], side: Color) -> Trade {
        let board: Board = fen.parse().unwrap();
        let mut b = board;
        let moves: Vec<Move> = line
            .iter()
            .map(|s| {
                let mv = b.parse_san(s).unwrap();
                b.play(mv);
                mv
            })
            .collect();
        Trade::along(&board, &moves, side)
    }

    #[test]
    fn a_rook_and_a_pawn_lost_over_three_moves_of_the_line() {
        // Qxg5 takes a pawn, White passes with the king, Bxh6 takes the rook: White is a rook and
        // a pawn down over three moves of the line.
        let board: Board = "3qk3/6b1/7R/6P1/8/8/8/4K3 b - - 0 1".parse().unwrap();
        let mut line = Vec::new();
        let mut b = board;
        for uci in ["d8g5", "e1f1", "g7h6"] {
            let mv = b.parse_uci(uci).unwrap();
            b.play(mv);
            line.push(mv);
        }
        let trade = Trade::along(&board, &line, Color::White);
        assert_eq!(trade.lost, [Role::Rook, Role::Pawn]);
        assert!(trade.won.is_empty());
        assert_eq!(trade.plies, 3);
        assert_eq!(trade.describe_loss(), "a rook and a pawn");
    }

    #[test]
    fn a_line_settles_before_a_quiet_move_past_its_first_four() {
        // e4 e5 Nf3 Nc6, then Bb5 is quiet past the first four moves: the line settles before it.
        let board: Board = chess_core::STARTPOS.parse().unwrap();
        let mut b = board;
        let line: Vec<_> = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
            .iter()
            .map(|san| {
                let mv = b.parse_san(san).unwrap();
                b.play(mv);
                mv
            })
            .collect();
        assert_eq!(settled(&board, &line).fen(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    }

    #[test]
    fn a_rook_lost_behind_a_pawn_capture() {
        // 20. Rh6?? of a game of docs/review-quality: Qxg5 takes a pawn, the rook on h6 falls
        // after it.
        let fen = "r7/1bp1qkbQ/1p2p1p1/n5P1/2nP4/Pp2P3/1B1N1P2/R3K2R w K - 1 20";
        let mut board: Board = fen.parse().unwrap();
        board.play(board.parse_san("Rh6").unwrap());
        let t = trade(&board.fen(), &["Qxg5", "Qxg6+", "Kf8", "Qh7", "Bxh6"], Color::White);
        // A pawn each (g5 and g6) cancels out: a rook.
        assert_eq!(t.lost, [Role::Rook]);
        assert!(t.won.is_empty());
        assert_eq!(t.plies, 5);
        assert_eq!(t.net_loss(), 500);
        assert_eq!(t.describe_loss(), "a rook");
    }

    #[test]
    fn equal_trades_cancel_and_the_count_ends_at_the_last_capture() {
        // Nxd5 Nxd5 Qxd5: a knight each, and White's queen takes the pawn; then two quiet moves.
        let t = trade(
            "r1bqkb1r/ppp2ppp/2n2n2/3p4/8/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 6",
            &["Nxd5", "Nxd5", "Qxd5", "Be7", "Bf4"],
            Color::White,
        );
        assert_eq!((t.lost.as_slice(), t.won.as_slice(), t.plies), ([].as_slice(), [Role::Pawn].as_slice(), 3));
        assert_eq!(t.net_loss(), -100);
        assert_eq!(t.describe_gain(), "a pawn");
    }

    #[test]
    fn words() {
        let t = |lost: &[Role], won: &[Role]| Trade { lost: lost.to_vec(), won: won.to_vec(), plies: 1 };
        assert_eq!(t(&[Role::Rook], &[Role::Bishop]).describe_loss(), "the exchange");
        assert_eq!(t(&[Role::Pawn, Role::Pawn], &[]).describe_loss(), "two pawns");
        assert_eq!(t(&[Role::Queen], &[Role::Rook, Role::Knight]).describe_loss(), "the queen for a rook and a knight");
        assert_eq!(t(&[Role::Rook, Role::Bishop, Role::Pawn], &[]).describe_loss(), "a rook, a bishop and a pawn");
        assert_eq!(t(&[], &[Role::Knight]).describe_gain(), "a knight");
        // A minor piece for the other kind is even: what is left is said.
        assert_eq!(t(&[Role::Bishop, Role::Pawn], &[Role::Knight]).describe_loss(), "a pawn");
        assert_eq!(t(&[Role::Knight, Role::Pawn, Role::Pawn], &[Role::Bishop]).describe_loss(), "two pawns");
        assert_eq!(t(&[Role::Rook, Role::Bishop], &[Role::Knight, Role::Knight]).describe_loss(), "the exchange");
        assert_eq!(
            t(&[Role::Knight, Role::Bishop], &[Role::Pawn, Role::Pawn]).describe_loss(),
            "a knight and a bishop for two pawns"
        );
        assert_eq!(t(&[Role::Knight], &[Role::Bishop, Role::Pawn]).describe_gain(), "a pawn");
    }

    #[test]
    fn a_long_line_counts_its_first_moves_and_the_exchange_they_start() {
        // From the start: e4 e5 Nf3 Nc6, then Bb5 a6 (quiet: past the first four, it stops).
        let t = trade(chess_core::STARTPOS, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"], Color::White);
        assert_eq!(t.plies, 0);
        // Nf3 Nc6 d4 exd4, then Nxd4 Nxd4 Qxd4 goes on as an exchange: a pawn each, a knight each.
        let t = trade(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            &["d4", "exd4", "Nxd4", "Nxd4", "Qxd4", "Nf6", "e5", "Nd5"],
            Color::White,
        );
        assert_eq!((t.lost.len(), t.won.len(), t.plies), (0, 0, 5));
    }

    #[test]
    fn checks_and_their_answers_carry_the_count_past_the_first_moves() {
        // The elephant trap: 6. Nxd5?? Nxd5 7. Bxd8 Bb4+ 8. Qd2 Bxd2+ 9. Kxd2 Kxd8, a knight
        // for a pawn once the checks are played out.
        let t = trade(
            "r1bqkb1r/pppn1ppp/5n2/3p2B1/3P4/2N5/PP2PPPP/R2QKBNR w KQkq - 0 6",
            &["Nxd5", "Nxd5", "Bxd8", "Bb4+", "Qd2", "Bxd2+", "Kxd2", "Kxd8", "e4", "N5f6"],
            Color::White,
        );
        assert_eq!(
            (t.lost.as_slice(), t.won.as_slice(), t.plies),
            ([Role::Knight].as_slice(), [Role::Pawn].as_slice(), 8)
        );
    }

    #[test]
    fn a_promotion_ends_the_count() {
        // b8=Q changes material with no capture: the count stops before it.
        let t = trade("1r2k3/P7/8/8/8/8/8/4K2R w K - 0 1", &["axb8=Q+"], Color::White);
        assert_eq!((t.lost.len(), t.won.len(), t.plies), (0, 0, 0));
    }
}
