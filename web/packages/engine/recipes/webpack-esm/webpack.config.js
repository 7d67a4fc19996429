// webpack 5 emitting ES modules: nothing to set for chess-wasm. (performance: webpack's size hint
// would warn about the 2.4 MB .wasm.)
export default {
  mode: 'production',
  entry: './main.js',
  experiments: { outputModule: true },
  output: { module: true },
  performance: { maxAssetSize: 3_000_000 },
};
