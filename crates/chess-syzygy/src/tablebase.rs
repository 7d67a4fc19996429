//! A set of table files and the probes: win/draw/loss, distance to zeroing, the root moves.
//!
//! The tables store positions as if no capture were possible and no en-passant right existed
//! (their values may be anything where a capture is best), so a probe first tries the captures
//! (an alpha-beta search over captures only, each capture reaching a smaller table), then
//! en passant. A DTZ table stores one side to move: for the other, the probe looks one move
//! ahead.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use chess_core::{Board, Move, Role};

use crate::material::Material;
use crate::table::{Corrupt, Kind, Table};
use crate::{ProbeError, SyzygyError, Wdl};

impl PartialEq for Tablebase {
    /// The same table files (whether loaded yet or not).
    fn eq(&self, other: &Self) -> bool {
        fn files(map: &HashMap<Material, Arc<TableFile>>) -> Vec<(Material, &Path)> {
            let mut v: Vec<(Material, &Path)> = map.iter().map(|(m, f)| (*m, f.path.as_path())).collect();
            v.sort();
            v
        }
        files(&self.wdl) == files(&other.wdl) && files(&self.dtz) == files(&other.dtz)
    }
}

impl Eq for Tablebase {}

/// The kind of table a file extension names: `rtbw` win/draw/loss, `rtbz` distance to zeroing.
fn kind_of(ext: &str) -> Option<Kind> {
    match ext {
        "rtbw" => Some(Kind::Wdl),
        "rtbz" => Some(Kind::Dtz),
        _ => None,
    }
}

/// The largest table file read (every table of up to six pieces is smaller).
const MAX_TABLE_BYTES: u64 = 4 << 30;

/// A loaded (or not yet loaded) table file.
#[derive(Debug)]
struct TableFile {
    path: PathBuf,
    material: Material,
    kind: Kind,
    table: OnceLock<Result<Table, ProbeError>>,
}

impl TableFile {
    /// The table, read from its file on first use.
    fn get(&self) -> Result<&Table, ProbeError> {
        self.table
            .get_or_init(|| {
                let data = chess_core::read_file(&self.path, MAX_TABLE_BYTES)
                    .map_err(|e| ProbeError::Io { path: self.path.clone(), message: e.to_string() })?;
                Table::read(data, self.material, self.kind).map_err(|Corrupt| ProbeError::Corrupt(self.path.clone()))
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// Syzygy tablebases: the `.rtbw` (win/draw/loss) and `.rtbz` (distance to zeroing) files of
/// one or more directories. Files are read into memory when first probed; probing is
/// thread-safe (`Tablebase` is `Send + Sync`, share it with an `Arc`).
///
/// ```no_run
/// use chess_core::Board;
/// use chess_syzygy::{Tablebase, Wdl};
///
/// let tb = Tablebase::open("/path/to/syzygy")?;
/// let board = Board::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1")?;
/// assert_eq!(tb.probe_wdl(&board)?, Wdl::Win);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Tablebase {
    wdl: HashMap<Material, Arc<TableFile>>,
    dtz: HashMap<Material, Arc<TableFile>>,
    max_pieces: usize,
}

/// What a root move leads to, as the tables say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The result for the side that plays it, with best play and the fifty-move rule.
    pub wdl: Wdl,
    /// Plies to the next capture or pawn move (or mate) once it is played, signed like `wdl`: 1
    /// for a move that mates or wins by zeroing, 0 for a draw (see [`Tablebase::probe_dtz`]).
    pub dtz: i32,
    /// How the move ranks for the fifty-move rule (larger is better); moves of the best rank
    /// keep the best result reachable.
    pub rank: i32,
}

/// The largest rank of [`RootMove`]: a win that is safe from the fifty-move rule.
const MAX_RANK: i32 = 1000;

impl Tablebase {
    /// No tables: every probe fails with [`ProbeError::MissingTable`] (or answers KvK).
    pub fn new() -> Self {
        Self::default()
    }

    /// The tables of the directories in `paths`, separated by `:` (`;` on Windows), as the UCI
    /// option `SyzygyPath` gives them.
    pub fn open(paths: &str) -> Result<Self, SyzygyError> {
        let separator = if cfg!(windows) { ';' } else { ':' };
        let mut tb = Tablebase::new();
        for dir in paths.split(separator).map(str::trim).filter(|d| !d.is_empty()) {
            tb.add_directory(dir)?;
        }
        if tb.wdl.is_empty() {
            return Err(SyzygyError::NoTables(paths.to_string()));
        }
        Ok(tb)
    }

    /// Add the table files of `dir` (not its subdirectories); returns how many it had. Files
    /// whose names are not table names are skipped. A table that is found twice keeps its
    /// first file.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> Result<usize, SyzygyError> {
        let dir = dir.as_ref();
        let io = |e: std::io::Error| SyzygyError::Io { path: dir.to_path_buf(), message: e.to_string() };
        let mut names: Vec<PathBuf> =
            std::fs::read_dir(dir).map_err(io)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
        names.sort();
        let mut added = 0;
        for path in names {
            let (Some(stem), Some(ext)) = (path.file_stem().and_then(|s| s.to_str()), path.extension()) else {
                continue;
            };
            let Some(kind) = ext.to_str().and_then(kind_of) else { continue };
            let Ok(material) = stem.parse::<Material>() else { continue };
            // A named pipe or a device with a table's name would block or never end the read.
            if !path.metadata().is_ok_and(|m| m.is_file()) {
                continue;
            }
            if self.insert(TableFile { path: path.clone(), material, kind, table: OnceLock::new() }) {
                added += 1;
            }
        }
        Ok(added)
    }

    /// File `file` under its material (and the mirrored one) unless a table of that material and
    /// kind is there already; whether it was filed.
    fn insert(&mut self, file: TableFile) -> bool {
        let (material, kind) = (file.material, file.kind);
        let map = match kind {
            Kind::Wdl => &mut self.wdl,
            Kind::Dtz => &mut self.dtz,
        };
        if map.contains_key(&material) {
            return false;
        }
        let file = Arc::new(file);
        map.insert(material, file.clone());
        map.entry(material.mirrored()).or_insert(file);
        if kind == Kind::Wdl {
            self.max_pieces = self.max_pieces.max(material.count());
        }
        true
    }

    /// Add one table from its bytes, for a host with no file system (a browser's `fetch`, an
    /// embedded asset): `name` is the table's file name (`KRvK.rtbw`, `KRvK.rtbz`). The data is
    /// checked now, so that a probe never meets a broken table; a table already present keeps
    /// its first source.
    ///
    /// ```
    /// use chess_core::Board;
    /// use chess_syzygy::{Tablebase, Wdl};
    ///
    /// let mut tb = Tablebase::new();
    /// let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tables/KQvK.rtbw"))?;
    /// tb.add_table("KQvK.rtbw", bytes)?;
    /// let board = Board::from_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")?;
    /// assert_eq!(tb.probe_wdl(&board)?, Wdl::Win);
    /// assert!(tb.add_table("notes.txt", vec![1, 2, 3]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_table(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), SyzygyError> {
        let refuse = |why| SyzygyError::NotATable { name: chess_core::excerpt(name).into_owned(), why };
        let (stem, kind) = name
            .rsplit_once('.')
            .and_then(|(stem, ext)| Some((stem, kind_of(ext)?)))
            .ok_or_else(|| refuse("no .rtbw or .rtbz extension"))?;
        let material = stem.parse::<Material>().map_err(|_| refuse("the name is not a material (KRvK)"))?;
        let table = Table::read(bytes, material, kind).map_err(|Corrupt| refuse("the data is not that table"))?;
        self.insert(TableFile { path: PathBuf::from(name), material, kind, table: OnceLock::from(Ok(table)) });
        Ok(())
    }

    /// The most pieces (kings included) of any WDL table: positions with more are not probed.
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// Whether `board` can be probed: no castling rights and at most [`max_pieces`](Self::max_pieces)
    /// pieces. Its tables may still be missing.
    pub fn covers(&self, board: &Board) -> bool {
        board.castling_rights().is_empty() && board.occupied().len() as usize <= self.max_pieces
    }

    /// Win, draw or loss for the side to move, with best play, counting the fifty-move rule
    /// from zero (as after a capture or pawn move).
    pub fn probe_wdl(&self, board: &Board) -> Result<Wdl, ProbeError> {
        self.check(board)?;
        let (mut v, _) = self.probe_ab(board, -2, 2)?;
        if let Some((best_ep, only_ep)) = self.best_en_passant(board)? {
            // A losing en-passant capture counts only when it is the only legal move.
            if best_ep >= v || (v == 0 && only_ep) {
                v = best_ep;
            }
        }
        Wdl::from_i8(v)
    }

    /// The distance to zeroing (DTZ50''): plies to the next capture, pawn move or mate with
    /// best play, signed for the side to move (positive wins, negative loses, 0 draws). A value
    /// above 100 (or below −100) is a win (or loss) that the fifty-move rule turns into a draw;
    /// 1 means the side to move wins by zeroing (or mating) now. As in the tables themselves,
    /// a value can be one ply more than the true distance.
    pub fn probe_dtz(&self, board: &Board) -> Result<i32, ProbeError> {
        self.check(board)?;
        self.dtz_at(board, 0)
    }

    /// [`probe_dtz`](Self::probe_dtz) `lookahead` moves into a look-ahead for a side to move
    /// that a table does not store (one move is always enough; a damaged table's flags could
    /// ask for more).
    fn dtz_at(&self, board: &Board, lookahead: usize) -> Result<i32, ProbeError> {
        let mut v = self.probe_dtz_no_ep(board, lookahead)?;
        if let Some((best_ep, only_ep)) = self.best_en_passant(board)? {
            let ep = dtz_before_zeroing(best_ep);
            let better = match v {
                v if v < -100 => ep >= 0,
                v if v < 0 => !(-100..0).contains(&ep),
                v if v > 100 => ep > 0,
                v if v > 0 => ep == 1,
                _ => ep >= 0 || only_ep,
            };
            if better {
                v = ep;
            }
        }
        Ok(v)
    }

    /// Every legal move of `board` with what the tables say of it, best first: the moves that
    /// keep the best result reachable come first (rank), then the quickest way to zero among
    /// them (or the slowest, when losing). `board.halfmove_clock()` counts for the fifty-move
    /// rule.
    pub fn root_moves(&self, board: &Board) -> Result<Vec<RootMove>, ProbeError> {
        self.check(board)?;
        let clock = i32::from(board.halfmove_clock());
        let mut moves = Vec::new();
        for mv in board.legal_moves() {
            let child = after(board, mv);
            let dtz = if !child.has_legal_moves() && child.in_check() {
                1
            } else if child.halfmove_clock() == 0 {
                dtz_before_zeroing(-self.probe_wdl(&child)?.value())
            } else {
                match -self.probe_dtz(&child)? {
                    d if d > 0 => d + 1,
                    d if d < 0 => d - 1,
                    _ => 0,
                }
            };
            let rank = match dtz {
                d if d > 0 && d + clock <= 99 => MAX_RANK,
                d if d > 0 => MAX_RANK - (d + clock),
                d if d < 0 && -2 * d + clock < 100 => -MAX_RANK,
                d if d < 0 => -MAX_RANK + (-d + clock),
                _ => 0,
            };
            let wdl = match rank {
                MAX_RANK => Wdl::Win,
                r if r > 0 => Wdl::CursedWin,
                r if r == -MAX_RANK => Wdl::Loss,
                r if r < 0 => Wdl::BlessedLoss,
                _ => Wdl::Draw,
            };
            moves.push(RootMove { mv, wdl, dtz, rank });
        }
        // Best rank first; among wins the shortest distance, among losses the longest.
        moves.sort_by_key(|m| (std::cmp::Reverse(m.rank), if m.dtz > 0 { m.dtz } else { -m.dtz.abs() }));
        Ok(moves)
    }

    /// En passant is not in the tables: the best WDL value among the en-passant captures, and
    /// whether they are the only legal moves; `None` without one.
    fn best_en_passant(&self, board: &Board) -> Result<Option<(i8, bool)>, ProbeError> {
        if board.en_passant().is_none() {
            return Ok(None);
        }
        let moves = board.legal_moves();
        let mut best = None;
        for &mv in moves.iter().filter(|&&m| board.is_en_passant(m)) {
            let (child, _) = self.probe_ab(&after(board, mv), -2, 2)?;
            best = best.max(Some(-child));
        }
        Ok(best.map(|v| (v, moves.iter().all(|&m| board.is_en_passant(m)))))
    }

    fn check(&self, board: &Board) -> Result<(), ProbeError> {
        if !board.castling_rights().is_empty() {
            return Err(ProbeError::CastlingRights);
        }
        let pieces = board.occupied().len() as usize;
        if pieces > self.max_pieces.max(2) {
            return Err(ProbeError::TooManyPieces { pieces, max: self.max_pieces });
        }
        Ok(())
    }

    /// The WDL table's value, −2..=2; KvK is a draw without a table.
    fn table_wdl(&self, board: &Board) -> Result<i8, ProbeError> {
        let material = Material::of(board);
        if material.count() == 2 {
            return Ok(0);
        }
        let file = self.wdl.get(&material).ok_or(ProbeError::MissingTable(material))?;
        let table = file.get()?;
        let value = table.value(board).map_err(|Corrupt| ProbeError::Corrupt(file.path.clone()))?;
        match value {
            Some(v @ 0..=4) => Ok(v as i8 - 2),
            _ => Err(ProbeError::Corrupt(file.path.clone())),
        }
    }

    /// Alpha-beta over captures (en passant aside), then the table: the value and whether it
    /// comes from a capture (the best move zeroes).
    fn probe_ab(&self, board: &Board, mut alpha: i8, beta: i8) -> Result<(i8, bool), ProbeError> {
        let them = board.colored(!board.side_to_move());
        for mv in board.noisy_moves() {
            if !them.has(mv.to()) {
                continue;
            }
            let (v, _) = self.probe_ab(&after(board, mv), -beta, -alpha)?;
            let v = -v;
            if v > alpha {
                if v >= beta {
                    return Ok((v, true));
                }
                alpha = v;
            }
        }
        let v = self.table_wdl(board)?;
        if alpha >= v {
            Ok((alpha, alpha > 0))
        } else {
            Ok((v, false))
        }
    }

    fn probe_dtz_no_ep(&self, board: &Board, lookahead: usize) -> Result<i32, ProbeError> {
        let (wdl, capture_wins) = self.probe_ab(board, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if capture_wins {
            return Ok(dtz_before_zeroing(wdl));
        }
        let moves = board.legal_moves();
        let is_pawn = |mv: Move| board.role_on(mv.from()) == Some(Role::Pawn);
        let is_capture = |mv: Move| board.is_capture(mv);
        if wdl > 0 {
            // A pawn move that keeps the win zeroes at once.
            for &mv in moves.iter().filter(|&&m| is_pawn(m) && !is_capture(m)) {
                if -self.probe_wdl(&after(board, mv))?.value() == wdl {
                    return Ok(if wdl == 2 { 1 } else { 101 });
                }
            }
        }
        let material = Material::of(board);
        let file = self.dtz.get(&material).ok_or(ProbeError::MissingTable(material))?;
        let table = file.get()?;
        let stored = table.distance(board, wdl).map_err(|Corrupt| ProbeError::Corrupt(file.path.clone()))?;
        if let Some(d) = stored {
            let d = d as i32;
            return Ok(dtz_before_zeroing(wdl) + if wdl > 0 { d } else { -d });
        }

        // This side to move is not stored: one move ahead.
        if lookahead > 0 {
            return Err(ProbeError::Corrupt(file.path.clone()));
        }
        if wdl > 0 {
            let mut best = i32::MAX;
            for &mv in moves.iter().filter(|&&m| !is_pawn(m) && !is_capture(m)) {
                let child = after(board, mv);
                let v = -self.dtz_at(&child, lookahead + 1)?;
                if v == 1 && child.in_check() && !child.has_legal_moves() {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for &mv in moves.iter() {
                let child = after(board, mv);
                let v = if child.halfmove_clock() == 0 {
                    if wdl == -2 {
                        -1
                    } else {
                        let (v, _) = self.probe_ab(&child, 1, 2)?;
                        if v == 2 {
                            0
                        } else {
                            -101
                        }
                    }
                } else {
                    -self.dtz_at(&child, lookahead + 1)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }
}

/// The board after a legal move.
fn after(board: &Board, mv: Move) -> Board {
    let mut child = *board;
    child.play_unchecked(mv);
    child
}

/// The DTZ of a position whose best move zeroes: 1 (or 101 for a cursed win), −1 (or −101).
fn dtz_before_zeroing(wdl: i8) -> i32 {
    i32::from(wdl.signum()) * if wdl.abs() == 2 { 1 } else { 101 }
}
