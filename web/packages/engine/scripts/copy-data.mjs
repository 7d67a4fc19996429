// Copies the files the package loads at run time into dist/, from the crates they live in: the
// stronger net that src/net.ts names as NET_URL (`./nets/NAME.nnue`, from crates/chess-eval/nets/)
// and the engine's data files that src/data.ts names (`./data/FILE`: the two nets the module
// searches with, the opening book and the opening names, from chess-eval's nets/ and chess-ai's
// data/). The sources' `new URL('./…', import.meta.url)` lines are the one owner of which files
// ship; this script reads them.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';

const crates = new URL('../../../../crates/', import.meta.url);
/** Where a file of the package comes from in the crates. */
const sourceOf = (name) => {
  for (const dir of ['chess-eval/nets/', 'chess-ai/data/']) {
    const from = new URL(dir + name, crates);
    if (existsSync(from)) return from;
  }
  throw new Error(`copy-data: ${name} is in neither crates/chess-eval/nets/ nor crates/chess-ai/data/`);
};

for (const [source, folder, count] of [['net.ts', 'nets', 1], ['data.ts', 'data', 4]]) {
  const text = readFileSync(new URL(`../src/${source}`, import.meta.url), 'utf8');
  const pattern = new RegExp(`new URL\\('\\./${folder}/([\\w.-]+)', import\\.meta\\.url\\)`, 'g');
  const names = [...text.matchAll(pattern)].map((m) => m[1]);
  if (names.length !== count) throw new Error(`copy-data: src/${source} should name ${count} file(s) in ./${folder}/, found ${names.length}`);
  const to = new URL(`../dist/${folder}/`, import.meta.url);
  mkdirSync(to, { recursive: true });
  for (const name of names) {
    const from = sourceOf(name);
    copyFileSync(from, new URL(name, to));
    console.log(`copy-data: dist/${folder}/${name} (${statSync(from).size} bytes)`);
  }
}
