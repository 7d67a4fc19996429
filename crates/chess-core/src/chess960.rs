//! The 960 start positions of Chess960 (Fischer random chess), by Scharnagl's numbering: 518 is
//! the standard position.

use crate::Board;

/// The number of Chess960 start positions.
pub const CHESS960_POSITIONS: u16 = 960;

/// Where the two knights stand among the five squares left once the bishops and the queen are
/// placed, for each fifth digit of the number (Scharnagl's table).
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

impl Board {
    /// Chess960 start position number `n` (0 to 959, Scharnagl's numbering: 518 is the standard
    /// position), White to move, both sides' castling rights (X-FEN `KQkq`: the rooks are the
    /// outermost on each side of the king); `None` past 959.
    ///
    /// ```
    /// use chess_core::{Board, STARTPOS};
    ///
    /// assert_eq!(Board::chess960(518).unwrap().fen(), STARTPOS);
    /// assert_eq!(Board::chess960(0).unwrap().fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(Board::chess960(960).is_none());
    /// ```
    pub fn chess960(n: u16) -> Option<Board> {
        if n >= CHESS960_POSITIONS {
            return None;
        }
        let mut rank = [None::<char>; 8];
        let n = usize::from(n);
        // The light-squared bishop on b, d, f or h; the dark-squared one on a, c, e or g.
        rank[(n % 4) * 2 + 1] = Some('b');
        rank[(n / 4 % 4) * 2] = Some('b');
        // The queen on the k-th empty square, then the knights by the table.
        let empty = |rank: &[Option<char>; 8]| (0..8).filter(|&f| rank[f].is_none()).collect::<Vec<_>>();
        let q = empty(&rank)[n / 16 % 6];
        rank[q] = Some('q');
        let (a, b) = KNIGHTS[n / 96];
        let left = empty(&rank);
        rank[left[a]] = Some('n');
        rank[left[b]] = Some('n');
        // Rook, king, rook on the three squares left.
        for (f, piece) in empty(&rank).into_iter().zip(['r', 'k', 'r']) {
            rank[f] = Some(piece);
        }
        let black: String = rank.iter().map(|p| p.unwrap_or('?')).collect();
        let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", black.to_ascii_uppercase());
        Board::from_fen(&fen).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastleSide, CastlingMode, Color, File, Game};

    #[test]
    fn every_number_is_a_different_legal_start_with_castling_on_both_sides() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..CHESS960_POSITIONS {
            let board = Board::chess960(n).unwrap_or_else(|| panic!("{n}"));
            let back = board.fen().split('/').next().unwrap().to_owned();
            assert!(seen.insert(back.clone()), "{n}: {back} twice");
            // Bishops on squares of both colours, the king between the rooks.
            let files = |c: char| back.char_indices().filter(move |&(_, p)| p == c).map(|(i, _)| i);
            let bishops: Vec<usize> = files('b').collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: {back}");
            let rooks: Vec<usize> = files('r').collect();
            let king = files('k').next().unwrap();
            assert!(rooks[0] < king && king < rooks[1], "{n}: {back}");
            let rights = board.castling_rights();
            assert_eq!(rights.get(Color::White, CastleSide::Short), Some(File::from_index(rooks[1])));
            assert_eq!(rights.get(Color::Black, CastleSide::Long), Some(File::from_index(rooks[0])));
            // Sixteen pawn moves and the knights' (two at least).
            assert!(board.legal_moves().len() >= 18, "{n}");
        }
        assert_eq!(seen.len(), 960);
    }

    #[test]
    fn known_numbers_and_their_castling_mode() {
        // Scharnagl's own examples.
        let back = |n: u16| Board::chess960(n).unwrap().fen().split('/').next().unwrap().to_owned();
        assert_eq!(back(518), "rnbqkbnr");
        assert_eq!(back(959), "rkrnnqbb");
        assert_eq!(back(1), "bqnbnrkr");
        // A king beside its rook may castle at once: number 3, bqnnrkrb (Kf1 and Rg1 swap).
        let castles = |n: u16| {
            let board = Board::chess960(n).unwrap();
            board.legal_moves().iter().filter(|&&m| board.is_castling(m)).count()
        };
        assert_eq!(back(3), "bqnnrkrb");
        assert_eq!((castles(3), castles(518)), (1, 0));
        assert_eq!(Game::from_board(Board::chess960(518).unwrap()).castling_mode(), CastlingMode::Standard);
        assert_eq!(Game::from_board(Board::chess960(0).unwrap()).castling_mode(), CastlingMode::Chess960);
    }

    #[test]
    fn a_chess960_game_says_so_in_its_pgn_and_reads_back_as_one() {
        // Number 3: White castles at once (Kf1 and Rg1 swap), the king onto the rook in UCI.
        let mut game = Game::from_board(Board::chess960(3).unwrap());
        let castle = *game.board().legal_moves().iter().find(|&&m| game.board().is_castling(m)).unwrap();
        assert_eq!(game.board().uci(castle, game.castling_mode()), "f1g1");
        game.play(castle).unwrap();
        game.play_san("e5").unwrap();
        let pgn = game.to_pgn(&[]);
        assert!(pgn.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1\"]"), "{pgn}");
        assert!(pgn.contains("1. O-O e5"), "{pgn}");
        let back = Game::from_pgn(&pgn).unwrap();
        assert_eq!((back.castling_mode(), back.board().fen()), (CastlingMode::Chess960, game.board().fen()));
        // Number 518 looks standard: only the tag makes it a Chess960 game (castling written as
        // the king onto its rook in UCI), and a standard game writes no tag.
        let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O *";
        let game = Game::from_pgn(pgn).unwrap();
        assert_eq!(game.castling_mode(), CastlingMode::Chess960);
        let last = *game.moves().last().unwrap();
        assert_eq!(game.positions()[6].uci(last, game.castling_mode()), "e1h1");
        assert!(game.to_pgn(&[]).contains("[Variant \"Chess960\"]"));
        assert!(!Game::from_pgn("1. e4 *").unwrap().to_pgn(&[]).contains("Variant"));
    }
}
