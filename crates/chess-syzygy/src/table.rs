//! One table file: its header, its compressed values, and the value of a position.
//!
//! The layout, as the format's generator writes it: four magic bytes; a flags byte (bit 0:
//! both sides to move are stored, bit 1: the table has pawns and four files); for each file the
//! order of the pieces for each side; then for each file and side the description of its
//! compression (symbol lengths and pairs of a Huffman-coded, pair-substituted stream), and after
//! all of those the index tables, the block sizes and the 64-byte aligned blocks of data.
//! A DTZ table stores one side to move and, for most tables, a map from stored values to
//! distances.
//!
//! Every read is checked: a truncated or damaged file gives [`Corrupt`], never a panic.

use chess_core::{Board, Color, Role, Square};

use crate::index::{
    encode_pawn, encode_piece, group_factor, pawn_factor, pawn_file_class, PieceEncoding, FLAP, MAX_PIECES,
};
use crate::material::Material;

/// A table file that does not read as the format says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corrupt;

type Read<T> = Result<T, Corrupt>;

/// Which of the two kinds of table a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `.rtbw`: win, draw or loss, for both sides to move.
    Wdl,
    /// `.rtbz`: distance to the next capture or pawn move, for one side to move.
    Dtz,
}

impl Kind {
    const fn magic(self) -> [u8; 4] {
        match self {
            Kind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            Kind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

/// The table's bytes, read with bounds checks.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&self, at: usize) -> Read<u8> {
        self.0.get(at).copied().ok_or(Corrupt)
    }

    fn array<const N: usize>(&self, at: usize) -> Read<[u8; N]> {
        let end = at.checked_add(N).ok_or(Corrupt)?;
        let slice = self.0.get(at..end).ok_or(Corrupt)?;
        Ok(slice.try_into().unwrap_or([0; N]))
    }

    fn u16(&self, at: usize) -> Read<u16> {
        self.array(at).map(u16::from_le_bytes)
    }

    fn u32(&self, at: usize) -> Read<u32> {
        self.array(at).map(u32::from_le_bytes)
    }

    fn u32_be(&self, at: usize) -> Read<u32> {
        self.array(at).map(u32::from_be_bytes)
    }

    fn u64_be(&self, at: usize) -> Read<u64> {
        self.array(at).map(u64::from_be_bytes)
    }
}

/// How the values of one file and side are compressed.
#[derive(Debug)]
enum Pairs {
    /// Every position has this value.
    Constant(u16),
    Huffman(Box<Huffman>),
}

#[derive(Debug)]
struct Huffman {
    /// Values in a block are `2^block_size` bytes.
    block_size: u32,
    /// Every `2^index_bits` positions, the index table says in which block they start.
    index_bits: u32,
    min_len: u32,
    /// The smallest code of each length (`min_len..`), left-aligned in 64 bits.
    base: Vec<u64>,
    /// How many values each symbol stands for, less one.
    sym_len: Vec<u32>,
    /// Offsets in the file: the first symbol of each code length, the symbols' pairs, the index
    /// table, the block sizes and the data.
    lowest_sym: usize,
    sym_pat: usize,
    index_table: usize,
    size_table: usize,
    data: usize,
}

/// The part of a header read by [`Pairs::read`], and the sizes of the parts it describes.
struct PairsHeader {
    pairs: Pairs,
    flags: u8,
    next: usize,
    /// The index table, the size table and the data, in bytes.
    sizes: [usize; 3],
}

impl Pairs {
    fn read(bytes: &Bytes, at: usize, positions: u64, kind: Kind) -> Read<PairsHeader> {
        let flags = bytes.u8(at)?;
        if flags & 0x80 != 0 {
            let value = match kind {
                Kind::Wdl => u16::from(bytes.u8(at + 1)?),
                Kind::Dtz => 0,
            };
            return Ok(PairsHeader { pairs: Pairs::Constant(value), flags, next: at + 2, sizes: [0; 3] });
        }
        let block_size = u32::from(bytes.u8(at + 1)?);
        let index_bits = u32::from(bytes.u8(at + 2)?);
        let real_blocks = bytes.u32(at + 4)? as usize;
        let blocks = real_blocks + usize::from(bytes.u8(at + 3)?);
        let max_len = u32::from(bytes.u8(at + 8)?);
        let min_len = u32::from(bytes.u8(at + 9)?);
        if block_size > 32 || !(1..=32).contains(&index_bits) || min_len == 0 || max_len < min_len || max_len > 64 {
            return Err(Corrupt);
        }
        let h = (max_len - min_len + 1) as usize;
        let lowest_sym = at + 10;
        let syms = bytes.u16(lowest_sym + 2 * h)? as usize;
        let sym_pat = at + 12 + 2 * h;
        let next = sym_pat + 3 * syms + (syms & 1);

        let sym_len = symbol_lengths(bytes, sym_pat, syms)?;
        // Canonical Huffman: the smallest code of each length from the first symbol of the
        // next length down (wrapping, as the format's own prober computes it).
        let mut base = vec![0u64; h];
        for i in (0..h - 1).rev() {
            let (this, next) = (bytes.u16(lowest_sym + 2 * i)?, bytes.u16(lowest_sym + 2 * i + 2)?);
            base[i] = base[i + 1].wrapping_add(u64::from(this)).wrapping_sub(u64::from(next)) / 2;
        }
        for (i, b) in base.iter_mut().enumerate() {
            *b = b.checked_shl(64 - (min_len + i as u32)).unwrap_or(0);
        }

        let indices = usize::try_from(positions.div_ceil(1 << index_bits)).map_err(|_| Corrupt)?;
        let data_size = real_blocks.checked_mul(1 << block_size).ok_or(Corrupt)?;
        let sizes = [indices.checked_mul(6).ok_or(Corrupt)?, 2 * blocks, data_size];
        let huffman = Huffman {
            block_size,
            index_bits,
            min_len,
            base,
            sym_len,
            lowest_sym,
            sym_pat,
            index_table: 0,
            size_table: 0,
            data: 0,
        };
        Ok(PairsHeader { pairs: Pairs::Huffman(Box::new(huffman)), flags, next, sizes })
    }

    /// The stored value of entry `index`.
    fn value(&self, bytes: &Bytes, index: u64, kind: Kind) -> Read<u16> {
        let d = match self {
            Pairs::Constant(v) => return Ok(*v),
            Pairs::Huffman(d) => d,
        };
        // Which block the entry is in: the index table points near it, the sizes find it.
        let main = (index >> d.index_bits) as usize;
        let mut lit = (index & ((1 << d.index_bits) - 1)) as i64 - (1i64 << (d.index_bits - 1));
        let entry = d.index_table + 6 * main;
        let mut block = bytes.u32(entry)? as usize;
        lit += i64::from(bytes.u16(entry + 4)?);
        let block_len = |block: usize| -> Read<i64> { Ok(i64::from(bytes.u16(d.size_table + 2 * block)?)) };
        while lit < 0 {
            block = block.checked_sub(1).ok_or(Corrupt)?;
            lit += block_len(block)? + 1;
        }
        while lit > block_len(block)? {
            lit -= block_len(block)? + 1;
            block += 1;
        }

        // Decode symbols until the one that covers the entry.
        let mut ptr = block.checked_mul(1 << d.block_size).and_then(|b| b.checked_add(d.data)).ok_or(Corrupt)?;
        let mut code = bytes.u64_be(ptr)?;
        ptr += 8;
        let mut bits = 0;
        let sym = loop {
            let mut l = 0;
            while code < *d.base.get(l).ok_or(Corrupt)? {
                l += 1;
            }
            let len = d.min_len + l as u32;
            let first = bytes.u16(d.lowest_sym + 2 * l)?;
            let sym = usize::from(first) + ((code - d.base[l]) >> (64 - len)) as usize;
            let covers = i64::from(*d.sym_len.get(sym).ok_or(Corrupt)?) + 1;
            if lit < covers {
                break sym;
            }
            lit -= covers;
            code = code.checked_shl(len).unwrap_or(0);
            bits += len;
            if bits >= 32 {
                bits -= 32;
                code |= u64::from(bytes.u32_be(ptr)?) << bits;
                ptr += 4;
            }
        };

        // Walk down the symbol's pairs to the single value.
        let mut sym = sym;
        for _ in 0..=d.sym_len.len() {
            if d.sym_len[sym] == 0 {
                let [a, b, _] = bytes.array::<3>(d.sym_pat + 3 * sym)?;
                return Ok(match kind {
                    Kind::Wdl => u16::from(a),
                    Kind::Dtz => (u16::from(b & 0xf) << 8) | u16::from(a),
                });
            }
            let (left, right) = pair(bytes, d.sym_pat, sym)?;
            let left_len = i64::from(*d.sym_len.get(left).ok_or(Corrupt)?) + 1;
            if lit < left_len {
                sym = left;
            } else {
                lit -= left_len;
                sym = right;
            }
            if sym >= d.sym_len.len() {
                return Err(Corrupt);
            }
        }
        Err(Corrupt)
    }

    fn set_offsets(&mut self, index_table: usize, size_table: usize, data: usize) {
        if let Pairs::Huffman(d) = self {
            d.index_table = index_table;
            d.size_table = size_table;
            d.data = data;
        }
    }
}

/// The two halves of symbol `sym` (12 bits each); the right half is `0xfff` for a value.
fn pair(bytes: &Bytes, sym_pat: usize, sym: usize) -> Read<(usize, usize)> {
    let [a, b, c] = bytes.array::<3>(sym_pat + 3 * sym)?;
    let left = (usize::from(b & 0xf) << 8) | usize::from(a);
    let right = (usize::from(c) << 4) | usize::from(b >> 4);
    Ok((left, right))
}

/// How many values each symbol stands for, less one: a pair stands for its halves' values.
fn symbol_lengths(bytes: &Bytes, sym_pat: usize, syms: usize) -> Read<Vec<u32>> {
    let mut len = vec![0u32; syms];
    let mut done = vec![false; syms];
    for s in 0..syms {
        // Depth first without recursion: a damaged file could nest pairs thousands deep.
        let mut stack = vec![s];
        while let Some(&top) = stack.last() {
            if done[top] {
                stack.pop();
                continue;
            }
            let (left, right) = pair(bytes, sym_pat, top)?;
            if right == 0xfff {
                done[top] = true;
                stack.pop();
                continue;
            }
            if left >= syms || right >= syms || stack.len() > syms {
                return Err(Corrupt);
            }
            match (done[left], done[right]) {
                (true, true) => {
                    len[top] = len[left] + len[right] + 1;
                    done[top] = true;
                    stack.pop();
                }
                (false, _) => stack.push(left),
                (_, false) => stack.push(right),
            }
        }
    }
    Ok(len)
}

/// What a DTZ table stores besides its values: which side to move it holds and how to read
/// distances out of values.
#[derive(Debug, Default)]
struct DtzInfo {
    flags: u8,
    /// Where each outcome's part of the map starts (in entries), if the table has a map.
    map: Option<[usize; 4]>,
}

/// The pieces of one file and side, in the order their squares enter the index.
#[derive(Debug)]
struct Side {
    /// The pieces as the header codes them: role 1-6 (pawn to king), plus 8 for the second colour.
    pieces: [u8; MAX_PIECES],
    /// `norm[i]`: the size of the group of identical pieces that starts at `i`.
    norm: [u8; MAX_PIECES],
    /// `factor[i]`: the weight of that group in the index.
    factor: [u64; MAX_PIECES],
    pairs: Pairs,
}

/// One table file, read into memory.
#[derive(Debug)]
pub(crate) struct Table {
    data: Vec<u8>,
    kind: Kind,
    /// The material of the table's own frame: its first colour is White.
    material: Material,
    pieces: usize,
    /// The leading pawns' count and the other side's, for a table with pawns.
    pawns: Option<(usize, usize)>,
    encoding: PieceEncoding,
    /// `files[file][side]`: one file without pawns, four with; one side in a DTZ table.
    files: Vec<Vec<Side>>,
    dtz: Vec<DtzInfo>,
    /// Where a DTZ table's map starts.
    map_base: usize,
}

/// Where a position is in a table.
struct Location {
    file: usize,
    side: usize,
    index: u64,
}

impl Table {
    /// Read a table of `material` (from its file name) and `kind` from its bytes.
    pub(crate) fn read(data: Vec<u8>, material: Material, kind: Kind) -> Read<Table> {
        if data.len() % 64 != 16 || data.get(..4) != Some(&kind.magic()[..]) {
            return Err(Corrupt);
        }
        let bytes = Bytes(&data);
        let flags = bytes.u8(4)?;
        let split = flags & 1 != 0;
        let has_pawns = material.pieces(Color::White, Role::Pawn) + material.pieces(Color::Black, Role::Pawn) > 0;
        if has_pawns != (flags & 2 != 0) {
            return Err(Corrupt);
        }
        let pieces = material.count();
        let pawns = has_pawns.then(|| {
            let (a, b) = (material.pieces(Color::White, Role::Pawn), material.pieces(Color::Black, Role::Pawn));
            let leading = if a > 0 && b > 0 { a.min(b) } else { a.max(b) };
            (leading, a + b - leading)
        });
        let unique =
            Color::ALL.iter().flat_map(|&c| Role::ALL.map(|r| material.pieces(c, r))).filter(|&n| n == 1).count();
        let encoding = if unique >= 3 { PieceEncoding::Three } else { PieceEncoding::Kings };

        let file_count = if has_pawns { 4 } else { 1 };
        let side_count = match kind {
            Kind::Wdl => 2,
            Kind::Dtz => 1,
        };
        let order_bytes = if pawns.is_some_and(|(_, other)| other > 0) { 2 } else { 1 };

        // The pieces of each file and side, with their orders.
        let mut ptr = 5;
        let mut layouts = Vec::new();
        for file in 0..file_count {
            let mut sides = Vec::new();
            for side in 0..side_count {
                let nibble = |b: u8| if side == 0 { b & 0xf } else { b >> 4 };
                let order = nibble(bytes.u8(ptr)?) as usize;
                let order2 = if order_bytes == 2 { nibble(bytes.u8(ptr + 1)?) as usize } else { 0xf };
                let mut codes = [0u8; MAX_PIECES];
                for (i, code) in codes.iter_mut().enumerate().take(pieces) {
                    *code = nibble(bytes.u8(ptr + order_bytes + i)?);
                }
                let norm = match pawns {
                    None => piece_norm(encoding, &codes[..pieces]),
                    Some((leading, other)) => pawn_norm(leading, other, &codes[..pieces]),
                };
                let (factor, positions) = match pawns {
                    None => piece_factors(encoding, &norm[..pieces], order),
                    Some(_) => pawn_factors(&norm[..pieces], order, order2, file),
                };
                sides.push((codes, norm, factor, positions));
            }
            layouts.push(sides);
            ptr += pieces + order_bytes;
        }
        ptr += ptr & 1;

        // The compression of each file and side.
        let stored = match kind {
            Kind::Wdl if split => 2,
            _ => 1,
        };
        let mut headers: Vec<Vec<PairsHeader>> = Vec::new();
        for layout in &layouts {
            let mut per_side = Vec::new();
            for side in layout.iter().take(stored) {
                let header = Pairs::read(&bytes, ptr, side.3, kind)?;
                ptr = header.next;
                per_side.push(header);
            }
            headers.push(per_side);
        }

        // A DTZ table's maps from stored values to distances.
        let mut dtz = Vec::new();
        let map_base = ptr;
        if kind == Kind::Dtz {
            for per_side in &headers {
                let flags = per_side[0].flags;
                let mut info = DtzInfo { flags, map: None };
                if flags & 2 != 0 {
                    let mut starts = [0; 4];
                    if flags & 16 == 0 {
                        for start in &mut starts {
                            *start = ptr + 1 - map_base;
                            ptr += 1 + usize::from(bytes.u8(ptr)?);
                        }
                    } else {
                        ptr += ptr & 1;
                        for start in &mut starts {
                            *start = (ptr + 2 - map_base) / 2;
                            ptr += 2 + 2 * usize::from(bytes.u16(ptr)?);
                        }
                    }
                    info.map = Some(starts);
                }
                dtz.push(info);
            }
            ptr += ptr & 1;
        }

        // Then all index tables, all size tables, and the data blocks.
        let mut offsets = vec![[0usize; 3]; headers.iter().map(Vec::len).sum()];
        for (part, align) in [(0, 1), (1, 1), (2, 64)] {
            for (offset, header) in offsets.iter_mut().zip(headers.iter().flatten()) {
                ptr = ptr.next_multiple_of(align);
                offset[part] = ptr;
                ptr = ptr.checked_add(header.sizes[part]).ok_or(Corrupt)?;
            }
        }
        if ptr > data.len() {
            return Err(Corrupt);
        }

        let mut slot = 0;
        let mut files = Vec::new();
        for (layout, per_side) in layouts.into_iter().zip(headers) {
            let mut sides = Vec::new();
            for ((pieces, norm, factor, _), header) in layout.into_iter().zip(per_side) {
                let mut pairs = header.pairs;
                let [index, size, data] = offsets[slot];
                pairs.set_offsets(index, size, data);
                slot += 1;
                sides.push(Side { pieces, norm, factor, pairs });
            }
            files.push(sides);
        }

        // The table's own frame: the colours as its header codes them.
        let mut counts = [[0u8; Role::NUM]; Color::NUM];
        for &code in &files[0][0].pieces[..pieces] {
            let role = Role::try_from_index(usize::from(code & 7).wrapping_sub(1)).ok_or(Corrupt)?;
            counts[usize::from((code >> 3) & 1)][role.index()] += 1;
        }
        let frame = Material::from_counts(counts);
        if frame != material && frame != material.mirrored() {
            return Err(Corrupt);
        }

        Ok(Table { data, kind, material: frame, pieces, pawns, encoding, files, dtz, map_base })
    }

    /// The stored value of `board`'s position (which must have this table's material): `0..=4`
    /// for loss to win in a WDL table. `None` if it is a DTZ table that does not store this side
    /// to move.
    pub(crate) fn value(&self, board: &Board) -> Read<Option<u16>> {
        let Some(at) = self.locate(board)? else { return Ok(None) };
        let side = self.files[at.file].get(at.side).ok_or(Corrupt)?;
        side.pairs.value(&Bytes(&self.data), at.index, self.kind).map(Some)
    }

    /// A DTZ table's distance for `board`, whose WDL value is `wdl` (−2..=2), in plies to the next
    /// capture or pawn move (not counting the one that zeroes, as the format stores it).
    pub(crate) fn distance(&self, board: &Board, wdl: i8) -> Read<Option<u32>> {
        let Some(at) = self.locate(board)? else { return Ok(None) };
        let bytes = Bytes(&self.data);
        let side = self.files[at.file].first().ok_or(Corrupt)?;
        let mut value = u32::from(side.pairs.value(&bytes, at.index, self.kind)?);
        let info = self.dtz.get(at.file).ok_or(Corrupt)?;
        // The map's part for each outcome: win, loss, cursed win, blessed loss.
        let part = match wdl {
            2 => 0,
            -2 => 1,
            1 => 2,
            -1 => 3,
            _ => return Ok(Some(0)),
        };
        if let Some(starts) = info.map {
            let entry = starts[part] + value as usize;
            value = if info.flags & 16 != 0 {
                u32::from(bytes.u16(self.map_base + 2 * entry)?)
            } else {
                u32::from(bytes.u8(self.map_base + entry)?)
            };
        }
        // Distances are stored halved where that loses nothing (flags 4 and 8 say they are
        // exact for wins and for losses); cursed and blessed results are always halved.
        let exact = match wdl {
            2 => info.flags & 4 != 0,
            -2 => info.flags & 8 != 0,
            _ => false,
        };
        if !exact {
            value *= 2;
        }
        Ok(Some(value))
    }

    /// The file, side and index of `board`'s position; `None` if the side to move is not stored.
    fn locate(&self, board: &Board) -> Read<Option<Location>> {
        let material = Material::of(board);
        let stm_black = board.side_to_move() == Color::Black;
        // Seen from the table's frame: swap colours (and, with pawns, ranks) when the board's
        // white pieces are the table's second colour, or in a symmetric table with Black to move.
        let (flip, side) = if self.material.is_symmetric() {
            (stm_black, 0)
        } else if material == self.material {
            (false, usize::from(stm_black))
        } else if material == self.material.mirrored() {
            (true, usize::from(!stm_black))
        } else {
            return Err(Corrupt);
        };
        let mirror = if flip && self.pawns.is_some() { 0x38 } else { 0 };
        let squares_of = |code: u8| {
            let color = if (((code >> 3) & 1) == 1) != flip { Color::Black } else { Color::White };
            let role = Role::try_from_index(usize::from(code & 7).wrapping_sub(1));
            role.map(|r| board.colored_pieces(color, r).into_iter().map(|sq: Square| sq.index() ^ mirror))
        };

        let mut pos = [0usize; MAX_PIECES];
        let n = self.pieces;
        let file = match self.pawns {
            None => 0,
            Some((leading, _)) => {
                // The leading pawns decide the file: the one with the smallest FLAP comes first.
                let lead = self.files[0][0].pieces[0];
                let mut count = 0;
                for sq in squares_of(lead).ok_or(Corrupt)? {
                    *pos.get_mut(count).ok_or(Corrupt)? = sq;
                    count += 1;
                }
                if count != leading {
                    return Err(Corrupt);
                }
                for i in 1..leading {
                    if FLAP[pos[0]] > FLAP[pos[i]] {
                        pos.swap(0, i);
                    }
                }
                pawn_file_class(pos[0])
            }
        };
        let sides = &self.files[file];
        if self.kind == Kind::Dtz && sides.len() == 1 && self.dtz.get(file).ok_or(Corrupt)?.flags & 1 != side as u8 {
            // Only the other side to move is stored (a symmetric table stores "side 0" only,
            // which is every position seen from the side to move).
            if !(self.pawns.is_none() && self.material.is_symmetric()) {
                return Ok(None);
            }
        }
        // A WDL table that stores one side only is symmetric: side 0 is every position.
        let side = side.min(sides.len().saturating_sub(1));
        let stored = sides.get(side).ok_or(Corrupt)?;
        let start = self.pawns.map_or(0, |(leading, _)| leading);
        let mut i = start;
        while i < n {
            let before = i;
            for sq in squares_of(stored.pieces[i]).ok_or(Corrupt)? {
                *pos.get_mut(i).ok_or(Corrupt)? = sq;
                i += 1;
            }
            if i == before {
                return Err(Corrupt);
            }
        }
        if i != n {
            return Err(Corrupt);
        }
        let pos = &mut pos[..n];
        let index = match self.pawns {
            None => encode_piece(self.encoding, &stored.norm[..n], &stored.factor[..n], pos),
            Some((leading, other)) => encode_pawn(&stored.norm[..n], &stored.factor[..n], pos, leading, other),
        };
        Ok(Some(Location { file, side, index }))
    }
}

/// The group sizes of a table without pawns: the encoding's first pieces, then runs of equal
/// codes.
fn piece_norm(encoding: PieceEncoding, codes: &[u8]) -> [u8; MAX_PIECES] {
    let mut norm = [0u8; MAX_PIECES];
    norm[0] = encoding.lead() as u8;
    fill_runs(&mut norm, codes, encoding.lead());
    norm
}

/// The group sizes of a table with pawns: the leading pawns, the other pawns, then runs.
fn pawn_norm(leading: usize, other: usize, codes: &[u8]) -> [u8; MAX_PIECES] {
    let mut norm = [0u8; MAX_PIECES];
    norm[0] = leading as u8;
    if other > 0 {
        norm[leading] = other as u8;
    }
    fill_runs(&mut norm, codes, leading + other);
    norm
}

fn fill_runs(norm: &mut [u8; MAX_PIECES], codes: &[u8], start: usize) {
    let mut i = start;
    while i < codes.len() {
        let run = codes[i..].iter().take_while(|&&c| c == codes[i]).count();
        norm[i] = run as u8;
        i += run;
    }
}

/// The weight of each group in a table without pawns, in the order the header gives (`order`
/// is where the leading pieces come), and the number of positions.
fn piece_factors(encoding: PieceEncoding, norm: &[u8], order: usize) -> ([u64; MAX_PIECES], u64) {
    let mut factor = [0u64; MAX_PIECES];
    let mut free = 64 - usize::from(norm[0]);
    let mut f = 1u64;
    let mut i = usize::from(norm[0]);
    let mut k = 0;
    while i < norm.len() || k == order {
        if k == order {
            factor[0] = f;
            f = f.saturating_mul(encoding.placements());
        } else {
            i = next_group(norm, &mut factor, &mut f, &mut free, i);
        }
        k += 1;
    }
    (factor, f)
}

/// The same for a table with pawns on pawn file `file`; `order2` places the other side's pawns.
fn pawn_factors(norm: &[u8], order: usize, order2: usize, file: usize) -> ([u64; MAX_PIECES], u64) {
    let mut factor = [0u64; MAX_PIECES];
    let leading = usize::from(norm[0]);
    let mut i = leading;
    if order2 < 0xf {
        i += usize::from(norm[i]);
    }
    let mut free = 64 - i;
    let mut f = 1u64;
    let mut k = 0;
    while i < norm.len() || k == order || k == order2 {
        if k == order {
            factor[0] = f;
            f = f.saturating_mul(pawn_factor(leading.max(1), file));
        } else if k == order2 {
            factor[leading] = f;
            f = f.saturating_mul(group_factor(usize::from(norm[leading]), 48 - leading));
        } else {
            i = next_group(norm, &mut factor, &mut f, &mut free, i);
        }
        k += 1;
    }
    (factor, f)
}

/// Give the group of identical pieces at `norm[i]` its weight `f`, multiply `f` by its
/// placements on the `free` squares left, and return where the next group starts.
fn next_group(norm: &[u8], factor: &mut [u64; MAX_PIECES], f: &mut u64, free: &mut usize, i: usize) -> usize {
    let group = usize::from(norm[i]).max(1);
    factor[i] = *f;
    *f = f.saturating_mul(group_factor(group, *free));
    *free = free.saturating_sub(group);
    i + group
}
