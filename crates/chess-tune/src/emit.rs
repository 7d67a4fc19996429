//! Writes a weight vector back as `crates/chess-eval/src/weights_tuned.rs`, the data that the
//! hand-written `weights.rs` includes.
//!
//! The file is generated: the tuner rewrites it whole, in the same layout, so a tuning run shows
//! up as a diff of numbers. `weights_are_generated` (below) checks that the committed file is
//! exactly what this module writes for the compiled-in weights.

use std::fmt::Write;

use chess_core::Role;
use chess_eval::layout::Param;
use chess_eval::S;

const HEADER: &str = "\
// The tuned evaluation weights, written by `chess-tune tune` (Texel tuning on positions from
// self-play; docs/evaluation.md): rerun the tuner rather than editing numbers by hand. Included
// by `weights.rs`, which holds the hand-written rest (phases, the piece-square table builder, the
// king-danger curve). `S(mg, eg)`: middlegame and endgame values in centipawns.
";

fn table(w: &[S], p: Param) -> &[S] {
    &w[p.offset()..p.offset() + p.len()]
}

fn s(v: S) -> String {
    format!("S({}, {})", v.0, v.1)
}

/// `[S(..), ...]` on one line.
fn inline(values: &[S]) -> String {
    let items: Vec<String> = values.iter().map(|&v| s(v)).collect();
    format!("[{}]", items.join(", "))
}

/// `[` then `per_line` values a line, then `]`.
fn block(values: &[S], per_line: usize) -> String {
    let mut out = String::from("[\n");
    for chunk in values.chunks(per_line) {
        let items: Vec<String> = chunk.iter().map(|&v| s(v)).collect();
        writeln!(out, "    {},", items.join(", ")).unwrap();
    }
    out.push(']');
    out
}

fn pst_half(out: &mut String, name: &str, values: &[S], mg: bool) {
    writeln!(out, "#[rustfmt::skip]\nconst {name}_{}: [i32; 64] = [", if mg { "MG" } else { "EG" }).unwrap();
    for row in 0..8 {
        let items: Vec<String> = (0..8)
            .map(|col| {
                let v = values[(row * 8 + col) ^ 56];
                format!("{:>3}", if mg { v.0 } else { v.1 })
            })
            .collect();
        writeln!(out, "    {},", items.join(", ")).unwrap();
    }
    out.push_str("];\n");
}

fn single(out: &mut String, doc: &str, w: &[S], p: Param) {
    writeln!(out, "{doc}\npub const {}: S = {};", p.name(), s(table(w, p)[0])).unwrap();
}

fn array(out: &mut String, doc: &str, w: &[S], p: Param, per_line: Option<usize>) {
    let values = table(w, p);
    let body = match per_line {
        None => inline(values),
        Some(n) => block(values, n),
    };
    let skip = if per_line.is_some() { "#[rustfmt::skip]\n" } else { "" };
    writeln!(out, "{doc}\n{skip}pub const {}: [S; {}] = {body};", p.name(), values.len()).unwrap();
}

/// The source of `weights_tuned.rs` for the flat weight vector `w` (in [`Param::ALL`] order).
pub fn weights_tuned_rs(w: &[S]) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    array(&mut out, "/// Material, by role (pawn, knight, bishop, rook, queen, king).", w, Param::Material, None);
    out.push('\n');
    for p in Role::ALL.map(Param::pst) {
        pst_half(&mut out, p.name(), table(w, p), true);
        pst_half(&mut out, p.name(), table(w, p), false);
    }
    out.push_str("\n// Pawn structure.\n");
    single(&mut out, "/// Each extra pawn on a file.", w, Param::Doubled);
    single(&mut out, "/// A pawn with no friendly pawn on the adjacent files.", w, Param::Isolated);
    single(
        &mut out,
        "/// A pawn whose stop square is attacked by an enemy pawn and that no friendly pawn can support.",
        w,
        Param::Backward,
    );
    array(&mut out, "/// A passed pawn, by its relative rank (index 0 = rank 1).", w, Param::Passed, Some(8));
    array(
        &mut out,
        "/// Extra for a passed pawn whose stop square is empty, by relative rank.",
        w,
        Param::PassedFree,
        Some(8),
    );
    array(
        &mut out,
        "/// Extra for a passed pawn defended by a friendly pawn, by relative rank.",
        w,
        Param::PassedSupported,
        Some(8),
    );
    single(&mut out, "/// A pawn defended by a friendly pawn or standing beside one (a phalanx).", w, Param::Connected);
    out.push_str("\n// Pieces.\n");
    single(&mut out, "/// Having both bishops.", w, Param::BishopPair);
    single(&mut out, "/// A rook on a file with no pawns.", w, Param::RookOpenFile);
    single(&mut out, "/// A rook on a file with enemy pawns only.", w, Param::RookHalfOpenFile);
    single(&mut out, "/// For the side to move.", w, Param::Tempo);
    out.push('\n');
    array(
        &mut out,
        "/// Knight mobility by number of safe squares (not own pieces, not attacked by enemy pawns), 0..=8.",
        w,
        Param::KnightMobility,
        Some(8),
    );
    array(&mut out, "/// Bishop mobility, 0..=13 squares.", w, Param::BishopMobility, Some(8));
    array(&mut out, "/// Rook mobility, 0..=14 squares.", w, Param::RookMobility, Some(8));
    array(&mut out, "/// Queen mobility, 0..=27 squares.", w, Param::QueenMobility, Some(8));
    out.push_str("\n// King safety.\n");
    array(
        &mut out,
        "/// Each own pawn directly in front of the king (on the king's file and the two beside it), by\n\
         /// distance: one rank ahead, two ranks ahead.",
        w,
        Param::Shield,
        None,
    );
    single(&mut out, "/// A file next to (or at) the king with no own pawn.", w, Param::KingOpenFile);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed weights file is exactly what the tuner writes for the compiled-in weights,
    /// so a tuning run rewrites numbers and nothing else.
    #[test]
    fn weights_are_generated() {
        let committed = include_str!("../../chess-eval/src/weights_tuned.rs");
        let written = weights_tuned_rs(&chess_eval::layout::weights());
        if committed != written {
            for (i, (a, b)) in committed.lines().zip(written.lines()).enumerate() {
                assert_eq!(a, b, "line {}", i + 1);
            }
            assert_eq!(committed.lines().count(), written.lines().count());
        }
    }
}
