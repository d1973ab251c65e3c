/**
 * Cold start on the embedded default (PGlite): process start to the first 200 of /api/health.
 * The first run initialises a new data directory (initdb); the next runs reopen it.
 *
 *   npx tsx bench/scenarios/cold-start.ts [--quick]
 */

import { spawnSync } from 'node:child_process';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import {
  check,
  flag,
  freePort,
  isMain,
  median,
  removeDir,
  root,
  round,
  type ScenarioOptions,
  type ScenarioResult,
  serverEntry,
  serverEnvironment,
  sourceServerNodeFlags,
  tempDir,
  waitForOk,
} from '../lib/common.ts';
import { spawnGroup, stopGroup } from '../lib/processes.ts';

export interface ColdStartVariant {
  label: string;
  flags: string[];
  script: string;
}

/** Milliseconds from spawn to the first healthy answer; the server is stopped afterwards. */
async function timeStart(variant: ColdStartVariant, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnGroup(process.execPath, [...variant.flags, variant.script], {
    cwd: root,
    env: serverEnvironment(port, { dataDir, env: { DATABASE_URL: undefined } }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, child, { intervalMs: 5 });
    return performance.now() - started;
  } finally {
    await stopGroup(child);
  }
}

export const tsxVariant: ColdStartVariant = {
  label: 'tsx',
  flags: sourceServerNodeFlags,
  script: serverEntry,
};

/** What `npm start` and the Docker image run: the server bundled by `npm run build`. */
export const bundledVariant: ColdStartVariant = {
  label: 'bundled, npm start',
  flags: serverNodeFlags,
  script: 'apps/api/dist/server.js',
};

export async function coldStart(
  { quick }: ScenarioOptions,
  variants: ColdStartVariant[] = [bundledVariant, tsxVariant],
): Promise<ScenarioResult> {
  if (variants.includes(bundledVariant)) {
    // Always rebuild: a stale bundle would measure old code.
    const build = spawnSync('npm', ['run', 'build', '-w', '@seller/api'], {
      cwd: root,
      stdio: 'ignore',
    });
    if (build.status !== 0) throw new Error('npm run build -w @seller/api failed');
  }
  const runs = quick ? 3 : 5;
  const metrics: ScenarioResult['metrics'] = [];
  const details: Record<string, unknown> = { runs };
  for (const variant of variants) {
    const dataDir = tempDir('bench-cold-start');
    try {
      const first = await timeStart(variant, dataDir);
      const reopen: number[] = [];
      for (let i = 0; i < runs; i++) reopen.push(await timeStart(variant, dataDir));
      const reopenMedian = median(reopen);
      details[variant.label] = {
        firstStartMs: round(first, 0),
        reopenMs: reopen.map((ms) => round(ms, 0)),
      };
      metrics.push({
        name: `reopen, median of ${runs} (${variant.label})`,
        value: round(reopenMedian, 0),
        unit: 'ms',
        ...(quick || variant !== bundledVariant ? {} : check(reopenMedian, '<', 1500)),
      });
      metrics.push({
        name: `first-ever start, initdb (${variant.label})`,
        value: round(first, 0),
        unit: 'ms',
      });
    } finally {
      removeDir(dataDir);
    }
  }
  return { scenario: 'cold start (PGlite)', metrics, details };
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await coldStart({ quick: flag('quick') }), null, 2));
}
