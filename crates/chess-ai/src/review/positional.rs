//! Positional facts named in a review's reasons, when a move's refutation wins no material and
//! threatens nothing: a passed pawn one side gets, an open file at a king or the pieces that bear
//! on it, doubled or isolated pawns, the bishop pair, a rook on an open file.
//!
//! Which fact is named is not a guess: the two lines' settled positions
//! (the move played and the refutation, the better move and its line; [`settled`]) are weighed by
//! the terms of the hand-written evaluation ([`Classical::trace`]), and the term that differs most
//! in the better line's favour, by [`MIN_TERM`] and a [`SHARE`] of what the move lost or more, is
//! looked up on the board. A term that moved without a fact the board can name (its squares
//! changed under the same count) says nothing.

use chess_core::attacks::{king_attacks, piece_attacks};
use chess_core::{BitBoard, Board, CastleSide, Color, File, Move, Piece, Role, Square};
use chess_eval::{adjacent_files, Classical, Term};

use super::material::settled;
use super::why::played_from;

/// The least difference of one evaluation term, in centipawns (middlegame and endgame blended by
/// the phase), that a reason names: about a doubled pawn in the middlegame and a half in the
/// endgame, or a passed pawn on the fourth rank.
pub const MIN_TERM: i32 = 20;

/// A fact is named only when its term makes up a quarter or more of what the move lost (in
/// centipawns, by the engine's scores): a blunder is not explained by a doubled pawn.
pub const SHARE: i32 = 4;

/// The terms whose facts a reason can name.
const NAMED: [Term; 4] = [Term::PassedPawns, Term::KingSafety, Term::Pawns, Term::Pieces];

/// A positional fact of one position of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// `side` has a passed pawn on `on`, and none on its file in the other line.
    Passer {
        /// Whose pawn.
        side: Color,
        /// Where it stands.
        on: Square,
    },
    /// `side`'s king can no longer castle: the move played gave the right up.
    NoCastling {
        /// Whose king.
        side: Color,
    },
    /// `side`'s king has no pawn of its own on `file` (its file or one beside it).
    OpenKingFile {
        /// Whose king.
        side: Color,
        /// The open file.
        file: File,
    },
    /// `count` pieces of the opponent attack squares around `side`'s king, two or more above the
    /// other line.
    KingAttackers {
        /// Whose king.
        side: Color,
        /// The opponent's pieces that bear on it.
        count: u32,
    },
    /// `side` has two or more pawns on `file`.
    Doubled {
        /// Whose pawns.
        side: Color,
        /// Their file.
        file: File,
    },
    /// `side`'s pawn on `on` has no pawn of its own on a file beside it.
    Isolated {
        /// Whose pawn.
        side: Color,
        /// Where it stands.
        on: Square,
    },
    /// `side` no longer has both bishops (it has them in the other line).
    NoBishopPair {
        /// Whose bishops.
        side: Color,
    },
    /// `side` has a rook on `file`, which no pawn of its own stands on (`open`: no pawn at all).
    RookOnFile {
        /// Whose rook.
        side: Color,
        /// Its file.
        file: File,
        /// Whether the file holds no pawn of either side.
        open: bool,
    },
}

/// Which line a fact holds in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The move played and the opponent's best reply: the fact is a cost of the move.
    Played,
    /// The better move and its line: the fact is what the better move gets.
    Better,
}

/// The positional fact that most separates the line of `played` (the move played and the
/// reply's line, from `board`) from the line of `better` (the better move's line), in the better
/// line's favour for the side to move in `board`, and the line it holds in; `None` when no named
/// term differs by [`MIN_TERM`] and by a [`SHARE`] of `lost` (the centipawns the move lost), or
/// when the board shows no fact for the terms that do.
pub fn why(board: &Board, played: &[Move], better: &[Move], lost: i32) -> Option<(Fact, Line)> {
    let least = MIN_TERM.max(lost / SHARE);
    let us = board.side_to_move();
    let (p, b) = (settled(board, played), settled(board, better));
    let eval = Classical::default();
    let (tp, tb) = (eval.trace(&p), eval.trace(&b));
    // Each term of each side: how much better it stands for that side in the line that favours
    // the mover (the mover's own terms in the better line, the opponent's in the line played).
    let mut gaps: Vec<(i32, Term, Color)> = NAMED
        .iter()
        .flat_map(|&term| {
            [
                (tb.blended(term, us) - tp.blended(term, us), term, us),
                (tp.blended(term, !us) - tb.blended(term, !us), term, !us),
            ]
        })
        .filter(|&(gap, _, _)| gap >= least)
        .collect();
    gaps.sort_by_key(|&(gap, term, side)| (std::cmp::Reverse(gap), term as u8, side as u8));
    gaps.into_iter().find_map(|(_, term, side)| {
        // `side` stands better in `good` than in `bad` for this term.
        let (good, bad, good_line, bad_line) =
            if side == us { (&b, &p, Line::Better, Line::Played) } else { (&p, &b, Line::Played, Line::Better) };
        let castled_away = side == us && term == Term::KingSafety && gave_up_castling(board, played);
        if castled_away {
            return Some((Fact::NoCastling { side }, Line::Played));
        }
        fact(term, side, good, bad, good_line, bad_line)
    })
}

/// The fact behind `term` standing better for `side` in `good` than in `bad`, and the line it is
/// said of.
fn fact(term: Term, side: Color, good: &Board, bad: &Board, good_line: Line, bad_line: Line) -> Option<(Fact, Line)> {
    match term {
        Term::PassedPawns => new_passer(good, bad, side).map(|on| (Fact::Passer { side, on }, good_line)),
        Term::KingSafety => king_fact(bad, good, side).map(|f| (f, bad_line)),
        Term::Pawns => pawn_fact(bad, good, side).map(|f| (f, bad_line)),
        Term::Pieces => {
            if has_bishop_pair(good, side) && !has_bishop_pair(bad, side) {
                return Some((Fact::NoBishopPair { side }, bad_line));
            }
            rook_file(good, bad, side).map(|(file, open)| (Fact::RookOnFile { side, file, open }, good_line))
        }
        _ => None,
    }
}

/// Whether the first move of `played` (the mover's) took away its last castling right without
/// castling.
fn gave_up_castling(board: &Board, played: &[Move]) -> bool {
    let us = board.side_to_move();
    let Some(&mv) = played.first() else { return false };
    let rights = |b: &Board| CastleSide::ALL.into_iter().any(|s| b.castling_rights().get(us, s).is_some());
    rights(board) && !board.is_castling(mv) && played_from(board, mv).is_some_and(|next| !rights(&next))
}

/// The most advanced passed pawn of `side` in `good` on a file where it has none in `bad`.
fn new_passer(good: &Board, bad: &Board, side: Color) -> Option<Square> {
    let passers = |b: &Board| -> Vec<Square> {
        b.colored_pieces(side, Role::Pawn).into_iter().filter(|&sq| chess_eval::is_passed(b, side, sq)).collect()
    };
    let before = passers(bad);
    passers(good)
        .into_iter()
        .filter(|sq| !before.iter().any(|b| b.file() == sq.file()))
        .max_by_key(|sq| (sq.rank().relative_to(side) as u8, std::cmp::Reverse(sq.file() as u8)))
}

/// What is worse about `side`'s king in `bad` than in `good`: a file at it with no pawn of its
/// own, or two more of the opponent's pieces bearing on the squares around it.
fn king_fact(bad: &Board, good: &Board, side: Color) -> Option<Fact> {
    let attackers = |b: &Board| {
        let king = b.king(side);
        let zone = king_attacks(king).with(king);
        let occupied = b.occupied();
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .flat_map(|role| b.colored_pieces(!side, role).into_iter().map(move |sq| (role, sq)))
            .filter(|&(role, sq)| piece_attacks(Piece::new(!side, role), sq, occupied).intersects(zone))
            .count() as u32
    };
    let (now, then) = (attackers(bad), attackers(good));
    if now >= then + 2 {
        return Some(Fact::KingAttackers { side, count: now });
    }
    let open = |b: &Board| {
        let file = b.king(side).file();
        let at_king = file.bitboard() | adjacent_files(file);
        let pawns = b.colored_pieces(side, Role::Pawn);
        File::ALL
            .into_iter()
            .filter(move |f| at_king.intersects(f.bitboard()) && !pawns.intersects(f.bitboard()))
            .collect::<Vec<File>>()
    };
    let was = open(good);
    open(bad).into_iter().find(|f| !was.contains(f)).map(|file| Fact::OpenKingFile { side, file })
}

/// What is worse about `side`'s pawns in `bad` than in `good`: a file with two or more of them
/// (one it does not have doubled there), or a pawn with none of its own beside it.
fn pawn_fact(bad: &Board, good: &Board, side: Color) -> Option<Fact> {
    let doubled = |b: &Board| {
        let pawns = b.colored_pieces(side, Role::Pawn);
        File::ALL.into_iter().filter(move |f| (pawns & f.bitboard()).len() >= 2)
    };
    let was: Vec<File> = doubled(good).collect();
    if let Some(file) = doubled(bad).find(|f| !was.contains(f)) {
        return Some(Fact::Doubled { side, file });
    }
    let isolated = |b: &Board| -> Vec<Square> {
        let pawns = b.colored_pieces(side, Role::Pawn);
        pawns.into_iter().filter(|sq| !pawns.intersects(adjacent_files(sq.file()))).collect()
    };
    let was = isolated(good);
    isolated(bad)
        .into_iter()
        .find(|sq| !was.iter().any(|w| w.file() == sq.file()))
        .map(|on| Fact::Isolated { side, on })
}

/// Whether `side` has bishops on both colours of square.
fn has_bishop_pair(b: &Board, side: Color) -> bool {
    let bishops = b.colored_pieces(side, Role::Bishop);
    bishops.intersects(BitBoard::LIGHT_SQUARES) && bishops.intersects(BitBoard::DARK_SQUARES)
}

/// A file that a rook of `side` holds in `good` without a pawn of its own on it, and not in
/// `bad`; open files first.
fn rook_file(good: &Board, bad: &Board, side: Color) -> Option<(File, bool)> {
    let files = |b: &Board| -> Vec<(File, bool)> {
        let ours = b.colored_pieces(side, Role::Pawn);
        let all = b.pieces(Role::Pawn);
        let mut files: Vec<(File, bool)> = b
            .colored_pieces(side, Role::Rook)
            .into_iter()
            .map(|sq| sq.file())
            .filter(|f| !ours.intersects(f.bitboard()))
            .map(|f| (f, !all.intersects(f.bitboard())))
            .collect();
        files.sort_by_key(|&(f, open)| (!open, f as u8));
        files
    };
    let was = files(bad);
    files(good).into_iter().find(|(f, _)| !was.iter().any(|(w, _)| w == f))
}

/// A colour as a sentence names it.
fn name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Fact {
    /// The fact as a clause: "Black gets a passed pawn on c5", "the g-file is open at White's
    /// king", "three Black pieces bear on White's king".
    pub fn describe(&self) -> String {
        match *self {
            Fact::Passer { side, on } => format!("{} gets a passed pawn on {on}", name(side)),
            Fact::NoCastling { side } => format!("{}'s king can no longer castle", name(side)),
            Fact::OpenKingFile { side, file } => {
                format!("the {}-file is open at {}'s king", file.char(), name(side))
            }
            Fact::KingAttackers { side, count } => {
                let n = match count {
                    2 => "two".to_owned(),
                    3 => "three".to_owned(),
                    4 => "four".to_owned(),
                    5 => "five".to_owned(),
                    n => n.to_string(),
                };
                format!("{n} {} pieces bear on {}'s king", name(!side), name(side))
            }
            Fact::Doubled { side, file } => format!("{}'s pawns are doubled on the {}-file", name(side), file.char()),
            Fact::Isolated { side, on } => format!("{}'s pawn on {on} is isolated", name(side)),
            Fact::NoBishopPair { side } => format!("{} gives up the bishop pair", name(side)),
            Fact::RookOnFile { side, file, open } => {
                let kind = if open { "open" } else { "half-open" };
                format!("{}'s rook takes the {kind} {}-file", name(side), file.char())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    fn moves(board: &Board, sans: &[&str]) -> Vec<Move> {
        let mut b = *board;
        sans.iter()
            .map(|san| {
                let mv = b.parse_san(san).unwrap();
                b.play(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn a_push_that_lets_a_pawn_run_gives_the_opponent_a_passer() {
        // White to move: b4 lets the c3 pawn run (c2, and nothing stands in front of it), where
        // bxc3 takes it.
        let board: Board = "4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1".parse().unwrap();
        let san = |b: &Board, s: &str| b.parse_san(s).unwrap();
        let mut after = board;
        let played = san(&board, "b4");
        after.play(played);
        let reply = san(&after, "c2");
        let better = san(&board, "bxc3");
        let (fact, line) = why(&board, &[played, reply], &[better], 0).unwrap();
        assert_eq!(line, Line::Played);
        assert_eq!(fact, Fact::Passer { side: Color::Black, on: Square::C2 });
        assert_eq!(fact.describe(), "Black gets a passed pawn on c2");
    }

    #[test]
    fn a_king_walk_gives_up_castling() {
        // Ke2 in the Italian game, where O-O tucks the king behind three pawns.
        let b = board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let fact = why(&b, &moves(&b, &["Ke2", "d6"]), &moves(&b, &["O-O", "d6"]), 50);
        assert_eq!(fact, Some((Fact::NoCastling { side: Color::White }, Line::Played)));
        assert_eq!(fact.unwrap().0.describe(), "White's king can no longer castle");
    }

    #[test]
    fn a_small_term_does_not_explain_a_big_loss() {
        // The same Ke2, said to have lost three pawns: its king-safety term (about 50) is less
        // than a quarter of that.
        let b = board("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        assert_eq!(why(&b, &moves(&b, &["Ke2", "d6"]), &moves(&b, &["O-O", "d6"]), 300), None);
    }

    #[test]
    fn pawn_facts() {
        let good = board("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1");
        // c2 and c3 on one file (and a2 alone): the doubled pawns are named first.
        let bad = board("4k3/8/8/8/8/2P5/P1P5/4K3 w - - 0 1");
        assert_eq!(pawn_fact(&bad, &good, Color::White), Some(Fact::Doubled { side: Color::White, file: File::C }));
        // a2 with no b-pawn beside it.
        let bad = board("4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1");
        assert_eq!(pawn_fact(&bad, &good, Color::White), Some(Fact::Isolated { side: Color::White, on: Square::A2 }));
        assert_eq!(pawn_fact(&good, &good, Color::White), None);
    }

    #[test]
    fn king_facts() {
        let good = board("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1");
        let open = board("4k3/8/8/8/8/8/5P1P/6K1 w - - 0 1");
        assert_eq!(
            king_fact(&open, &good, Color::White),
            Some(Fact::OpenKingFile { side: Color::White, file: File::G })
        );
        // A black queen on the h-file and a knight on e4 reach squares around the king.
        let attacked = board("4k3/8/8/8/4n2q/8/5PPP/6K1 w - - 0 1");
        let fact = king_fact(&attacked, &good, Color::White);
        assert_eq!(fact, Some(Fact::KingAttackers { side: Color::White, count: 2 }));
        assert_eq!(fact.unwrap().describe(), "two Black pieces bear on White's king");
    }

    #[test]
    fn piece_facts() {
        let pair = board("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let one = board("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        assert_eq!(
            fact(Term::Pieces, Color::White, &pair, &one, Line::Better, Line::Played),
            Some((Fact::NoBishopPair { side: Color::White }, Line::Played))
        );
        // Black's rook on the a-file with no pawn on it in the first, behind its own a-pawn in
        // the second.
        let open = board("r3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        let closed = board("4k3/p7/8/8/8/8/6K1/r7 b - - 0 1");
        let f = fact(Term::Pieces, Color::Black, &open, &closed, Line::Played, Line::Better);
        assert_eq!(f, Some((Fact::RookOnFile { side: Color::Black, file: File::A, open: true }, Line::Played)));
        assert_eq!(f.unwrap().0.describe(), "Black's rook takes the open a-file");
    }

    #[test]
    fn words() {
        assert_eq!(
            Fact::Doubled { side: Color::Black, file: File::F }.describe(),
            "Black's pawns are doubled on the f-file"
        );
        assert_eq!(Fact::Isolated { side: Color::White, on: Square::D4 }.describe(), "White's pawn on d4 is isolated");
        assert_eq!(
            Fact::OpenKingFile { side: Color::Black, file: File::H }.describe(),
            "the h-file is open at Black's king"
        );
        assert_eq!(Fact::NoBishopPair { side: Color::White }.describe(), "White gives up the bishop pair");
        assert_eq!(
            Fact::RookOnFile { side: Color::White, file: File::C, open: false }.describe(),
            "White's rook takes the half-open c-file"
        );
    }
}
