// webpack 5 emitting ES modules (output.module): nothing else to set for chess-wasm.
export default {
  mode: 'production',
  entry: './main.js',
  experiments: { outputModule: true },
  output: { module: true },
};
