// Vite 6: the build's default targets lack top-level await, which chess-wasm's page entry has;
// and the dev server (`vite`) must not pre-bundle chess-wasm (that moves it away from its .wasm
// and its worker).
import { defineConfig } from 'vite';

export default defineConfig({
  build: { target: 'es2022' },
  optimizeDeps: { exclude: ['chess-wasm'] },
});
