// Copies the net file that src/net.ts names as NET_URL (`./nets/NAME.nnue`) from
// crates/chess-eval/nets/ into dist/nets/, so that the package ships it beside dist/net.js: one
// owner for which net the package loads (net.ts), the file from the crate that trained-in nets
// live in.
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';

const source = readFileSync(new URL('../src/net.ts', import.meta.url), 'utf8');
const names = [...source.matchAll(/new URL\('\.\/nets\/([\w.-]+\.nnue)', import\.meta\.url\)/g)].map((m) => m[1]);
if (names.length !== 1) throw new Error(`copy-net: src/net.ts should name one net file, found ${names.length}`);
const [name] = names;
const from = new URL(`../../../../crates/chess-eval/nets/${name}`, import.meta.url);
const to = new URL('../dist/nets/', import.meta.url);
mkdirSync(to, { recursive: true });
copyFileSync(from, new URL(name, to));
console.log(`copy-net: dist/nets/${name} (${statSync(from).size} bytes)`);
