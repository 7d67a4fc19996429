// Copies cm-chessboard's assets (board CSS sprites, the Wikimedia piece set under CC BY-SA 3.0,
// markers, arrows) into public/, where the board loads them at run time.
import { cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('cm-chessboard/package.json'));
const out = new URL('../public/cm-chessboard/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
for (const part of ['pieces/standard.svg', 'extensions/markers/markers.svg', 'extensions/arrows/arrows.svg']) {
  mkdirSync(dirname(join(out, part)), { recursive: true });
  cpSync(join(root, 'assets', part), join(out, part));
}
