import { defineConfig } from 'vite';

// Cross-origin isolation, so that the page can stop a search through shared memory.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', headers: isolation },
  preview: { host: '127.0.0.1', headers: isolation },
  // The package finds its .wasm and its worker next to itself (import.meta.url): keep it whole.
  optimizeDeps: { exclude: ['chess-wasm'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
});
