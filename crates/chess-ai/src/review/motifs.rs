//! Tactics named in a review's reasons: what the opponent's best reply does to the pieces of the
//! side that just moved, read off the board after that reply. Each is a fact the board shows, not
//! a guess: the reply's piece attacks these pieces from a square the mover cannot take it on (a
//! fork), or holds a piece in front of a bigger one on its line (a pin).

use chess_core::attacks::{between, piece_attacks};
use chess_core::see_value;
use chess_core::{Board, Color, Move, Piece, Role, Square};

/// A tactic of the reply, against the side `victim`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Motif {
    /// The piece on `from` attacks two or more of the victim's pieces (the king among them when it
    /// gives check), each one the victim cannot afford to lose, and the victim cannot take it.
    Fork {
        /// The forking piece.
        attacker: Role,
        /// Where it stands.
        from: Square,
        /// What it attacks, the most valuable first.
        targets: Vec<(Role, Square)>,
    },
    /// The line piece on `from` attacks `pinned`, and behind it on the same line stands the king
    /// or a piece worth more: moving the pinned piece gives that up.
    Pin {
        /// The pinning piece.
        attacker: Role,
        /// Where it stands.
        from: Square,
        /// The piece held in front.
        pinned: (Role, Square),
        /// The piece behind it.
        behind: (Role, Square),
    },
}

/// The tactic the piece that moved to `to` makes in `after` (the board after the reply, the
/// victim to move), if it makes one: a fork first, else a pin.
pub fn motif(after: &Board, to: Square) -> Option<Motif> {
    let attacker = after.role_on(to)?;
    let them = after.color_on(to)?;
    let victim = !them;
    let occupied = after.occupied();
    // A piece the victim can simply take makes no tactic (a check from it is answered by the
    // capture).
    if after.is_attacked(to, victim, occupied) {
        return None;
    }
    fork(after, to, attacker, them).or_else(|| pin(after, to, attacker, them))
}

fn fork(after: &Board, to: Square, attacker: Role, them: Color) -> Option<Motif> {
    let victim = !them;
    let occupied = after.occupied();
    let hit = piece_attacks(Piece::new(them, attacker), to, occupied) & after.colored(victim);
    let mut targets: Vec<(Role, Square)> = hit
        .into_iter()
        .filter_map(|sq| {
            let role = after.role_on(sq)?;
            // A target worth losing: the king, a piece worth more than the attacker, or one that
            // nothing defends.
            let defended = after.is_attacked(sq, victim, occupied.without(sq));
            (role == Role::King || see_value(role) > see_value(attacker) || (!defended && role != Role::Pawn))
                .then_some((role, sq))
        })
        .collect();
    if targets.len() < 2 {
        return None;
    }
    // The king first, then the most valuable.
    targets.sort_by_key(|&(role, sq)| (std::cmp::Reverse(see_value(role)), sq as u8));
    Some(Motif::Fork { attacker, from: to, targets })
}

fn pin(after: &Board, to: Square, attacker: Role, them: Color) -> Option<Motif> {
    if !matches!(attacker, Role::Bishop | Role::Rook | Role::Queen) {
        return None;
    }
    let victim = !them;
    let occupied = after.occupied();
    let ours = after.colored(victim);
    let piece = Piece::new(them, attacker);
    for front in (piece_attacks(piece, to, occupied) & ours).into_iter() {
        let role = after.role_on(front)?;
        if role == Role::King {
            continue;
        }
        // What the line piece would see through `front`, on the same line.
        let through = piece_attacks(piece, to, occupied.without(front)) & ours;
        let line = chess_core::attacks::line(to, front);
        for back in (through & line).into_iter() {
            if back == front || !chess_core::attacks::between(to, back).has(front) {
                continue;
            }
            let behind = after.role_on(back)?;
            let worth = behind == Role::King || see_value(behind) > see_value(role).max(see_value(attacker));
            if worth && role != Role::Pawn {
                return Some(Motif::Pin { attacker, from: to, pinned: (role, front), behind: (behind, back) });
            }
        }
    }
    None
}

/// The most valuable piece of the side that is not to move in `board` that its opponent (to
/// move) can take with a gain of material (static exchange evaluation above zero): its role, its
/// square and the square of the piece that takes it.
fn winnable(board: &Board) -> Option<(Role, Square, Square)> {
    board
        .legal_moves()
        .into_iter()
        .filter(|&mv| board.is_capture(mv) && mv.promotion().is_none_or(|r| r == Role::Queen))
        .filter(|&mv| board.see_ge(mv, 1))
        .filter_map(|mv| Some((board.captured_role(mv)?, mv.to(), mv.from())))
        .max_by_key(|&(role, sq, _)| (see_value(role), std::cmp::Reverse(sq as u8)))
}

/// A piece a move makes winnable ([`threat`]): its role and square, and how the move attacks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The piece that can be won.
    pub role: Role,
    /// Where it stands.
    pub square: Square,
    /// Whether the piece that moved attacks it (`false`: the move uncovered another piece's
    /// attack, an x-ray through the square it left).
    pub direct: bool,
}

impl Threat {
    /// The threat in words, after "it" or the answer's SAN: "attacks the queen on h4", "uncovers
    /// an attack on the queen on h4".
    pub fn words(&self) -> String {
        match self.direct {
            true => format!("attacks the {} on {}", self.role, self.square),
            false => format!("uncovers an attack on the {} on {}", self.role, self.square),
        }
    }
}

/// The threat the move `mv` makes (`next`: the board before it, the mover to move; `after`: the
/// board after it): the most valuable piece of the other side the mover could now win by a
/// capture, when nothing of that size could be won before. Said to be attacked when the piece
/// that moved takes it, uncovered when the taker's line to it ran through the square the move
/// left; `None` otherwise (the move made a piece winnable some other way, which "attacks" would
/// misname), when `mv` gives check (its threat is the check) or makes no new threat.
pub fn threat(next: &Board, mv: Move, after: &Board) -> Option<Threat> {
    let (role, square, by) = winnable_beyond(&after.null_move()?, next)?;
    let direct = by == mv.to();
    let uncovered = !direct && between(by, square).has(mv.from());
    (direct || uncovered).then_some(Threat { role, square, direct })
}

/// What a move saves: the most valuable piece of the side that moved in `board` (giving `next`)
/// that the opponent could have won by a capture had it been its move before, and cannot now
/// (the piece stepped away, or is guarded or shielded). `None` when the mover was in check.
pub fn saved(board: &Board, next: &Board) -> Option<(Role, Square)> {
    winnable_beyond(&board.null_move()?, next).map(|(role, sq, _)| (role, sq))
}

/// The most valuable piece [`winnable`] in `board` when nothing of its value is in `other`.
fn winnable_beyond(board: &Board, other: &Board) -> Option<(Role, Square, Square)> {
    let (role, sq, by) = winnable(board)?;
    let there = winnable(other).map_or(0, |(r, _, _)| see_value(r));
    (see_value(role) > there).then_some((role, sq, by))
}

impl Motif {
    /// The tactic in words, after the reply's SAN: "walks into a fork: Nc2+ attacks the king on e1
    /// and the rook on a1".
    pub fn describe(&self, reply_san: &str) -> String {
        match self {
            Motif::Fork { .. } => format!("walks into a fork: {reply_san} {}", self.what()),
            Motif::Pin { .. } => format!("walks into a pin: {reply_san} {}", self.what()),
        }
    }

    /// The tactic as the move that makes it: "it forks the king on e8 and the rook on a8", "it
    /// pins the knight on f6 to the king".
    pub fn describe_own(&self) -> String {
        match self {
            Motif::Fork { targets, .. } => format!("it forks {}", listed(targets)),
            Motif::Pin { .. } => format!("it {}", self.what()),
        }
    }

    /// What the piece does: "attacks the king on e1 and the rook on a1", "pins the knight on e4
    /// to the king".
    fn what(&self) -> String {
        match self {
            Motif::Fork { targets, .. } => format!("attacks {}", listed(targets)),
            Motif::Pin { pinned: (role, sq), behind: (behind, back), .. } => {
                let to = if *behind == Role::King { "the king".to_owned() } else { format!("the {behind} on {back}") };
                format!("pins the {role} on {sq} to {to}")
            }
        }
    }
}

/// Pieces and their squares in words: "the king on e1 and the rook on a1".
fn listed(targets: &[(Role, Square)]) -> String {
    let named: Vec<String> = targets.iter().map(|(role, sq)| format!("the {role} on {sq}")).collect();
    match named.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => named.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(fen: &str, reply: &str) -> (Board, Square) {
        let mut board: Board = fen.parse().unwrap();
        let mv = board.parse_uci(reply).unwrap();
        board.play(mv);
        (board, mv.to())
    }

    #[test]
    fn a_rook_that_attacks_the_queen_is_a_threat() {
        // Black's queen stands on h4; White's Re4 attacks it (a threat: the queen may still step
        // away, or take the rook).
        let next: Board = "6k1/5ppp/8/8/7q/8/5PPP/3BR1K1 w - - 0 1".parse().unwrap();
        let mut after = next;
        let mv = next.parse_san("Re4").unwrap();
        after.play(mv);
        let attack = threat(&next, mv, &after).unwrap();
        assert_eq!(
            (attack.role, attack.square, attack.words().as_str()),
            (Role::Queen, Square::H4, "attacks the queen on h4")
        );
    }

    #[test]
    fn an_attack_a_move_uncovers_is_not_the_moving_pieces() {
        // The knight on f3 steps off the bishop's diagonal d1-h5: the bishop, not the knight,
        // attacks the queen on h5. The naive "Nd4 attacks the queen on h5" would name the wrong
        // piece.
        let next: Board = "6k1/5ppp/8/7q/8/5N2/5PPP/3B2K1 w - - 0 1".parse().unwrap();
        let mut after = next;
        let mv = next.parse_san("Nd4").unwrap();
        after.play(mv);
        let uncovered = threat(&next, mv, &after).unwrap();
        assert_eq!(uncovered.words(), "uncovers an attack on the queen on h5");
        assert!(!uncovered.direct);
    }

    #[test]
    fn a_knight_that_steps_away_from_a_pawn_is_saved() {
        // The e5 pawn attacks the knight on d4: Nf3 takes it away.
        let board: Board = "4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1".parse().unwrap();
        let mut next = board;
        next.play(board.parse_san("Nf3").unwrap());
        assert_eq!(saved(&board, &next), Some((Role::Knight, Square::D4)));
    }

    #[test]
    fn a_knight_check_that_also_hits_the_rook_is_a_fork() {
        // Black's knight jumps to c2: check, and the rook on a1 hangs.
        let (board, to) = after("4k3/8/8/8/1n6/8/8/R3K3 b - - 0 1", "b4c2");
        assert_eq!(
            motif(&board, to),
            Some(Motif::Fork {
                attacker: Role::Knight,
                from: Square::C2,
                targets: vec![(Role::King, Square::E1), (Role::Rook, Square::A1)]
            })
        );
        assert_eq!(
            motif(&board, to).unwrap().describe("Nc2+"),
            "walks into a fork: Nc2+ attacks the king on e1 and the rook on a1"
        );
    }

    #[test]
    fn a_fork_the_victim_can_take_is_none() {
        // The queen on d1 takes the knight on c2.
        let (board, to) = after("4k3/8/8/8/1n6/8/8/R2QK3 b - - 0 1", "b4c2");
        assert_eq!(motif(&board, to), None);
    }

    #[test]
    fn a_bishop_on_the_line_of_knight_and_king_pins() {
        // Bb4 pins the knight on c3 to the king on e1.
        let (board, to) = after("4kb2/8/8/8/8/2N5/8/4K3 b - - 0 1", "f8b4");
        let m = motif(&board, to).unwrap();
        assert_eq!(
            m,
            Motif::Pin {
                attacker: Role::Bishop,
                from: Square::B4,
                pinned: (Role::Knight, Square::C3),
                behind: (Role::King, Square::E1)
            }
        );
        assert_eq!(m.describe("Bb4"), "walks into a pin: Bb4 pins the knight on c3 to the king");
    }
}
