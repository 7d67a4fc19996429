// Speed, measured side by side in one run:
//  - nodes per second of the wasm build (in Node) against the native `chess bench` on the same
//    positions and depth (the node counts must be equal);
//  - the time of ai({ level }) for levels 1-5, ours against js-chess-engine's, on the same positions
//    (the first call of each, which pays one-time costs, timed apart).
//
//   node scripts/bench.mjs [--native PATH_TO_CHESS_BINARY] [--jce PATH_TO_JS_CHESS_ENGINE_INDEX_JS]
import { execFileSync } from 'node:child_process';
import { ai as ourAi, bench, currentNet, loadNet, unloadNet } from '../dist/index.js';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const depth = 11;
const native = arg('--native');
/** The wasm bench on the compiled-in net: what a user of the package gets without loadNet. */
let compiledIn;
// Each net the package searches with: the compiled-in one, then the stronger one it ships (the
// native build's), against the native binary on the same net (`--eval NAME`).
for (const load of [false, true]) {
  if (load) await loadNet();
  const net = currentNet().name;
  const wasm = bench(depth);
  compiledIn ??= wasm;
  console.log(`wasm (Node ${process.version}, ${net}): ${wasm.nodes} nodes in ${wasm.timeMs} ms, ${wasm.nps} nodes/s`);
  if (native) {
    const out = execFileSync(native, ['bench', String(depth), '--eval', net], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const nodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(out)?.[1]);
    const nps = Number(/Nodes\/second\s*:\s*(\d+)/.exec(out)?.[1]);
    console.log(`native (${net}): ${nodes} nodes, ${nps} nodes/s; wasm/native = ${(wasm.nps / nps).toFixed(2)}`);
    if (nodes !== wasm.nodes) throw new Error('the wasm build searched a different tree');
  }
}
unloadNet();

const positions = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  'r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10',
  'r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 0 10',
  '8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 40',
];
const jcePath = arg('--jce');
const jce = jcePath ? await import(jcePath) : null;
const time = (f) => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
// The first call of each library pays one-time costs (its code's first run, our first engine of
// the pool): timed apart, then one warm-up call each before the table.
const cold = [time(() => ourAi(positions[1], { level: 1, randomness: 0 }))];
if (jce) cold.push(time(() => jce.ai(positions[1], { level: 1, randomness: 0 })));
console.log(`\nfirst call, level 1: chess-wasm ${cold[0].toFixed(1)} ms${jce ? `, js-chess-engine ${cold[1].toFixed(1)} ms` : ''}`);
console.log('ai({ level, randomness: 0 }) on the same positions, after that first call: mean ms per move');
console.log('level | chess-wasm | js-chess-engine | ratio');
for (let level = 1; level <= 5; level++) {
  const ours = positions.map((fen) => time(() => ourAi(fen, { level, randomness: 0 })));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const theirs = jce ? positions.map((fen) => time(() => jce.ai(fen, { level, randomness: 0 }))) : null;
  console.log(
    `${level} | ${mean(ours).toFixed(1)} | ${theirs ? mean(theirs).toFixed(1) : '-'} | ${theirs ? (mean(theirs) / mean(ours)).toFixed(1) + 'x' : '-'}`,
  );
}

if (jce) {
  // js-chess-engine's own speed: its analysis reports the nodes it searched.
  let nodes = 0;
  let ms = 0;
  for (const fen of positions) {
    const start = performance.now();
    const r = jce.ai(fen, { level: 5, randomness: 0, play: false, analysis: true });
    ms += performance.now() - start;
    nodes += r.nodesSearched ?? 0;
  }
  const nps = Math.round((nodes * 1000) / ms);
  console.log(`\njs-chess-engine level 5: ${nodes} nodes in ${ms.toFixed(0)} ms, ${nps} nodes/s; chess-wasm/js-chess-engine = ${(compiledIn.nps / nps).toFixed(1)}x`);
}
