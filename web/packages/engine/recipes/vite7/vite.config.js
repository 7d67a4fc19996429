// Vite 6 and 7 pre-bundle dependencies for the dev server (`vite`), which moves chess-wasm
// away from its .wasm and its worker: keep it out. `vite build` needs nothing.
import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['chess-wasm'] },
});
