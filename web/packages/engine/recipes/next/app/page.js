// Next.js 15, app router: a client component. The page is prerendered on the server, where
// importing chess-wasm does nothing; in the browser, check.js loads the module (init()) and
// WorkerAi answers 1.e4. The result goes to <body data-result> for the recipe test.
'use client';
import { useEffect, useState } from 'react';
// check.js: the page recipes' own check (recipes/page/, copied here by recipes/run.mjs).
import { check } from './check.js';

export default function Page() {
  const [text, setText] = useState('thinking…');
  useEffect(() => {
    check().then(
      (result) => {
        setText(`The AI answers ${result.san}`);
        document.body.dataset.result = JSON.stringify(result);
      },
      (e) => {
        document.body.dataset.result = JSON.stringify({ error: String(e?.stack ?? e) });
      },
    );
  }, []);
  return <pre id="out">{text}</pre>;
}
