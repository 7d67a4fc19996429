//! Texel tuning: fit the evaluation weights to the results of the games the positions came from.
//!
//! The evaluation of a position is linear in the weights ([`chess_eval::tuning`]), so each
//! position is turned once into its list of coefficients and the error
//!
//! ```text
//! E(w) = mean over positions of (target - sigmoid(K · eval_w(position)))²
//! ```
//!
//! is minimised by full-batch gradient descent (Adam). `target` is the game result (1, ½, 0 from
//! white's side), optionally blended with the search score seen in the game (`lambda` = 1 is the
//! result alone). `K` is first fitted so that the current weights predict the results as well as
//! they can. Positions of one game in ten are held out; the weights with the lowest error on those
//! are the answer, so that the tuner stops before it learns the training games by heart.

use chess_core::{Board, Role};
use chess_eval::layout::{weights, Param, NUM_WEIGHTS};
use chess_eval::weights::MAX_PHASE;
use chess_eval::{Classical, S};

/// One training position.
struct Position {
    /// Range in [`Data::coefs`].
    start: u32,
    len: u16,
    phase: u8,
    validation: bool,
    fixed: [f64; 2],
    target: f64,
}

/// Positions as coefficient lists.
pub struct Data {
    positions: Vec<Position>,
    coefs: Vec<(u16, i16)>,
    /// Game results (for fitting K) and search scores, kept for the targets.
    results: Vec<f64>,
    scores: Vec<f64>,
}

/// How to tune.
#[derive(Debug, Clone)]
pub struct TuneOptions {
    /// Maximum passes of gradient descent.
    pub iterations: usize,
    /// Adam step size, in centipawns.
    pub rate: f64,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Pull of each weight towards its current value (L2, per weight and position).
    pub regularisation: f64,
    /// Weights used by fewer training positions than this stay as they are: too little data
    /// to estimate them.
    pub min_count: usize,
    /// Worker threads for the gradient.
    pub threads: usize,
}

/// Reads `FEN;result;score;game` lines.
pub fn load(text: &str) -> Result<Data, String> {
    let eval = Classical::default();
    let mut data = Data { positions: Vec::new(), coefs: Vec::new(), results: Vec::new(), scores: Vec::new() };
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').collect();
        let bad = |what: &str| format!("line {}: {what}: {line}", n + 1);
        if fields.len() != 4 {
            return Err(bad("expected FEN;result;score;game"));
        }
        let board: Board = fields[0].parse().map_err(|e| bad(&format!("{e}")))?;
        let result: f64 = fields[1].parse().map_err(|_| bad("result"))?;
        let score: f64 = fields[2].parse().map_err(|_| bad("score"))?;
        let game: u64 = fields[3].parse().map_err(|_| bad("game"))?;
        let c = eval.coefficients(&board);
        data.positions.push(Position {
            start: data.coefs.len() as u32,
            len: c.entries.len() as u16,
            phase: c.phase as u8,
            validation: game % 10 == 0,
            fixed: [c.fixed.0 as f64, c.fixed.1 as f64],
            target: result,
        });
        data.coefs.extend(c.entries.iter().map(|&(i, k)| (i as u16, k as i16)));
        data.results.push(result);
        data.scores.push(score);
    }
    Ok(data)
}

impl Data {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The coefficients of position `p`.
    fn coefs_of(&self, p: &Position) -> &[(u16, i16)] {
        &self.coefs[p.start as usize..p.start as usize + p.len as usize]
    }

    /// The evaluation of `p` with weights `w`, from white's side (the blend of the evaluator).
    fn eval(&self, p: &Position, w: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (p.fixed[0], p.fixed[1]);
        for &(i, k) in self.coefs_of(p) {
            mg += w[i as usize][0] * k as f64;
            eg += w[i as usize][1] * k as f64;
        }
        let phase = p.phase as f64 / MAX_PHASE as f64;
        mg * phase + eg * (1.0 - phase)
    }

    /// Mean squared error on the training (or validation) positions.
    fn error(&self, w: &[[f64; 2]], k: f64, validation: bool) -> f64 {
        let (mut sum, mut n) = (0.0, 0usize);
        for p in self.positions.iter().filter(|p| p.validation == validation) {
            let e = p.target - sigmoid(k * self.eval(p, w));
            sum += e * e;
            n += 1;
        }
        sum / n.max(1) as f64
    }

    /// Gradient of the training error over `positions`.
    fn gradient(&self, positions: &[Position], w: &[[f64; 2]], k: f64) -> (Vec<[f64; 2]>, usize) {
        let mut g = vec![[0.0; 2]; w.len()];
        let mut n = 0;
        for p in positions.iter().filter(|p| !p.validation) {
            let s = sigmoid(k * self.eval(p, w));
            let d = -2.0 * (p.target - s) * s * (1.0 - s) * k;
            let phase = p.phase as f64 / MAX_PHASE as f64;
            let (dm, de) = (d * phase, d * (1.0 - phase));
            for &(i, c) in self.coefs_of(p) {
                g[i as usize][0] += dm * c as f64;
                g[i as usize][1] += de * c as f64;
            }
            n += 1;
        }
        (g, n)
    }
}

/// Piece values live in `MATERIAL`, not in the tables added to it.
///
/// Every piece has exactly one piece-square weight and (when mobility is on) one mobility
/// weight, so adding a constant to such a table and taking it off the piece's material changes no
/// evaluation: the fit alone cannot tell them apart. This shifts each piece-square and mobility
/// table so that its average over the training positions is what it was before tuning, and moves
/// the difference into `MATERIAL`. The evaluation is unchanged, and so are the piece values seen
/// by configurations with mobility or piece-square tables switched off.
fn centre_on_material(w: &mut [[f64; 2]], start: &[[f64; 2]], used: &[[f64; 2]]) {
    let tables = [
        (Role::Pawn, Param::PstPawn),
        (Role::Knight, Param::PstKnight),
        (Role::Bishop, Param::PstBishop),
        (Role::Rook, Param::PstRook),
        (Role::Queen, Param::PstQueen),
        (Role::Knight, Param::KnightMobility),
        (Role::Bishop, Param::BishopMobility),
        (Role::Rook, Param::RookMobility),
        (Role::Queen, Param::QueenMobility),
    ];
    for (role, table) in tables {
        let range = table.offset()..table.offset() + table.len();
        let total: f64 = used[range.clone()].iter().map(|u| u[0]).sum();
        if total == 0.0 {
            continue;
        }
        for ph in 0..2 {
            let mean = |v: &[[f64; 2]]| range.clone().map(|i| v[i][ph] * used[i][0]).sum::<f64>() / total;
            let shift = mean(w) - mean(start);
            for i in range.clone() {
                w[i][ph] -= shift;
            }
            w[Param::Material.offset() + role as usize][ph] += shift;
        }
    }
}

/// Piece-square weights stay symmetric between the wings (a1 and h1 alike): each square and its
/// mirror share one gradient. The evaluation's symmetry tests rely on it, and it halves the
/// number of free piece-square weights.
fn tie_mirrored_squares(grad: &mut [[f64; 2]]) {
    for p in Role::ALL.map(Param::pst) {
        for sq in 0..64 {
            let mirror = sq ^ 7;
            if sq < mirror {
                let (a, b) = (p.offset() + sq, p.offset() + mirror);
                let mean = [0, 1].map(|ph| (grad[a][ph] + grad[b][ph]) / 2.0);
                grad[a] = mean;
                grad[b] = mean;
            }
        }
    }
}

/// Weights as `[mg, eg]` floats.
fn to_f64(w: &[S]) -> Vec<[f64; 2]> {
    w.iter().map(|s| [s.0 as f64, s.1 as f64]).collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Converts a Texel `K` (as in `1 / (1 + 10^(-K·s/400))`) to the natural-base slope.
fn slope(k: f64) -> f64 {
    k * std::f64::consts::LN_10 / 400.0
}

/// The `K` that fits the results best with weights `w` (golden-section search).
fn fit_k(data: &mut Data, w: &[[f64; 2]]) -> f64 {
    for (p, &r) in data.positions.iter_mut().zip(&data.results) {
        p.target = r;
    }
    let (mut a, mut b) = (0.2f64, 3.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if data.error(w, slope(c), false) < data.error(w, slope(d), false) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Tunes; returns the best weights found (rounded) and a report of what happened.
pub fn tune(data: &mut Data, opts: &TuneOptions, mut log: impl FnMut(&str)) -> Vec<S> {
    let start = to_f64(&weights());
    assert_eq!(start.len(), NUM_WEIGHTS);
    let texel_k = fit_k(data, &start);
    let k = slope(texel_k);
    for ((p, &r), &s) in data.positions.iter_mut().zip(&data.results).zip(&data.scores) {
        p.target = opts.lambda * r + (1.0 - opts.lambda) * sigmoid(k * s);
    }
    let n_val = data.positions.iter().filter(|p| p.validation).count();
    log(&format!(
        "{} positions ({} training, {} validation), K = {texel_k:.3}, lambda = {}",
        data.len(),
        data.len() - n_val,
        n_val,
        opts.lambda
    ));
    // How many training positions use each weight (a square and its mirror: their mean), the
    // same count for both phases.
    let mut used = vec![[0.0; 2]; NUM_WEIGHTS];
    for p in data.positions.iter().filter(|p| !p.validation) {
        for &(i, _) in data.coefs_of(p) {
            used[i as usize] = used[i as usize].map(|n| n + 1.0);
        }
    }
    tie_mirrored_squares(&mut used);
    let frozen: Vec<bool> = used.iter().map(|&[n, _]| n < opts.min_count as f64).collect();
    log(&format!(
        "{} of {} weights used by fewer than {} training positions stay as they are",
        frozen.iter().filter(|&&f| f).count(),
        frozen.len(),
        opts.min_count
    ));
    let mut w = start.clone();
    let (mut m, mut v) = (vec![[0.0; 2]; w.len()], vec![[0.0; 2]; w.len()]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    // Without held-out positions (a tiny data set), the training error decides.
    let held_out = n_val > 0;
    let start_val = data.error(&w, k, held_out);
    let mut best = (start_val, w.clone(), 0usize);
    log(&format!("start: training error {:.6}, validation error {start_val:.6}", data.error(&w, k, false)));
    let threads = opts.threads.max(1);
    let chunk = data.positions.len().div_ceil(threads).max(1);
    for it in 1..=opts.iterations {
        let parts: Vec<(Vec<[f64; 2]>, usize)> = std::thread::scope(|s| {
            let handles: Vec<_> =
                data.positions.chunks(chunk).map(|part| s.spawn(|| data.gradient(part, &w, k))).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let n: usize = parts.iter().map(|p| p.1).sum::<usize>().max(1);
        let mut grad: Vec<[f64; 2]> =
            (0..w.len()).map(|i| [0, 1].map(|ph| parts.iter().map(|p| p.0[i][ph]).sum::<f64>() / n as f64)).collect();
        tie_mirrored_squares(&mut grad);
        for i in (0..w.len()).filter(|&i| !frozen[i]) {
            for ph in 0..2 {
                let g = grad[i][ph] + 2.0 * opts.regularisation * (w[i][ph] - start[i][ph]);
                m[i][ph] = b1 * m[i][ph] + (1.0 - b1) * g;
                v[i][ph] = b2 * v[i][ph] + (1.0 - b2) * g * g;
                let mh = m[i][ph] / (1.0 - b1.powi(it as i32));
                let vh = v[i][ph] / (1.0 - b2.powi(it as i32));
                w[i][ph] -= opts.rate * mh / (vh.sqrt() + eps);
            }
        }
        if it % 25 == 0 || it == opts.iterations {
            let val = data.error(&w, k, held_out);
            if val < best.0 {
                best = (val, w.clone(), it);
            }
            if it % 100 == 0 || it == opts.iterations {
                log(&format!(
                    "iteration {it}: training error {:.6}, validation error {val:.6} (best {:.6} at {})",
                    data.error(&w, k, false),
                    best.0,
                    best.2
                ));
            }
        }
    }
    log(&format!("validation error {start_val:.6} -> {:.6} (iteration {})", best.0, best.2));
    let mut best_w = best.1;
    centre_on_material(&mut best_w, &start, &used);
    best_w.iter().map(|&[mg, eg]| S(mg.round() as i32, eg.round() as i32)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINES: &str = "\
4k3/pppp4/8/8/8/8/PPPP4/4K1N1 w - - 0 1;1;300;1
4k3/pppp4/8/8/8/8/PPPP4/4K1N1 b - - 0 1;1;300;2
4k1n1/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1;0;-300;3
4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1;0.5;0;4
4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1;0.5;0;5
4k3/pppp4/8/8/8/8/PPP5/4K1N1 w - - 0 1;1;250;6
4k2r/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1;0;-500;7
4k3/pppp4/8/8/8/8/PPPP4/R3K3 b - - 0 1;1;500;8
";

    #[test]
    fn load_rejects_bad_lines() {
        assert!(load("not a fen;1;0;1").is_err());
        assert!(load("4k3/8/8/8/8/8/8/4K3 w - - 0 1;1;0").is_err());
        assert!(load("4k3/8/8/8/8/8/8/4K3 w - - 0 1;x;0;1").is_err());
        assert_eq!(load(LINES).unwrap().len(), 8);
    }

    #[test]
    fn tuning_lowers_the_error_and_keeps_the_tables_symmetric() {
        let mut grad = vec![[0.0; 2]; NUM_WEIGHTS];
        grad[Param::PstKnight.offset() + 6] = [1.0, 3.0];
        tie_mirrored_squares(&mut grad);
        assert_eq!(grad[Param::PstKnight.offset() + 6], [0.5, 1.5]);
        assert_eq!(grad[Param::PstKnight.offset() + 1], [0.5, 1.5]);

        let mut data = load(LINES).unwrap();
        data.positions.iter_mut().for_each(|p| p.validation = false);
        let start = to_f64(&weights());
        let opts =
            TuneOptions { iterations: 50, rate: 1.0, lambda: 1.0, regularisation: 0.0, min_count: 1, threads: 2 };
        let tuned = tune(&mut data, &opts, |_| {});
        let k = slope(fit_k(&mut data, &start));
        let (before, after) = (data.error(&start, k, false), data.error(&to_f64(&tuned), k, false));
        assert!(after < before * 0.9, "error {before} -> {after}");
        for p in [Param::PstPawn, Param::PstKnight, Param::PstKing] {
            for sq in 0..64 {
                assert_eq!(tuned[p.offset() + sq], tuned[p.offset() + (sq ^ 7)], "{p:?} {sq}");
            }
        }
    }
}
