// The contract's verdict: reads vitest's JSON report of js-chess-engine's integration tests and
// contract/accepted-failures.json, and fails on any failing test that the list does not accept.
//
//   node contract/compare.mjs RESULTS.json ACCEPTED.json ROOT_OF_THE_TEST_FILES [VITEST]
//
// A listed test is accepted only when its failure message still contains the entry's `failure`
// text (our move, or our error): a different failure is a new one, to be judged again. Listed tests
// that pass are reported, so that the list can be pruned. Given the VITEST binary, a failure that
// is not accepted (at most three of them) is run once more, alone: one test of the suite compares
// wall-clock times of two searches of a few milliseconds, which a loaded machine can swap; a test
// that passes the second time counts as passed and is named as such. The last line is
// `N passed, M failed` (M: the failures not accepted), with the accepted count.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [resultsPath, acceptedPath, testRoot, vitest] = process.argv.slice(2);
if (!resultsPath || !acceptedPath || !testRoot) {
  console.error('usage: compare.mjs RESULTS.json ACCEPTED.json ROOT_OF_THE_TEST_FILES [VITEST]');
  process.exit(2);
}
const MAX_RETRIED = 3;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

const list = JSON.parse(readFileSync(acceptedPath, 'utf8'));
const accepted = new Map();
for (const entry of list.accepted ?? []) {
  for (const key of ['test', 'failure', 'why', 'evidence']) {
    if (typeof entry[key] !== 'string' || entry[key] === '') {
      console.error(`contract: ${acceptedPath}: an entry lacks '${key}': ${JSON.stringify(entry.test ?? entry)}`);
      process.exit(1);
    }
  }
  if (accepted.has(entry.test)) {
    console.error(`contract: ${acceptedPath}: '${entry.test}' is listed twice`);
    process.exit(1);
  }
  accepted.set(entry.test, entry);
}

const report = JSON.parse(readFileSync(resultsPath, 'utf8'));
// eslint-disable-next-line no-control-regex -- the terminal colours of vitest's messages
const firstLine = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0];
const passed = [];
const secondRun = [];
const acceptedFailures = [];
const unaccepted = [];
const nowPassing = [];
const seen = new Set();
let skipped = 0;

for (const file of report.testResults ?? []) {
  const fileName = relative(testRoot, file.name);
  const tests = file.assertionResults ?? [];
  for (const test of tests) {
    const name = [fileName, ...(test.ancestorTitles ?? []), test.title].join(' > ');
    seen.add(name);
    const entry = accepted.get(name);
    const message = (test.failureMessages ?? []).join('\n');
    if (test.status === 'passed') {
      passed.push(name);
      if (entry) nowPassing.push(name);
    } else if (test.status === 'failed') {
      if (entry && message.includes(entry.failure)) {
        acceptedFailures.push(entry);
      } else if (entry) {
        unaccepted.push({ name, file: file.name, title: [...(test.ancestorTitles ?? []), test.title].join(' '),
          text: `${name}\n      fails differently: its entry expects "${entry.failure}", got: ${firstLine(message)}` });
      } else {
        unaccepted.push({ name, file: file.name, title: [...(test.ancestorTitles ?? []), test.title].join(' '),
          text: `${name}\n      ${firstLine(message)}` });
      }
    } else {
      skipped += 1;
    }
  }
  // A file that did not load (syntax error, missing export...) has no test results of its own.
  if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
    unaccepted.push({ name: fileName, text: `${fileName} (the file failed to run)\n      ${firstLine(file.message)}` });
  }
}

// The second run, of the failures not accepted, alone (vitest's -t matches `describe ... it`).
const retried = unaccepted.filter((u) => u.title !== undefined);
if (vitest && retried.length > 0 && retried.length === unaccepted.length && retried.length <= MAX_RETRIED) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const retryPath = join(testRoot, 'retry.json');
  console.log(`\ncontract: running the ${plural(retried.length, 'failure')} not accepted once more, alone`);
  spawnSync(vitest, ['run', '--root', testRoot, '--reporter=json', `--outputFile.json=${retryPath}`,
    '-t', `^(${retried.map((u) => escape(u.title)).join('|')})$`, ...new Set(retried.map((u) => u.file))],
  { cwd: testRoot, stdio: 'ignore' });
  const again = existsSync(retryPath) ? JSON.parse(readFileSync(retryPath, 'utf8')) : { testResults: [] };
  for (const file of again.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const name = [relative(testRoot, file.name), ...(test.ancestorTitles ?? []), test.title].join(' > ');
      const index = unaccepted.findIndex((u) => u.name === name);
      if (test.status === 'passed' && index >= 0) {
        secondRun.push(name);
        passed.push(name);
        unaccepted.splice(index, 1);
      }
    }
  }
}

console.log('');
if (acceptedFailures.length > 0) {
  console.log(`contract: ${plural(acceptedFailures.length, 'accepted failure')} (${relative(process.cwd(), acceptedPath) || acceptedPath}):`);
  for (const entry of acceptedFailures) console.log(`  - ${entry.test}\n      ${entry.why}`);
}
if (nowPassing.length > 0) {
  console.log(`contract: listed as accepted failures but now passing (prune them from the list):`);
  for (const name of nowPassing) console.log(`  - ${name}`);
}
const missing = [...accepted.keys()].filter((name) => !seen.has(name));
if (missing.length > 0 && skipped === 0) {
  console.log(`contract: listed but not among the tests (renamed or removed? prune them):`);
  for (const name of missing) console.log(`  - ${name}`);
}
if (secondRun.length > 0) {
  console.log(`contract: failed, then passed when run again alone (timing under load?):`);
  for (const name of secondRun) console.log(`  - ${name}`);
}
if (unaccepted.length > 0) {
  console.log(`contract: FAILED, not in the accepted list:`);
  for (const u of unaccepted) console.log(`  - ${u.text}`);
}
if (passed.length + acceptedFailures.length + unaccepted.length === 0) {
  console.log('contract: no test ran');
  unaccepted.push({ name: '', text: 'no test ran' });
}
const extra = (secondRun.length > 0 ? `, ${secondRun.length} passed on a second run` : '') + (skipped > 0 ? `, ${skipped} skipped` : '');
console.log(`${passed.length} passed, ${unaccepted.length} failed (${plural(acceptedFailures.length, 'accepted failure')}${extra})`);
process.exit(unaccepted.length > 0 ? 1 : 0);
