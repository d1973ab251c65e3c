/**
 * Runs every fault drill, one after the other, each in its own process:
 *
 *   npm run drills [-- --quick]
 *
 * Each drill merges its result into `bench/results/drills.json`; the summary of the latest
 * results is in `docs/reliability.md`. Exits with 1 when any drill fails.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from '../lib/common.ts';
import { log, quick } from './lib.ts';

const drills = ['upload-kill', 'postgres-restart', 'mixed-load', 'webhook-kill', 'money-kill'];
const passThrough = process.argv.slice(2);
const outcomes: { drill: string; ok: boolean; seconds: number }[] = [];

for (const drill of drills) {
  log(`drill ${drill}${quick ? ' (quick)' : ''}`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'drills', `${drill}.ts`), ...passThrough],
    { cwd: root, stdio: 'inherit' },
  );
  outcomes.push({
    drill,
    ok: result.status === 0,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}

for (const outcome of outcomes) {
  log(`${outcome.ok ? 'PASS' : 'FAIL'} ${outcome.drill} (${outcome.seconds} s)`);
}
process.exitCode = outcomes.every((outcome) => outcome.ok) ? 0 : 1;
