//! The training data kept in the repository (`training-data/`, issue 84): each self-play chunk
//! packed ([`crate::pack`]) under `seed-S/`, and `manifest.jsonl`, one line a chunk:
//!
//! ```text
//! {"file":"seed-8/selfplay-0000000000000008-00042.cpk","sha256":"…","bytes":24812,
//!  "csp_sha256":"…","csp_bytes":56170,"summary":{"chunk":42,"seed":8,"nodes":5000,…}}
//! ```
//!
//! `sha256` is the packed file's (check it with `sha256sum`), `csp_sha256` the chunk's it unpacks
//! to, and `summary` the line self-play wrote for the chunk, verbatim: its provenance (seed, node
//! budget, the search's signature, the evaluation) and its counts. `chess-tune pack` adds the
//! chunks of a self-play folder that the manifest does not have yet, within a size budget;
//! `chess-tune unpack` writes them back as self-play chunks (and their summary lines), checking
//! both checksums; `chess-tune unpack --check` only checks.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::pack;
use crate::selfplay::{chunk_paths, chunk_seed};

/// The manifest's file name in the data folder.
pub const MANIFEST: &str = "manifest.jsonl";
/// The largest packed chunk read back (a chunk of 100 games packs to about 25 KB).
const MAX_PACK_BYTES: u64 = 64 << 20;
/// The largest self-play chunk packed.
const MAX_CHUNK_BYTES: u64 = 256 << 20;

fn bad(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

/// The SHA-256 of `bytes` in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// One packed chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The packed file, relative to the data folder (`seed-8/selfplay-….cpk`).
    pub file: String,
    /// SHA-256 of the packed file.
    pub sha256: String,
    /// Its size.
    pub bytes: u64,
    /// SHA-256 of the self-play chunk it unpacks to.
    pub csp_sha256: String,
    /// That chunk's size.
    pub csp_bytes: u64,
    /// The chunk's line of self-play's `summary.jsonl`, verbatim.
    pub summary: String,
}

impl Entry {
    fn line(&self) -> String {
        format!(
            "{{\"file\":{:?},\"sha256\":\"{}\",\"bytes\":{},\"csp_sha256\":\"{}\",\"csp_bytes\":{},\"summary\":{}}}",
            self.file, self.sha256, self.bytes, self.csp_sha256, self.csp_bytes, self.summary
        )
    }

    fn parse(line: &str) -> Option<Entry> {
        let rest = line.strip_prefix("{\"file\":\"")?;
        let (file, rest) = rest.split_once("\",\"sha256\":\"")?;
        let (sha256, rest) = rest.split_once("\",\"bytes\":")?;
        let (bytes, rest) = rest.split_once(",\"csp_sha256\":\"")?;
        let (csp_sha256, rest) = rest.split_once("\",\"csp_bytes\":")?;
        let (csp_bytes, rest) = rest.split_once(",\"summary\":")?;
        let summary = rest.strip_suffix('}')?;
        let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
        let safe_name = !file.contains("..") && !file.starts_with('/') && file.ends_with(".cpk");
        if !(hex(sha256) && hex(csp_sha256) && safe_name && summary.starts_with('{') && summary.ends_with('}')) {
            return None;
        }
        Some(Entry {
            file: file.to_owned(),
            sha256: sha256.to_owned(),
            bytes: bytes.parse().ok()?,
            csp_sha256: csp_sha256.to_owned(),
            csp_bytes: csp_bytes.parse().ok()?,
            summary: summary.to_owned(),
        })
    }

    /// A number field of the summary (`seed`, `chunk`, `positions`, …).
    pub fn summary_number(&self, name: &str) -> Option<u64> {
        number_field(&self.summary, name)
    }

    /// The self-play chunk's file name.
    fn chunk_name(&self) -> String {
        let name = self.file.rsplit('/').next().unwrap_or(&self.file);
        format!("{}.csp", name.trim_end_matches(".cpk"))
    }
}

fn number_field(json: &str, name: &str) -> Option<u64> {
    let key = format!("\"{name}\":");
    let at = json.find(&key)? + key.len();
    let digits: String = json[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The manifest of `dir`, by file (empty when there is none yet).
pub fn read_manifest(dir: &Path) -> io::Result<BTreeMap<String, Entry>> {
    let path = dir.join(MANIFEST);
    let text = match chess_core::read_text_file(&path, MAX_PACK_BYTES) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(e),
    };
    let mut entries = BTreeMap::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let entry =
            Entry::parse(line).ok_or_else(|| bad(format!("{}:{}: not a manifest line", path.display(), i + 1)))?;
        if entries.insert(entry.file.clone(), entry).is_some() {
            return Err(bad(format!("{}:{}: a file listed twice", path.display(), i + 1)));
        }
    }
    Ok(entries)
}

fn write_manifest(dir: &Path, entries: &BTreeMap<String, Entry>) -> io::Result<()> {
    let text: String = entries.values().map(|e| e.line() + "\n").collect();
    chess_core::write_file(dir.join(MANIFEST), text.as_bytes())
}

/// Which chunks a net was trained on, for its card: the chunk numbers of each seed, and one SHA-256
/// over the chunks' own SHA-256s (hex, one a line, in the order read), which the manifest's
/// `csp_sha256` fields give again ([`DataIdentity::of_manifest`]) without unpacking anything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DataIdentity {
    chunks: BTreeMap<u64, Vec<u64>>,
    hashes: String,
}

impl DataIdentity {
    /// Count the chunk at `path` (a self-play chunk's name) with its bytes.
    pub fn add(&mut self, path: &Path, bytes: &[u8]) {
        self.add_hash(path, &sha256_hex(bytes));
    }

    fn add_hash(&mut self, path: &Path, sha256: &str) {
        let chunk =
            path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.rsplit('-').next()).and_then(|n| n.parse().ok());
        if let (Some(seed), Some(chunk)) = (chunk_seed(path), chunk) {
            self.chunks.entry(seed).or_default().push(chunk);
        }
        self.hashes.push_str(sha256);
        self.hashes.push('\n');
    }

    /// The identity of the manifest's chunks of `seeds` (all when empty), in name order: what
    /// training on their unpacked chunks gives.
    pub fn of_manifest(entries: &BTreeMap<String, Entry>, seeds: &[u64]) -> DataIdentity {
        let mut identity = DataIdentity::default();
        for entry in entries.values() {
            if seeds.is_empty() || entry.summary_number("seed").is_some_and(|s| seeds.contains(&s)) {
                identity.add_hash(Path::new(&entry.chunk_name()), &entry.csp_sha256);
            }
        }
        identity
    }

    /// `8:0-605` (seeds by `;`, runs of chunks by `,`).
    pub fn chunks(&self) -> String {
        let seed = |(seed, chunks): (&u64, &Vec<u64>)| {
            let mut sorted = chunks.clone();
            sorted.sort_unstable();
            let mut runs: Vec<(u64, u64)> = Vec::new();
            for c in sorted {
                match runs.last_mut() {
                    Some((_, end)) if *end + 1 == c => *end = c,
                    _ => runs.push((c, c)),
                }
            }
            let runs: Vec<String> =
                runs.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
            format!("{seed}:{}", runs.join(","))
        };
        self.chunks.iter().map(seed).collect::<Vec<_>>().join(";")
    }

    /// The SHA-256 over the chunks' SHA-256s.
    pub fn sha256(&self) -> String {
        sha256_hex(self.hashes.as_bytes())
    }
}

/// What to pack.
#[derive(Debug, Clone)]
pub struct PackOptions {
    /// The self-play folder (chunks and `summary.jsonl`).
    pub data: PathBuf,
    /// The repository's data folder.
    pub out: PathBuf,
    /// Only these seeds (all when empty).
    pub seeds: Vec<u64>,
    /// The most the packed files may take in all, in bytes.
    pub budget: u64,
}

/// Pack the chunks of `opts.data` that the manifest lacks, oldest seed and chunk first, until the
/// budget is reached. Returns (chunks packed now, bytes of the packed data in all).
pub fn pack_folder(opts: &PackOptions) -> io::Result<(usize, u64)> {
    let mut entries = read_manifest(&opts.out)?;
    let mut total: u64 = entries.values().map(|e| e.bytes).sum();
    let summaries = chess_core::read_text_file(opts.data.join("summary.jsonl"), MAX_CHUNK_BYTES)?;
    let mut packed = 0;
    for path in chunk_paths(&opts.data)? {
        let Some(seed) = chunk_seed(&path) else { continue };
        if !opts.seeds.is_empty() && !opts.seeds.contains(&seed) {
            continue;
        }
        let stem = path.file_stem().and_then(|s| s.to_str()).ok_or_else(|| bad("a chunk name that is not text"))?;
        let file = format!("seed-{seed}/{stem}.cpk");
        if entries.contains_key(&file) {
            continue;
        }
        let chunk: u64 = stem
            .rsplit('-')
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| bad(format!("{stem}: no chunk number")))?;
        let summary = summaries
            .lines()
            .rev()
            .find(|l| number_field(l, "seed") == Some(seed) && number_field(l, "chunk") == Some(chunk))
            .ok_or_else(|| bad(format!("{stem}: no line in summary.jsonl (its provenance)")))?;
        let csp = chess_core::read_file(&path, MAX_CHUNK_BYTES)?;
        let bytes = pack::pack(&csp).map_err(|e| bad(format!("{}: {e}", path.display())))?;
        if total + bytes.len() as u64 > opts.budget {
            eprintln!("budget reached: {total} bytes packed, {stem} would pass {} bytes", opts.budget);
            break;
        }
        let target = opts.out.join(&file);
        fs::create_dir_all(target.parent().expect("a seed folder"))?;
        chess_core::write_file(&target, &bytes)?;
        total += bytes.len() as u64;
        entries.insert(
            file.clone(),
            Entry {
                file,
                sha256: sha256_hex(&bytes),
                bytes: bytes.len() as u64,
                csp_sha256: sha256_hex(&csp),
                csp_bytes: csp.len() as u64,
                summary: summary.to_owned(),
            },
        );
        packed += 1;
        // The manifest after every chunk: a stopped run leaves no packed file unlisted.
        write_manifest(&opts.out, &entries)?;
    }
    Ok((packed, total))
}

/// What to unpack.
#[derive(Debug, Clone)]
pub struct UnpackOptions {
    /// The repository's data folder.
    pub from: PathBuf,
    /// The self-play folder to write to (`None`: check only).
    pub out: Option<PathBuf>,
    /// Only these seeds (all when empty).
    pub seeds: Vec<u64>,
}

/// What [`unpack_folder`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnpackReport {
    /// Chunks checked (both checksums).
    pub checked: usize,
    /// Chunks written.
    pub written: usize,
    /// Positions in the chunks checked.
    pub positions: u64,
}

/// Check every packed chunk of the manifest (of the seeds asked) and, with an output folder, write
/// the missing ones there as self-play chunks with their summary lines. A chunk already there with
/// other bytes is an error (it is left as it is).
pub fn unpack_folder(opts: &UnpackOptions) -> io::Result<UnpackReport> {
    let entries = read_manifest(&opts.from)?;
    if entries.is_empty() {
        return Err(bad(format!("{}: no {MANIFEST}, or an empty one", opts.from.display())));
    }
    let mut report = UnpackReport::default();
    let mut new_summaries = Vec::new();
    for entry in entries.values() {
        let seed =
            entry.summary_number("seed").ok_or_else(|| bad(format!("{}: no seed in its summary", entry.file)))?;
        if !opts.seeds.is_empty() && !opts.seeds.contains(&seed) {
            continue;
        }
        let packed = chess_core::read_file(opts.from.join(&entry.file), MAX_PACK_BYTES)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", entry.file)))?;
        if sha256_hex(&packed) != entry.sha256 {
            return Err(bad(format!("{}: its SHA-256 is not the manifest's", entry.file)));
        }
        let csp = pack::unpack(&packed).map_err(|e| bad(format!("{}: {e}", entry.file)))?;
        if sha256_hex(&csp) != entry.csp_sha256 {
            return Err(bad(format!("{}: unpacks to other bytes than the chunk it was made from", entry.file)));
        }
        report.checked += 1;
        report.positions += entry.summary_number("positions").unwrap_or(0);
        let Some(out) = &opts.out else { continue };
        let target = out.join(entry.chunk_name());
        match chess_core::read_file(&target, MAX_CHUNK_BYTES) {
            Ok(existing) if existing == csp => continue,
            Ok(_) => return Err(bad(format!("{}: already there with other bytes; left as it is", target.display()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        fs::create_dir_all(out)?;
        chess_core::write_file(&target, &csp)?;
        new_summaries.push(entry.summary.clone());
        report.written += 1;
    }
    if let (Some(out), false) = (&opts.out, new_summaries.is_empty()) {
        let path = out.join("summary.jsonl");
        let mut text = match chess_core::read_text_file(&path, MAX_CHUNK_BYTES) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e),
        };
        for line in new_summaries {
            if !text.lines().any(|l| l == line) {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&line);
                text.push('\n');
            }
        }
        chess_core::write_file(&path, text.as_bytes())?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::{self, SelfplayOptions};

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("chess-tune-td-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn manifest_lines_read_back_and_hostile_ones_are_refused() {
        let entry = Entry {
            file: "seed-8/selfplay-0000000000000008-00042.cpk".into(),
            sha256: "a".repeat(64),
            bytes: 24_812,
            csp_sha256: "b".repeat(64),
            csp_bytes: 56_170,
            summary: "{\"chunk\":42,\"seed\":8,\"positions\":11352}".into(),
        };
        assert_eq!(Entry::parse(&entry.line()), Some(entry.clone()));
        assert_eq!((entry.summary_number("seed"), entry.summary_number("chunk")), (Some(8), Some(42)));
        assert_eq!(entry.chunk_name(), "selfplay-0000000000000008-00042.csp");
        for hostile in [
            entry.line().replace("seed-8/", "../../"),
            entry.line().replace(&"a".repeat(64), "zz"),
            entry.line().replace("\"bytes\":24812", "\"bytes\":-1"),
            String::from("{}"),
        ] {
            assert_eq!(Entry::parse(&hostile), None, "{hostile}");
        }
    }

    #[test]
    fn a_folder_packs_within_its_budget_and_unpacks_to_the_same_chunks() {
        let (data, repo, back) = (dir("data"), dir("repo"), dir("back"));
        let opts = SelfplayOptions {
            dir: data.clone(),
            chunks: 3,
            games_per_chunk: 2,
            nodes: 300,
            threads: 1,
            seed: 11,
            net: None,
            shard: (1, 1),
        };
        selfplay::run(&opts).unwrap();
        // A budget for about two chunks.
        let one = pack::pack(&fs::read(selfplay::chunk_path(&data, 11, 0)).unwrap()).unwrap().len() as u64;
        let mut pack_opts = PackOptions { data: data.clone(), out: repo.clone(), seeds: vec![], budget: one * 5 / 2 };
        let (packed, _) = pack_folder(&pack_opts).unwrap();
        assert_eq!(packed, 2, "the third chunk is over the budget");
        pack_opts.budget = u64::MAX;
        assert_eq!(pack_folder(&pack_opts).unwrap().0, 1, "the rest, once there is room");
        assert_eq!(pack_folder(&pack_opts).unwrap().0, 0, "nothing twice");
        assert_eq!(read_manifest(&repo).unwrap().len(), 3);

        let report =
            unpack_folder(&UnpackOptions { from: repo.clone(), out: Some(back.clone()), seeds: vec![] }).unwrap();
        assert_eq!((report.checked, report.written), (3, 3));
        for i in 0..3 {
            assert_eq!(
                fs::read(selfplay::chunk_path(&back, 11, i)).unwrap(),
                fs::read(selfplay::chunk_path(&data, 11, i)).unwrap()
            );
        }
        assert_eq!(
            fs::read_to_string(back.join("summary.jsonl")).unwrap(),
            fs::read_to_string(data.join("summary.jsonl")).unwrap()
        );
        // Again: nothing written, every chunk checked.
        let again =
            unpack_folder(&UnpackOptions { from: repo.clone(), out: Some(back.clone()), seeds: vec![] }).unwrap();
        assert_eq!((again.checked, again.written), (3, 0));

        // A packed file changed by one byte is found by its checksum.
        let manifest = read_manifest(&repo).unwrap();
        let first = repo.join(&manifest.values().next().unwrap().file);
        let mut bytes = fs::read(&first).unwrap();
        bytes[20] ^= 1;
        fs::write(&first, bytes).unwrap();
        let err = unpack_folder(&UnpackOptions { from: repo.clone(), out: None, seeds: vec![] }).unwrap_err();
        assert!(err.to_string().contains("SHA-256"), "{err}");
        for d in [data, repo, back] {
            fs::remove_dir_all(d).unwrap();
        }
    }

    #[test]
    fn a_data_identity_names_chunks_by_seed_and_runs() {
        let mut id = DataIdentity::default();
        for (seed, chunk) in [(8u64, 0), (8, 1), (8, 2), (8, 5), (9, 7)] {
            id.add(&selfplay::chunk_path(Path::new("d"), seed, chunk), &[seed as u8, chunk as u8]);
        }
        assert_eq!(id.chunks(), "8:0-2,5;9:7");
        let mut again = DataIdentity::default();
        again.add(&selfplay::chunk_path(Path::new("d"), 8, 0), &[8, 0]);
        assert_ne!(again.sha256(), id.sha256());
    }

    /// The data committed in the repository: every packed file has the manifest's checksum, and a
    /// few chunks of each seed unpack to the chunk they were made from (`chess-tune unpack --check`
    /// checks them all).
    #[test]
    fn the_committed_training_data_is_whole() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../training-data");
        let entries = read_manifest(&repo).unwrap();
        if entries.is_empty() {
            eprintln!("no committed training data: nothing to check");
            return;
        }
        let mut seen_seeds = std::collections::BTreeSet::new();
        for entry in entries.values() {
            let packed = fs::read(repo.join(&entry.file)).unwrap_or_else(|e| panic!("{}: {e}", entry.file));
            assert_eq!(packed.len() as u64, entry.bytes, "{}", entry.file);
            assert_eq!(sha256_hex(&packed), entry.sha256, "{}", entry.file);
            let seed = entry.summary_number("seed").unwrap();
            let chunk = entry.summary_number("chunk").unwrap();
            if seen_seeds.insert(seed) || chunk % 97 == 0 {
                let csp = pack::unpack(&packed).unwrap();
                assert_eq!(sha256_hex(&csp), entry.csp_sha256, "{}", entry.file);
            }
        }
    }
}
