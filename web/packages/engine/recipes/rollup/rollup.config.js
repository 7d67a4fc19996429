// Rollup 4 with node-resolve. Rollup leaves `new URL('./…', import.meta.url)` as it is, so the
// package's worker is bundled as a second input named `worker` (the URL WorkerAi asks for, beside
// the page's bundle) and its .wasm is copied beside them (package.json's build script).
import resolve from '@rollup/plugin-node-resolve';

export default {
  input: { main: 'main.js', worker: 'chess-wasm/worker' },
  output: { dir: 'dist', format: 'es' },
  plugins: [resolve()],
};
