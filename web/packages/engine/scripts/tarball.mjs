// What the scripts that try the package as a user gets it share (recipes/run.mjs,
// scripts/sizes.mjs): running a command quietly, and the package packed as npm would publish it.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's folder (web/packages/engine). */
export const pkgDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Run `cmd` in `cwd` (no update notices, no colours): its `{ stdout, stderr }`, or an error with
 * the last 25 lines of its output.
 */
export function run(cmd, argv, cwd, timeoutMs = 240_000) {
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { cwd, timeout: timeoutMs, maxBuffer: 64 << 20, env: { ...process.env, npm_config_update_notifier: 'false', NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        if (error) {
          const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-25).join('\n');
          reject(new Error(`${cmd} ${argv.join(' ')} failed (${error.code ?? error.signal}):\n${tail}`));
        } else {
          resolve({ stdout, stderr });
        }
      });
  });
}

/** `npm pack` the package (dist/ must be built) into `dir`: the tarball's path. */
export async function packInto(dir) {
  await run('npm', ['pack', '--silent', '--pack-destination', dir], pkgDir);
  return join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz')));
}
