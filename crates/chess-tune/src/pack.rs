//! Self-play data packed for the repository (issue 84): a chunk of games as their start positions,
//! moves and scores in about 2 bytes a position, so that generated data survives a new machine.
//!
//! **Format** (`.cpk`): the magic `CPK1`, the number of games (`u32`, little-endian), then one bit
//! stream (least significant bit first, zero-padded to a byte) of games. A game is:
//! - its start position: the occupied squares (64 bits), then each occupied square's piece from a1
//!   to h8 (4 bits: 0-5 White's pawn to king, 8-13 Black's), the side to move (1 bit), the
//!   castling rights `KQkq` (4 bits), an en-passant file (1 bit, then 3 bits when set), the
//!   halfmove clock (8 bits) and the move number (12 bits);
//! - the result (2 bits: 0 Black won, 1 draw, 2 White won) and the number of plies (10 bits);
//! - per ply, the move as its index among the position's legal moves sorted by
//!   [`Move::to_u16`] (`ceil(log2(n))` bits for `n` legal moves: none when there is one), then the
//!   score as the difference from the score the previous ply predicts (the previous score negated:
//!   the side to move changes), zigzag-mapped and written as an order-[`SCORE_K`] Exp-Golomb code.
//!
//! The keep flag of each position (what a trainer learns from) is not stored: it is computed again
//! by [`keep_flag`], the rule self-play writes it by, and [`pack`] refuses a chunk where the two
//! differ. Packing a chunk checks that unpacking gives back its exact bytes; the manifest
//! (`chess-tune pack`) records the SHA-256 of both, and unpacking checks both.

use std::io;

use chess_core::{Board, Move};

use crate::selfplay::{keep_flag, GameRecord, Ply, MAGIC as CSP_MAGIC};

/// The packed file's magic and version.
pub const MAGIC: &[u8; 4] = b"CPK1";
/// The Exp-Golomb order of the score differences: on seed 8's first 30 chunks (340,317 positions)
/// orders 3, 4, 5, 6 cost 7.81, 7.51, 7.47, 7.71 bits a score.
pub const SCORE_K: u32 = 5;
/// The longest game a pack holds (10 bits of ply count).
const MAX_PLIES: usize = (1 << 10) - 1;

fn bad(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

/// Pack the games of a `.csp` chunk (its whole bytes). Errors when the bytes are not a chunk or
/// hold what the format cannot say (a keep flag the rule disagrees with, a non-standard castling
/// field, a game longer than 1,023 plies).
pub fn pack(csp: &[u8]) -> io::Result<Vec<u8>> {
    let games = read_csp(csp)?;
    let mut out = BitWriter::default();
    for game in &games {
        write_game(&mut out, game)?;
    }
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&u32::try_from(games.len()).map_err(|_| bad("too many games"))?.to_le_bytes());
    bytes.extend_from_slice(&out.finish());
    if unpack(&bytes)? != csp {
        return Err(bad("the packed chunk does not unpack to the same bytes"));
    }
    Ok(bytes)
}

/// The `.csp` bytes a packed chunk holds. Every field is checked: a damaged file is an error, never
/// a panic or a wrong game.
pub fn unpack(cpk: &[u8]) -> io::Result<Vec<u8>> {
    if cpk.len() < 8 || &cpk[..4] != MAGIC {
        return Err(bad("not a CPK1 file"));
    }
    let count = u32::from_le_bytes([cpk[4], cpk[5], cpk[6], cpk[7]]);
    let mut input = BitReader::new(&cpk[8..]);
    let mut out = CSP_MAGIC.to_vec();
    for n in 0..count {
        let game = read_game(&mut input).map_err(|e| bad(format!("game {}: {e}", n + 1)))?;
        game.write(&mut out)?;
    }
    if !input.rest_is_padding() {
        return Err(bad("bytes after the last game"));
    }
    Ok(out)
}

fn read_csp(csp: &[u8]) -> io::Result<Vec<GameRecord>> {
    crate::selfplay::parse_chunk(csp)
}

/// The legal moves of `board` in their packed order.
fn sorted_moves(board: &Board) -> Vec<Move> {
    let mut moves: Vec<Move> = board.legal_moves().into_iter().collect();
    moves.sort_unstable_by_key(|m| m.to_u16());
    moves
}

/// Bits to write an index below `n`.
fn index_bits(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

fn zigzag(v: i32) -> u32 {
    ((v << 1) ^ (v >> 31)) as u32
}

fn unzigzag(v: u32) -> i32 {
    (v >> 1) as i32 ^ -((v & 1) as i32)
}

fn write_game(out: &mut BitWriter, game: &GameRecord) -> io::Result<()> {
    write_board(out, &game.start)?;
    if game.plies.len() > MAX_PLIES {
        return Err(bad(format!("a game of {} plies (at most {MAX_PLIES})", game.plies.len())));
    }
    out.bits(u64::from(game.result), 2);
    out.bits(game.plies.len() as u64, 10);
    let mut previous: Option<i16> = None;
    for (ply, (board, p)) in game.positions().enumerate() {
        if p.keep != keep_flag(&board, ply, p.mv, p.score) {
            return Err(bad(format!("ply {}: a keep flag the rule does not give", ply + 1)));
        }
        let moves = sorted_moves(&board);
        let index = moves.iter().position(|&m| m == p.mv).ok_or_else(|| bad("an illegal move"))?;
        out.bits(index as u64, index_bits(moves.len()));
        let predicted = previous.map_or(0, |s| -i32::from(s));
        out.exp_golomb(zigzag(i32::from(p.score) - predicted), SCORE_K);
        previous = Some(p.score);
    }
    Ok(())
}

fn read_game(input: &mut BitReader) -> io::Result<GameRecord> {
    let start = read_board(input)?;
    let result = input.bits(2)? as u8;
    if result > 2 {
        return Err(bad("a result other than 0, 1 or 2"));
    }
    let count = input.bits(10)? as usize;
    let mut board = start;
    let mut plies = Vec::with_capacity(count);
    let mut previous: Option<i16> = None;
    for ply in 0..count {
        let moves = sorted_moves(&board);
        if moves.is_empty() {
            return Err(bad(format!("ply {}: a move in a position without one", ply + 1)));
        }
        let index = input.bits(index_bits(moves.len()))? as usize;
        let mv = *moves.get(index).ok_or_else(|| bad(format!("ply {}: move {index} of {}", ply + 1, moves.len())))?;
        let predicted = previous.map_or(0, |s| -i32::from(s));
        let score = predicted + unzigzag(input.exp_golomb(SCORE_K)?);
        let score = i16::try_from(score).map_err(|_| bad(format!("ply {}: a score out of range", ply + 1)))?;
        plies.push(Ply { mv, score, keep: keep_flag(&board, ply, mv, score) });
        board.play_unchecked(mv);
        previous = Some(score);
    }
    Ok(GameRecord { start, result, plies })
}

const PIECES: &[u8; 14] = b"PNBRQK??pnbrqk";

fn write_board(out: &mut BitWriter, board: &Board) -> io::Result<()> {
    let fen = board.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let [placement, side, castling, ep, halfmove, fullmove] = fields[..] else {
        return Err(bad(format!("a FEN of {} fields: {fen}", fields.len())));
    };
    // FEN lists rank 8 first; squares are numbered a1 = 0 .. h8 = 63.
    let mut pieces = [None::<u8>; 64];
    for (r, row) in placement.split('/').enumerate() {
        let mut file = 0;
        for c in row.bytes() {
            if c.is_ascii_digit() {
                file += usize::from(c - b'0');
            } else {
                let code =
                    PIECES.iter().position(|&p| p == c).ok_or_else(|| bad(format!("a piece `{}`", c as char)))?;
                pieces[(7 - r) * 8 + file] = Some(code as u8);
                file += 1;
            }
        }
    }
    let occupied = pieces.iter().enumerate().filter(|(_, p)| p.is_some()).fold(0u64, |o, (sq, _)| o | 1 << sq);
    out.bits(occupied, 64);
    for code in pieces.iter().flatten() {
        out.bits(u64::from(*code), 4);
    }
    out.bits(u64::from(side == "b"), 1);
    let mut rights = 0;
    if castling != "-" {
        for c in castling.chars() {
            let bit =
                "KQkq".find(c).ok_or_else(|| bad(format!("a castling field `{castling}` (standard KQkq only)")))?;
            rights |= 1 << bit;
        }
    }
    out.bits(rights, 4);
    match ep.as_bytes() {
        [b'-'] => out.bits(0, 1),
        [file @ b'a'..=b'h', _] => {
            out.bits(1, 1);
            out.bits(u64::from(file - b'a'), 3);
        }
        _ => return Err(bad(format!("an en-passant field `{ep}`"))),
    }
    let halfmove: u8 = halfmove.parse().map_err(|_| bad(format!("a halfmove clock `{halfmove}` above 255")))?;
    let fullmove: u16 =
        fullmove.parse().ok().filter(|&n| n < 1 << 12).ok_or_else(|| bad(format!("a move number `{fullmove}`")))?;
    out.bits(u64::from(halfmove), 8);
    out.bits(u64::from(fullmove), 12);
    Ok(())
}

fn read_board(input: &mut BitReader) -> io::Result<Board> {
    let occupied = input.bits(64)?;
    let mut squares = [None::<u8>; 64];
    for (sq, slot) in squares.iter_mut().enumerate() {
        if occupied >> sq & 1 == 1 {
            let code = input.bits(4)? as usize;
            match PIECES.get(code) {
                Some(&c) if c != b'?' => *slot = Some(c),
                _ => return Err(bad(format!("a piece code {code}"))),
            }
        }
    }
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        placement.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    placement.push(char::from(c));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            placement.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let black = input.bits(1)? == 1;
    let rights = input.bits(4)?;
    let castling: String = "KQkq".chars().enumerate().filter(|(i, _)| rights >> i & 1 == 1).map(|(_, c)| c).collect();
    let ep = if input.bits(1)? == 1 {
        let file = char::from(b'a' + input.bits(3)? as u8);
        format!("{file}{}", if black { 3 } else { 6 })
    } else {
        "-".into()
    };
    let halfmove = input.bits(8)?;
    let fullmove = input.bits(12)?;
    let castling = if castling.is_empty() { "-".into() } else { castling };
    let fen = format!("{placement} {} {castling} {ep} {halfmove} {fullmove}", if black { 'b' } else { 'w' });
    let board: Board = fen.parse().map_err(|e| bad(format!("a start position that is not one ({fen}): {e}")))?;
    Ok(board)
}

/// Bits appended least significant first.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    acc: u64,
    len: u32,
}

impl BitWriter {
    /// The low `n` bits of `value` (`n` ≤ 64).
    fn bits(&mut self, value: u64, n: u32) {
        let mut value = if n == 64 { value } else { value & ((1 << n) - 1) };
        let mut n = n;
        while n > 0 {
            let take = n.min(64 - self.len).min(32);
            let part = value & ((1 << take) - 1);
            self.acc |= part << self.len;
            self.len += take;
            value >>= take;
            n -= take;
            while self.len >= 8 {
                self.bytes.push(self.acc as u8);
                self.acc >>= 8;
                self.len -= 8;
            }
        }
    }

    /// `v` as an order-`k` Exp-Golomb code: `v + 2^k` in `m` bits is written as `m - k - 1` zeros,
    /// then its `m` bits from the most significant down (so the leading 1 ends the zeros).
    fn exp_golomb(&mut self, v: u32, k: u32) {
        let x = u64::from(v) + (1 << k);
        let m = 64 - x.leading_zeros();
        self.bits(0, m - k - 1);
        for i in (0..m).rev() {
            self.bits(x >> i & 1, 1);
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.len > 0 {
            self.bytes.push(self.acc as u8);
        }
        self.bytes
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    /// The next bit's position.
    at: usize,
}

impl<'a> BitReader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        BitReader { bytes, at: 0 }
    }

    fn bit(&mut self) -> io::Result<u64> {
        let byte = self.bytes.get(self.at / 8).ok_or_else(|| bad("the file ends inside a game"))?;
        let bit = u64::from(byte >> (self.at % 8) & 1);
        self.at += 1;
        Ok(bit)
    }

    fn bits(&mut self, n: u32) -> io::Result<u64> {
        let mut v = 0;
        for i in 0..n {
            v |= self.bit()? << i;
        }
        Ok(v)
    }

    fn exp_golomb(&mut self, k: u32) -> io::Result<u32> {
        let mut zeros = 0;
        while self.bit()? == 0 {
            zeros += 1;
            if zeros > 32 {
                return Err(bad("a score code longer than any score"));
            }
        }
        let mut x = 1u64;
        for _ in 0..zeros + k {
            x = x << 1 | self.bit()?;
        }
        u32::try_from(x - (1 << k)).map_err(|_| bad("a score code longer than any score"))
    }

    /// Whether what is left is the zero padding of the last byte.
    fn rest_is_padding(&self) -> bool {
        let whole = self.at.div_ceil(8);
        whole >= self.bytes.len() && (self.at % 8 == 0 || self.bytes.last().is_some_and(|&b| b >> (self.at % 8) == 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::{play_game, GameOptions};
    use chess_eval::Classical;
    use chess_search::Engine;

    fn chunk(games: u64) -> Vec<u8> {
        let mut engine = Engine::new(Classical::default(), 1);
        let mut csp = CSP_MAGIC.to_vec();
        for n in 0..games {
            play_game(&mut engine, &GameOptions::selfplay(300), 3, n).write(&mut csp).unwrap();
        }
        csp
    }

    #[test]
    fn bits_and_codes_read_back() {
        let mut w = BitWriter::default();
        let values: Vec<u32> = vec![0, 1, 2, 15, 16, 17, 300, 64_000, u32::from(u16::MAX) * 2];
        w.bits(0xDEAD_BEEF_0123_4567, 64);
        for &v in &values {
            w.exp_golomb(v, SCORE_K);
            w.bits(5, 3);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        assert_eq!(r.bits(64).unwrap(), 0xDEAD_BEEF_0123_4567);
        for &v in &values {
            assert_eq!(r.exp_golomb(SCORE_K).unwrap(), v);
            assert_eq!(r.bits(3).unwrap(), 5);
        }
        assert!(r.rest_is_padding());
        for v in [-32_000, -1, 0, 1, 32_000, 64_000] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
        assert_eq!((index_bits(1), index_bits(2), index_bits(3), index_bits(218)), (0, 1, 2, 8));
    }

    #[test]
    fn a_chunk_packs_small_and_unpacks_to_its_bytes() {
        let csp = chunk(6);
        let packed = pack(&csp).unwrap();
        assert_eq!(unpack(&packed).unwrap(), csp);
        let games = read_csp(&csp).unwrap();
        let positions: usize = games.iter().map(|g| g.plies.len()).sum();
        // 5 bytes a position in the chunk; the pack must be well under 3.
        let per_position = packed.len() as f64 / positions as f64;
        assert!(per_position < 3.0, "{per_position:.2} bytes a position ({positions} positions)");
    }

    #[test]
    fn unusual_start_positions_read_back() {
        for fen in [
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 99 200",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 4095",
            "8/8/8/8/8/8/8/K6k b - - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            let mut w = BitWriter::default();
            write_board(&mut w, &board).unwrap();
            let bytes = w.finish();
            assert_eq!(read_board(&mut BitReader::new(&bytes)).unwrap(), board, "{fen}");
        }
    }

    #[test]
    fn a_damaged_pack_is_an_error_never_a_panic() {
        let packed = pack(&chunk(2)).unwrap();
        assert!(unpack(b"CPK1").is_err());
        assert!(unpack(&packed[..packed.len() - 3]).is_err(), "a cut file");
        let mut longer = packed.clone();
        longer.push(0xFF);
        assert!(unpack(&longer).is_err(), "bytes after the games");
        // Every single-byte change either fails or reads as some other set of legal games.
        for i in 8..packed.len() {
            for flip in [1u8, 0x80, 0xFF] {
                let mut damaged = packed.clone();
                damaged[i] ^= flip;
                if let Ok(csp) = unpack(&damaged) {
                    read_csp(&csp).expect("what unpack gives reads as a chunk");
                }
            }
        }
    }

    #[test]
    fn a_keep_flag_the_rule_does_not_give_is_refused() {
        let csp = chunk(1);
        let mut games = read_csp(&csp).unwrap();
        let ply = games[0].plies.iter_mut().find(|p| p.keep).expect("a kept position");
        ply.keep = false;
        let mut changed = CSP_MAGIC.to_vec();
        games[0].write(&mut changed).unwrap();
        assert!(pack(&changed).unwrap_err().to_string().contains("keep flag"));
    }
}
