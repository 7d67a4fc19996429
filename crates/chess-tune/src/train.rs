//! `chess-tune train`: the neural evaluation's trainer, on the CPU.
//!
//! **Model.** The float twin of [`chess_eval::nnue`]: 768 inputs per perspective
//! ([`chess_eval::nnue::feature`]), or 768 per king bucket read through [`KingBuckets`], a hidden layer of N shared by both perspectives, SCReLU (`clamp(x, 0, 1)²`),
//! then one output over the side to move's half and the other side's:
//! `out = Σ h_us·w_us + Σ h_them·w_them + b`, and `eval = SCALE · out` centipawns. With output
//! buckets, `w` and `b` are those of the position's piece count ([`output_bucket`]).
//!
//! **Loss.** The prediction `sigmoid(eval / K)` against `λ · wdl + (1 − λ) · sigmoid(score / K)`,
//! where `wdl` is the game's result from the side to move's view (1, ½, 0), `score` the
//! search's score of the position when it was played, and `K` the centipawns of one unit of the
//! logistic ([`Target::scale`]); mean squared error. With `λ = 0`, `K` only weighs the positions;
//! with `λ > 0` it must be the scale on which the scores predict the results (`chess-tune winfit`
//! fits it: `K = 1 / k`), or the result term pulls the net's scores off the search's scale (at
//! `K = SCALE`, 400, where our self-play scores convert at about 200, a won position's target
//! lies above its score and the trained net inflates its evaluation).
//!
//! **Optimiser.** AdamW (β₁ 0.9, β₂ 0.999, decoupled weight decay), a batch split over threads
//! that each sum their gradient, learning rate dropped tenfold for the last fifth of the epochs.
//! Weights are clipped to the ranges the quantised net can hold ([`Network::max_output_weight`]).
//!
//! **Data.** The kept positions (flag bit 0) of self-play chunks ([`crate::selfplay`](mod@crate::selfplay)); every
//! twentieth game is held out for validation. Everything is deterministic by seed.

use std::path::{Path, PathBuf};
use std::time::Instant;

use chess_core::{Board, Color, Role};
use chess_eval::nnue::{output_bucket, KingBuckets, INPUTS, QA, QB, SCALE};
use chess_eval::{Classical, Evaluator, Network};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::selfplay;

/// At most this many pieces: a perspective has at most this many active features.
const MAX_FEATURES: usize = 32;
/// Feature weights and biases stay within this, so that 32 rows and a bias fit an `i16` once
/// multiplied by `QA`.
const FEATURE_CLIP: f32 = (i16::MAX as f32) / (QA as f32) / (MAX_FEATURES as f32 + 1.0);
/// One game in this many is held out for validation.
const VALIDATION_EVERY: usize = 20;

/// How to train.
#[derive(Debug, Clone)]
pub struct TrainOptions {
    /// The folder of self-play chunks.
    pub data: PathBuf,
    /// Only the chunks of these self-play seeds (empty: every chunk).
    pub data_seeds: Vec<u64>,
    /// Hidden width N.
    pub hidden: usize,
    /// Output buckets by piece count (1: none).
    pub buckets: usize,
    /// King buckets and mirroring of the inputs ([`KingBuckets::PLAIN`]: none).
    pub kings: KingBuckets,
    /// Passes over the training positions.
    pub epochs: usize,
    /// AdamW's learning rate.
    pub lr: f32,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f32,
    /// Positions a step.
    pub batch: usize,
    /// What each position is fitted to.
    pub target: Target,
    /// Threads that share each batch.
    pub threads: usize,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// At most this many positions are loaded (0: all).
    pub max_positions: usize,
    /// Also learn each training position without castling rights mirrored left to right
    /// ([`Sample::mirrored`]): the same position for the rules, so the same value.
    pub mirror: bool,
    /// Start from this net's weights (of width `hidden`, `buckets` output buckets and `kings`)
    /// instead of random ones.
    pub init: Option<FloatNet>,
}

/// One training position: both perspectives' features and the target.
#[derive(Clone, Copy)]
pub struct Sample {
    features: [[u16; MAX_FEATURES]; 2],
    count: u8,
    target: f32,
}

impl Sample {
    /// The position `board` (from its side to move's view) with the `target`, its inputs read
    /// through `kings`.
    pub fn new(board: &Board, target: f32, kings: KingBuckets) -> Sample {
        let us = board.side_to_move();
        let views = [kings.view(us, board.king(us)), kings.view(!us, board.king(!us))];
        let mut features = [[0u16; MAX_FEATURES]; 2];
        let mut count = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in board.colored_pieces(color, role) {
                    if count < MAX_FEATURES {
                        features[0][count] = views[0].feature(color == us, role, sq) as u16;
                        features[1][count] = views[1].feature(color != us, role, sq) as u16;
                        count += 1;
                    }
                }
            }
        }
        Sample { features, count: count as u8, target }
    }

    /// The same position mirrored left to right (files a and h swapped), with the same target.
    /// Only a position without castling rights is the same position for the rules, and only
    /// inputs without king buckets ([`KingBuckets::PLAIN`]) mirror by swapping files.
    pub fn mirrored(&self) -> Sample {
        let mut m = *self;
        for side in &mut m.features {
            side[..self.count as usize].iter_mut().for_each(|f| *f ^= 7);
        }
        m
    }

    fn active(&self, side: usize) -> &[u16] {
        &self.features[side][..self.count as usize]
    }

    /// The output bucket of the position, of `buckets`.
    fn bucket(&self, buckets: usize) -> usize {
        output_bucket(u32::from(self.count), buckets)
    }
}

/// `1 / (1 + e^-x)`.
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What a position is fitted to, and through which curve: the target `λ · wdl + (1 − λ) ·
/// sigmoid(score / scale)`, the prediction `sigmoid(eval / scale)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    /// The weight of the game result (the rest is the search score), within `0..=1`.
    pub lambda: f32,
    /// Centipawns of one unit of the logistic that both the search score and the net's
    /// evaluation go through.
    pub scale: f32,
    /// The weight, within `0..1`, of the next ply's search (the opponent's, one move on) in the
    /// score part: a second look at the position a ply deeper along the game, mixed in as a
    /// probability. 0 is the position's own search alone.
    pub next: f32,
}

impl Target {
    /// The search score alone through the net's own scale ([`SCALE`]): the recipe of every net
    /// before session 52, and what `validate` compares nets by.
    pub const SCORE: Target = Target { lambda: 0.0, scale: SCALE as f32, next: 0.0 };

    /// The target of a position of a game: its search score `score_cp`, the next ply's
    /// `next_cp` (for the other side; `None` at the game's end or for a mate score), and the
    /// game's result for the side to move, `wdl`.
    pub fn of(&self, score_cp: i16, next_cp: Option<i16>, wdl: f32) -> f32 {
        let here = sigmoid(f32::from(score_cp) / self.scale);
        let searched = match next_cp {
            Some(next) if self.next > 0.0 => {
                (1.0 - self.next) * here + self.next * (1.0 - sigmoid(f32::from(next) / self.scale))
            }
            _ => here,
        };
        self.lambda * wdl + (1.0 - self.lambda) * searched
    }

    /// `d(eval / scale) / d(out)`: the net's raw output is `eval / SCALE`.
    fn slope(&self) -> f32 {
        SCALE as f32 / self.scale
    }

    /// The prediction for the raw output `out`.
    fn predict(&self, out: f32) -> f32 {
        sigmoid(out * self.slope())
    }
}

/// The positions of a folder of chunks, split into training and validation by game.
pub struct Dataset {
    /// Positions to learn from.
    pub train: Vec<Sample>,
    /// Positions of held-out games.
    pub validation: Vec<Sample>,
    /// Games read.
    pub games: usize,
    /// Chunk files read.
    pub chunks: usize,
    /// Which chunks, by seed ([`crate::training_data::DataIdentity`]): what a net's card names.
    pub identity: crate::training_data::DataIdentity,
    /// The loss of the classical evaluation (the same `sigmoid(eval / SCALE)` prediction) on the
    /// validation positions: the bar a net has to clear.
    pub classical_validation_loss: f64,
}

/// Load the kept positions of every complete chunk (`*.csp`) in `dir` (of the self-play runs
/// `seeds` only, when not empty), in name order, fitted to `target`, their inputs read through
/// `kings`; with
/// `mirror` (plain inputs only), each training position without castling rights also mirrored
/// ([`Sample::mirrored`]).
pub fn load(
    dir: &Path,
    seeds: &[u64],
    target: Target,
    max_positions: usize,
    mirror: bool,
    kings: KingBuckets,
) -> Result<Dataset, String> {
    if mirror && !kings.is_plain() {
        return Err(format!("--mirror learns mirror images of plain inputs; inputs {kings} have their own"));
    }
    let mut files = selfplay::chunk_paths(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if !seeds.is_empty() {
        files.retain(|f| selfplay::chunk_seed(f).is_some_and(|s| seeds.contains(&s)));
    }
    let mut data = Dataset {
        train: Vec::new(),
        validation: Vec::new(),
        games: 0,
        chunks: 0,
        identity: Default::default(),
        classical_validation_loss: 0.0,
    };
    let mut classical = Classical::default();
    let mut classical_loss = 0.0;
    'files: for file in &files {
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let games = selfplay::parse_chunk(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        data.chunks += 1;
        data.identity.add(file, &bytes);
        for game in games {
            let white_wdl = f32::from(game.result) / 2.0;
            let held_out = data.games % VALIDATION_EVERY == 0;
            data.games += 1;
            for (i, (board, ply)) in game.positions().enumerate().filter(|(_, (_, p))| p.keep) {
                let wdl = if board.side_to_move() == Color::White { white_wdl } else { 1.0 - white_wdl };
                let next = game.plies.get(i + 1).map(|p| p.score).filter(|s| s.abs() < selfplay::MATE_STORED);
                let sample = Sample::new(&board, target.of(ply.score, next, wdl), kings);
                if held_out {
                    let p = sigmoid(classical.evaluate(&board).0 as f32 / target.scale);
                    classical_loss += f64::from((p - sample.target) * (p - sample.target));
                    data.validation.push(sample);
                } else {
                    if mirror && board.castling_rights().is_empty() {
                        data.train.push(sample.mirrored());
                    }
                    data.train.push(sample);
                }
                if max_positions > 0 && data.train.len() + data.validation.len() >= max_positions {
                    break 'files;
                }
            }
        }
    }
    data.classical_validation_loss = classical_loss / data.validation.len().max(1) as f64;
    Ok(data)
}

/// The float net being trained.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    kings: KingBuckets,
    hidden: usize,
    /// `INPUTS` rows of `hidden` per king bucket.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// `2 × hidden` per output bucket: side to move, then the other side.
    w2: Vec<f32>,
    /// One per output bucket.
    b2: Vec<f32>,
}

impl FloatNet {
    /// Small random weights (uniform, scaled by fan-in) drawn from `seed`, with inputs read
    /// through `kings` and `buckets` output buckets.
    pub fn random(kings: KingBuckets, hidden: usize, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut uniform = |scale: f32| ((rng.next_u32() as f32 / u32::MAX as f32) * 2.0 - 1.0) * scale;
        let w1 = (0..kings.count() * INPUTS * hidden).map(|_| uniform(1.0 / (MAX_FEATURES as f32).sqrt())).collect();
        let w2 = (0..2 * hidden * buckets).map(|_| uniform(1.0 / (2.0 * hidden as f32).sqrt())).collect();
        FloatNet { kings, hidden, w1, b1: vec![0.0; hidden], w2, b2: vec![0.0; buckets] }
    }

    /// The same net reading its inputs through `kings`, each king bucket a copy of its one set
    /// of inputs: how a net without king buckets goes on training with them. From plain inputs
    /// (a mirrored layout only ever reads the rows of a king on files a-d, which a plain net has
    /// learned alike), or from mirrored ones into a mirrored layout, which starts as the same
    /// evaluation. `None` if the net has king buckets already, and others.
    pub fn with_kings(self, kings: KingBuckets) -> Option<FloatNet> {
        match self.kings {
            k if k == kings => Some(self),
            k if k.count() == 1 && (k.is_plain() || k.mirror() == kings.mirror()) => {
                Some(FloatNet { kings, w1: self.w1.repeat(kings.count()), ..self })
            }
            _ => None,
        }
    }

    /// The same net with `buckets` output buckets, each a copy of its one output: how a net
    /// without buckets goes on training with them. `None` if the net has buckets already and
    /// another number of them.
    pub fn with_buckets(self, buckets: usize) -> Option<FloatNet> {
        match self.buckets() {
            b if b == buckets => Some(self),
            1 => Some(FloatNet { w2: self.w2.repeat(buckets), b2: self.b2.repeat(buckets), ..self }),
            _ => None,
        }
    }

    /// The same evaluation from a net `hidden` wide, a multiple of this net's width: each new
    /// hidden unit a copy of an old one (unit `j` of the wider net copies unit `j mod width`),
    /// the old unit's output weights shared out among its copies in random proportions drawn from
    /// `seed` (Net2Net's widening). The copies compute the same activation, so the sum is the
    /// old net's; their output weights differ, so their gradients differ and training pulls
    /// them apart. How a trained net goes on training wider, keeping what it knows. `None` if
    /// `hidden` is not a multiple of the width (at least the width).
    pub fn widened(self, hidden: usize, seed: u64) -> Option<FloatNet> {
        let old = self.hidden;
        if hidden == old {
            return Some(self);
        }
        if hidden < old || hidden % old != 0 {
            return None;
        }
        let copies = hidden / old;
        // Each old unit's share of its output weight for each of its copies: positive, summing
        // to one.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut shares = vec![0.0f32; hidden];
        for j in 0..old {
            let draws: Vec<f32> = (0..copies).map(|_| 0.5 + rng.next_u32() as f32 / u32::MAX as f32).collect();
            let total: f32 = draws.iter().sum();
            for (c, d) in draws.iter().enumerate() {
                shares[c * old + j] = d / total;
            }
        }
        let w1 = self.w1.chunks(old).flat_map(|row| row.repeat(copies)).collect();
        let b1 = self.b1.repeat(copies);
        let w2 = self
            .w2
            .chunks(old)
            .flat_map(|side| (0..hidden).map(|j| side[j % old] * shares[j]).collect::<Vec<_>>())
            .collect();
        Some(FloatNet { hidden, w1, b1, w2, ..self })
    }

    /// The float weights a quantised net stands for (each weight divided by its scale), to go
    /// on training it.
    pub fn from_network(net: &Network) -> FloatNet {
        let (w1, b1, w2, b2) = net.weights();
        let scaled = |ws: &[i16], scale: i32| ws.iter().map(|&w| f32::from(w) / scale as f32).collect();
        FloatNet {
            kings: net.kings(),
            hidden: net.hidden(),
            w1: scaled(w1, QA),
            b1: scaled(b1, QA),
            w2: scaled(w2, QB),
            b2: b2.iter().map(|&b| b as f32 / (QA * QB) as f32).collect(),
        }
    }

    /// The hidden width N.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of output buckets.
    pub fn buckets(&self) -> usize {
        self.b2.len()
    }

    /// How the inputs are read.
    pub fn kings(&self) -> KingBuckets {
        self.kings
    }

    fn len(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }

    /// Every weight, in the order of a [`Gradient`]: w1, b1, w2, b2.
    fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.w1.iter_mut().chain(&mut self.b1).chain(&mut self.w2).chain(&mut self.b2)
    }

    /// The hidden layer's input for the features `active`.
    fn accumulate(&self, active: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &f in active {
            let row = &self.w1[f as usize * self.hidden..(f as usize + 1) * self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The raw output (`eval / SCALE`) of `sample`, with the two accumulators left in `accs`.
    fn forward(&self, sample: &Sample, accs: &mut [Vec<f32>; 2]) -> f32 {
        let bucket = sample.bucket(self.buckets());
        let mut out = self.b2[bucket];
        let w2 = &self.w2[2 * self.hidden * bucket..2 * self.hidden * (bucket + 1)];
        for (side, (acc, w)) in accs.iter_mut().zip(w2.chunks(self.hidden)).enumerate() {
            self.accumulate(sample.active(side), acc);
            out += acc.iter().zip(w).map(|(&a, &w)| screlu(a) * w).sum::<f32>();
        }
        out
    }

    /// The evaluation of `board` for its side to move, in centipawns.
    pub fn evaluate(&self, board: &Board) -> f32 {
        let mut accs = [vec![0.0; self.hidden], vec![0.0; self.hidden]];
        SCALE as f32 * self.forward(&Sample::new(board, 0.0, self.kings), &mut accs)
    }

    /// The quantised net the engine runs.
    pub fn quantise(&self, name: &str) -> Network {
        let q = |x: f32, scale: i32, limit: i32| (x * scale as f32).round().clamp(-limit as f32, limit as f32) as i16;
        let max_out = Network::max_output_weight(self.hidden);
        Network::new(
            name,
            self.kings,
            self.hidden,
            self.w1.iter().map(|&w| q(w, QA, i16::MAX as i32)).collect(),
            self.b1.iter().map(|&b| q(b, QA, i16::MAX as i32)).collect(),
            self.w2.iter().map(|&w| q(w, QB, max_out)).collect(),
            self.b2.iter().map(|&b| (b * (QA * QB) as f32).round() as i32).collect(),
        )
        .expect("a clipped float net quantises within bounds")
    }

    /// Keep every weight where the quantised net can hold it.
    fn clip(&mut self) {
        let out = Network::max_output_weight(self.hidden) as f32 / QB as f32;
        for w in self.w1.iter_mut().chain(&mut self.b1) {
            *w = w.clamp(-FEATURE_CLIP, FEATURE_CLIP);
        }
        for w in &mut self.w2 {
            *w = w.clamp(-out, out);
        }
    }
}

/// `clamp(x, 0, 1)²`.
#[inline]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// A gradient (or an Adam moment) in the net's shape, flattened: w1, b1, w2, b2
/// ([`FloatNet::params_mut`]).
struct Gradient(Vec<f32>);

impl Gradient {
    fn zeros(net: &FloatNet) -> Gradient {
        Gradient(vec![0.0; net.len()])
    }
}

/// Adds the gradient of the loss over `samples`, predicted through `target`'s curve, to `grad`;
/// returns the summed loss.
fn backward(net: &FloatNet, samples: &[Sample], target: Target, grad: &mut Gradient) -> f64 {
    let n = net.hidden;
    let (g_w1, rest) = grad.0.split_at_mut(net.w1.len());
    let (g_b1, rest) = rest.split_at_mut(n);
    let (g_w2, g_b2) = rest.split_at_mut(2 * n * net.buckets());
    let mut accs = [vec![0.0; n], vec![0.0; n]];
    let mut d_acc = vec![0.0f32; n];
    let mut loss = 0.0f64;
    for s in samples {
        let out = net.forward(s, &mut accs);
        let p = target.predict(out);
        let error = p - s.target;
        loss += f64::from(error * error);
        let d_out = 2.0 * error * p * (1.0 - p) * target.slope();
        let bucket = s.bucket(net.buckets());
        g_b2[bucket] += d_out;
        for (side, acc) in accs.iter().enumerate() {
            let at = (2 * bucket + side) * n;
            let w2 = &net.w2[at..at + n];
            let g2 = &mut g_w2[at..at + n];
            for i in 0..n {
                let a = acc[i];
                g2[i] += d_out * screlu(a);
                d_acc[i] = if a > 0.0 && a < 1.0 { d_out * w2[i] * 2.0 * a } else { 0.0 };
            }
            for (g, d) in g_b1.iter_mut().zip(&d_acc) {
                *g += d;
            }
            for &f in s.active(side) {
                let row = &mut g_w1[f as usize * n..(f as usize + 1) * n];
                for (g, d) in row.iter_mut().zip(&d_acc) {
                    *g += d;
                }
            }
        }
    }
    loss
}

/// The mean loss over `samples`, predicted through `target`'s curve, on `threads` threads.
pub fn mean_loss(net: &FloatNet, samples: &[Sample], target: Target, threads: usize) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let per = samples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let jobs: Vec<_> = samples
            .chunks(per)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut accs = [vec![0.0; net.hidden], vec![0.0; net.hidden]];
                    chunk
                        .iter()
                        .map(|s| {
                            let e = target.predict(net.forward(s, &mut accs)) - s.target;
                            f64::from(e * e)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().expect("a loss thread")).sum()
    });
    total / samples.len() as f64
}

/// AdamW over a [`FloatNet`].
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
}

impl Adam {
    fn new(net: &FloatNet) -> Adam {
        Adam { m: vec![0.0; net.len()], v: vec![0.0; net.len()], step: 0 }
    }

    /// One step along the mean gradient `grad` (summed over `count` positions).
    fn update(&mut self, net: &mut FloatNet, grad: &Gradient, count: usize, lr: f32, weight_decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.step += 1;
        let (c1, c2) = (1.0 - B1.powi(self.step), 1.0 - B2.powi(self.step));
        let scale = 1.0 / count as f32;
        // Decay the weights, not the hidden biases (which follow the feature weights).
        let biases = net.w1.len()..net.w1.len() + net.hidden;
        for (i, p) in net.params_mut().enumerate() {
            let g = grad.0[i] * scale;
            let m = &mut self.m[i];
            let v = &mut self.v[i];
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            let decay = if biases.contains(&i) { 0.0 } else { weight_decay * *p };
            *p -= lr * ((*m / c1) / ((*v / c2).sqrt() + EPS) + decay);
        }
        net.clip();
    }
}

/// What one epoch did.
#[derive(Debug, Clone, Copy)]
pub struct EpochReport {
    /// 1-based.
    pub epoch: usize,
    /// Mean training loss over the epoch's batches.
    pub train_loss: f64,
    /// Mean loss on the held-out games.
    pub validation_loss: f64,
    /// Training positions a second.
    pub positions_per_second: f64,
    /// The learning rate used.
    pub lr: f32,
}

/// Train a net of `opts.hidden` on `train`, reporting each epoch.
pub fn train(
    train: &mut [Sample],
    validation: &[Sample],
    opts: &TrainOptions,
    mut report: impl FnMut(&EpochReport),
) -> FloatNet {
    let mut net = match &opts.init {
        Some(init) => init.clone(),
        None => FloatNet::random(opts.kings, opts.hidden, opts.buckets, opts.seed),
    };
    let mut adam = Adam::new(&net);
    let threads = opts.threads.max(1);
    let mut grads: Vec<Gradient> = (0..threads).map(|_| Gradient::zeros(&net)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed ^ 0x5eed);
    let drop_at = opts.epochs - opts.epochs / 5;
    for epoch in 1..=opts.epochs {
        shuffle(train, &mut rng);
        let lr = if epoch > drop_at { opts.lr / 10.0 } else { opts.lr };
        let started = Instant::now();
        let mut loss = 0.0;
        for batch in train.chunks(opts.batch.max(1)) {
            let per = batch.len().div_ceil(threads);
            loss += std::thread::scope(|scope| {
                let net = &net;
                let jobs: Vec<_> = batch
                    .chunks(per)
                    .zip(grads.iter_mut())
                    .map(|(part, grad)| {
                        scope.spawn(move || {
                            grad.0.fill(0.0);
                            backward(net, part, opts.target, grad)
                        })
                    })
                    .collect();
                jobs.into_iter().map(|j| j.join().expect("a training thread")).sum::<f64>()
            });
            let used = batch.chunks(per).count();
            let (first, others) = grads.split_first_mut().expect("one thread at least");
            for other in &others[..used - 1] {
                for (a, b) in first.0.iter_mut().zip(&other.0) {
                    *a += b;
                }
            }
            adam.update(&mut net, first, batch.len(), lr, opts.weight_decay);
        }
        let seconds = started.elapsed().as_secs_f64();
        report(&EpochReport {
            epoch,
            train_loss: loss / train.len().max(1) as f64,
            validation_loss: mean_loss(&net, validation, opts.target, threads),
            positions_per_second: train.len() as f64 / seconds.max(1e-9),
            lr,
        });
    }
    net
}

/// Fisher-Yates with `rng`.
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FENS: [&str; 5] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
        "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
        "6k1/5ppp/8/8/8/8/q4PPP/1R4K1 b - - 0 1",
    ];

    #[test]
    fn the_quantised_net_plays_what_the_float_net_learned() {
        for kings in [KingBuckets::PLAIN, KingBuckets::named("hm4").unwrap()] {
            quantised_matches_float(FloatNet::random(kings, 32, 8, 9));
        }
    }

    fn quantised_matches_float(float: FloatNet) {
        let net = float.quantise("test");
        assert_eq!((net.buckets(), net.kings()), (8, float.kings()));
        // The float net with the quantised weights, scaled back: the engine's integer arithmetic
        // must give its output to within the truncation of two integer divisions...
        let mut rounded = float.clone();
        let back = |x: f32, scale: i32| (x * scale as f32).round() / scale as f32;
        rounded.w1.iter_mut().chain(&mut rounded.b1).for_each(|w| *w = back(*w, QA));
        rounded.w2.iter_mut().for_each(|w| *w = back(*w, QB));
        rounded.b2.iter_mut().for_each(|b| *b = back(*b, QA * QB));
        for fen in FENS {
            let board: Board = fen.parse().unwrap();
            let (f, r, q) = (float.evaluate(&board), rounded.evaluate(&board), net.evaluate(&board) as f32);
            assert!((r - q).abs() <= 1.5, "{fen}: dequantised float {r}, quantised {q}");
            // ...and the rounding of the weights moves it by a few centipawns at most.
            assert!((f - q).abs() <= 12.0, "{fen}: float {f}, quantised {q}");
        }
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        // Mirrored inputs with king buckets, and two output buckets.
        let kings = KingBuckets::named("hm4").unwrap();
        let mut net = FloatNet::random(kings, 8, 2, 3);
        // Biases that put hidden units inside the SCReLU's slope.
        net.b1.iter_mut().enumerate().for_each(|(i, b)| *b = 0.2 + 0.05 * i as f32);
        let samples: Vec<Sample> =
            FENS.iter().enumerate().map(|(i, f)| Sample::new(&f.parse().unwrap(), 0.2 * i as f32, kings)).collect();
        // Through the net's own scale and through a steeper curve (a fitted win scale).
        for target in [Target::SCORE, Target { lambda: 0.3, scale: 200.0, next: 0.0 }] {
            gradient_matches_loss(&net, &samples, target, kings);
        }
    }

    /// The analytic gradient of a few parameters against the loss's central difference.
    fn gradient_matches_loss(net: &FloatNet, samples: &[Sample], target: Target, kings: KingBuckets) {
        let mut grad = Gradient::zeros(net);
        backward(net, samples, target, &mut grad);
        let loss = |net: &FloatNet| mean_loss(net, samples, target, 1) * samples.len() as f64;
        // A feature weight of a piece present (White's e1 king, own side, in the king bucket
        // of e1 mirrored), a hidden bias, an output weight and the output bias of each of the
        // two buckets (the endgame of FENS[2] and FENS[4] is bucket 0, the other three bucket 1).
        assert_eq!(samples.iter().map(|s| s.bucket(2)).collect::<Vec<_>>(), [1, 1, 0, 1, 0]);
        use chess_core::Square;
        let king = kings.feature(Color::White, Square::E1, Color::White, Role::King, Square::E1);
        assert_eq!(king / INPUTS, 1, "e1 is d1 mirrored: the second bucket");
        let n = net.hidden;
        let w2 = net.w1.len() + n;
        for index in [king * n + 3, net.w1.len() + 2, w2 + 5, w2 + 2 * n + 5, net.len() - 2, net.len() - 1] {
            let h = 1e-3;
            let nudge = |net: &mut FloatNet, d: f32| *net.params_mut().nth(index).unwrap() += d;
            let (mut up, mut down) = (net.clone(), net.clone());
            nudge(&mut up, h);
            nudge(&mut down, -h);
            let numeric = (loss(&up) - loss(&down)) / (2.0 * h as f64);
            let analytic = f64::from(grad.0[index]);
            assert!(
                (numeric - analytic).abs() <= 1e-3 + 0.05 * analytic.abs(),
                "{target:?}, parameter {index}: numeric {numeric}, analytic {analytic}"
            );
        }
    }

    #[test]
    fn the_target_mixes_score_and_result_on_one_scale() {
        // The recipe of every net so far: the score through the net's own 400.
        assert_eq!(Target::SCORE.of(0, None, 1.0), 0.5);
        assert!((Target::SCORE.of(400, None, 0.0) - sigmoid(1.0)).abs() < 1e-6);
        // Where the results say what the score says on the fitted scale, mixing them in leaves
        // the target where the score alone puts it: the net keeps the search's scale...
        let fitted = Target { lambda: 0.3, scale: 200.0, next: 0.0 };
        for score in [-300i16, -50, 0, 120, 450] {
            let expected = sigmoid(f32::from(score) / 200.0);
            assert!((fitted.of(score, None, expected) - expected).abs() < 1e-6, "{score}");
        }
        // ...where through 400 the same results pull a won position's target above its score.
        let off = Target { lambda: 0.3, scale: 400.0, next: 0.0 };
        let won = off.of(200, None, sigmoid(1.0));
        assert!(won > sigmoid(0.5) + 0.02, "{won}");
        // λ = 1 is the result alone.
        assert_eq!(Target { lambda: 1.0, scale: 200.0, next: 0.0 }.of(-900, None, 1.0), 1.0);
        // The next ply's search, for the other side, mixed in as a probability: a position its
        // own search calls level (0.5) and the next one +200 for the opponent (0.27 for the side
        // to move) is the mean, 0.38, at weight 1/2.
        let next = Target { lambda: 0.0, scale: 200.0, next: 0.5 };
        assert!((next.of(0, Some(200), 0.5) - (0.5 + (1.0 - sigmoid(1.0))) / 2.0).abs() < 1e-6);
        assert_eq!(next.of(0, None, 1.0), 0.5, "no next ply: the position's own search");
        assert_eq!(Target::SCORE.of(300, Some(-300), 0.0), Target::SCORE.of(300, None, 0.0));
    }

    #[test]
    fn a_mirrored_sample_is_the_mirrored_position() {
        for fen in [FENS[2], FENS[3], FENS[4]] {
            let sorted = |s: &Sample| {
                let mut f = s.features;
                f.iter_mut().for_each(|side| side[..s.count as usize].sort_unstable());
                f
            };
            let plain = KingBuckets::PLAIN;
            let board: Board = fen.parse().unwrap();
            let mirrored = Sample::new(&board.flipped_files().unwrap(), 0.5, plain);
            assert_eq!(sorted(&Sample::new(&board, 0.5, plain).mirrored()), sorted(&mirrored), "{fen}");
        }
    }

    #[test]
    fn a_net_goes_on_training_from_its_quantised_weights() {
        // The float net read back from a quantised one quantises to the same bytes, and plays
        // the same evaluation: the embedded net (mirrored, 8 output buckets) and the first net
        // (plain, one output), which the rest of the test grows buckets and kings on.
        let embedded = Network::embedded();
        assert_eq!(FloatNet::from_network(&embedded).quantise(embedded.name()).to_bytes(), embedded.to_bytes());
        let v1 = concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-eval/nets/cn128-v1.nnue");
        let net = Network::open(v1).unwrap();
        assert_eq!((net.buckets(), net.kings()), (1, KingBuckets::PLAIN));
        let float = FloatNet::from_network(&net);
        assert_eq!(float.hidden(), net.hidden());
        assert_eq!(float.quantise(net.name()).to_bytes(), net.to_bytes());
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().unwrap();
        assert!((float.evaluate(&board) - net.evaluate(&board) as f32).abs() <= 1.5);
        // Given output buckets, it starts as the same evaluation in every one of them.
        let bucketed = float.clone().with_buckets(8).unwrap();
        let quantised = bucketed.quantise("bucketed");
        assert_eq!(quantised.buckets(), 8);
        for fen in FENS {
            let board: Board = fen.parse().unwrap();
            assert_eq!(quantised.evaluate(&board), net.evaluate(&board), "{fen}");
        }
        assert!(bucketed.with_buckets(4).is_none(), "8 buckets do not become 4");
        // Given king buckets and mirroring, it starts as the same evaluation where both kings
        // are on files a-d, and as that of the mirror image where both are on files e-h.
        let hm4 = KingBuckets::named("hm4").unwrap();
        let kinged = float.with_kings(hm4).unwrap().quantise("kinged");
        assert_eq!(kinged.kings(), hm4);
        for fen in ["2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 1", "8/2p5/3p4/KP5r/1R3p2/2k5/4P1P1/8 b - - 0 1"] {
            let board: Board = fen.parse().unwrap();
            assert_eq!(kinged.evaluate(&board), net.evaluate(&board), "{fen}");
        }
        let board: Board = FENS[4].parse().unwrap();
        assert_eq!(kinged.evaluate(&board), net.evaluate(&board.flipped_files().unwrap()));
        assert!(FloatNet::from_network(&kinged).with_kings(KingBuckets::named("hm2").unwrap()).is_none());
        // A mirrored net given king buckets of the same mirroring is the same evaluation
        // everywhere: the embedded net (hm) as hm4.
        let hm = FloatNet::from_network(&embedded);
        let bucketed = hm.with_kings(hm4).unwrap().quantise("hm4");
        for fen in FENS.iter().chain(&["2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 1"]) {
            let board: Board = fen.parse().unwrap();
            assert_eq!(bucketed.evaluate(&board), embedded.evaluate(&board), "{fen}");
        }
    }

    #[test]
    fn a_widened_net_starts_as_the_narrow_one_and_trains_its_copies_apart() {
        let narrow = FloatNet::from_network(&Network::embedded());
        let wide = narrow.clone().widened(2 * narrow.hidden(), 3).unwrap();
        assert_eq!((wide.hidden(), wide.buckets(), wide.kings()), (256, narrow.buckets(), narrow.kings()));
        for fen in FENS {
            let board: Board = fen.parse().unwrap();
            let (a, b) = (narrow.evaluate(&board), wide.evaluate(&board));
            assert!((a - b).abs() < 0.01, "{fen}: {a} against {b}");
        }
        // Three copies work alike; a width that is not a multiple does not.
        let board: Board = FENS[4].parse().unwrap();
        let triple = narrow.clone().widened(384, 4).unwrap();
        assert!((triple.evaluate(&board) - narrow.evaluate(&board)).abs() < 0.01);
        assert!(narrow.clone().widened(192, 4).is_none());
        // A copy's output weights are a share of its original's, so its gradient is too: one
        // step of training moves the two copies of a unit by different amounts.
        let samples: Vec<Sample> = FENS
            .iter()
            .enumerate()
            .map(|(i, f)| Sample::new(&f.parse().unwrap(), 0.25 * i as f32, wide.kings))
            .collect();
        let mut grad = Gradient::zeros(&wide);
        backward(&wide, &samples, Target::SCORE, &mut grad);
        let g_b1 = &grad.0[wide.w1.len()..wide.w1.len() + 256];
        let moved = (0..128).filter(|&j| g_b1[j] != 0.0 && g_b1[j] != g_b1[j + 128]).count();
        assert!(moved > 32, "only {moved} units' copies get different gradients");
    }

    #[test]
    fn training_learns_material() {
        // Targets that say "a queen up wins": the net must learn to tell the two sets apart.
        let up = ["4k3/8/8/8/8/8/8/3QK3", "k7/8/8/8/8/8/8/1Q2K3", "7k/8/8/8/2Q5/8/8/K7", "8/8/3k4/8/8/8/1Q6/6K1"];
        let down = ["3qk3/8/8/8/8/8/8/4K3", "q3k3/8/8/8/8/8/8/K7", "7k/8/8/3q4/8/8/8/K7", "8/1q6/8/8/8/3K4/8/6k1"];
        let mut samples = Vec::new();
        for (placements, target) in [(up, 0.95), (down, 0.05)] {
            for p in placements {
                samples.push(Sample::new(&format!("{p} w - - 0 1").parse().unwrap(), target, KingBuckets::PLAIN));
            }
        }
        let opts = TrainOptions {
            data: PathBuf::new(),
            data_seeds: Vec::new(),
            hidden: 8,
            buckets: 1,
            kings: KingBuckets::PLAIN,
            epochs: 40,
            lr: 0.01,
            weight_decay: 0.0,
            batch: 4,
            target: Target { lambda: 1.0, scale: SCALE as f32, next: 0.0 },
            threads: 2,
            seed: 1,
            max_positions: 0,
            mirror: false,
            init: None,
        };
        let before = mean_loss(&FloatNet::random(KingBuckets::PLAIN, 8, 1, 1), &samples, Target::SCORE, 1);
        let validation = samples.clone();
        let net = train(&mut samples, &validation, &opts, |_| {});
        let after = mean_loss(&net, &validation, Target::SCORE, 1);
        assert!(after < before / 4.0, "loss {before} -> {after}");
        let board = |p: &str| format!("{p} w - - 0 1").parse::<Board>().unwrap();
        assert!(net.evaluate(&board(up[0])) > 100.0, "{}", net.evaluate(&board(up[0])));
        assert!(net.evaluate(&board(down[0])) < -100.0, "{}", net.evaluate(&board(down[0])));
    }
}
