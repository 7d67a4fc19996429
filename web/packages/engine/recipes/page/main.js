// The page of the bundler recipes (recipes/run.mjs copies this folder into each that has none of
// its own): check.js's result goes to <body data-result>, where the runner reads it.
import { check } from './check.js';

check().then(
  (result) => {
    document.getElementById('out').textContent = `The AI answers ${result.san}`;
    document.body.dataset.result = JSON.stringify(result);
  },
  (e) => {
    document.body.dataset.result = JSON.stringify({ error: String(e?.stack ?? e) });
  },
);
