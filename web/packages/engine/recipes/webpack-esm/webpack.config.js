// webpack 5 emitting ES modules: nothing to set for chess-wasm. (performance: webpack's size hint
// would warn about the 1.9 MB .wasm.)
export default {
  mode: 'production',
  entry: './main.js',
  experiments: { outputModule: true },
  output: { module: true },
  performance: { maxAssetSize: 2_500_000 },
};
