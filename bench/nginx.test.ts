import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from './lib/common.ts';
import { runScenarios } from './lib/harness.ts';
import { nginxPath, type RunningNginx, startNginx } from './lib/nginx.ts';

const installed = (() => {
  try {
    accessSync(nginxPath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The master and its workers. */
function nginxPids(master: number): number[] {
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8');
  return [master, ...children.trim().split(/\s+/).filter(Boolean).map(Number)];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

function servedDir(): { dir: string; bytes: Buffer } {
  const dir = tempDir('nginx-test');
  dirs.push(dir);
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  writeFileSync(path.join(dir, 'file.bin'), bytes);
  return { dir, bytes };
}

describe.skipIf(!installed)("the download benchmark's nginx", () => {
  it('serves a directory with ranges, and is gone once stopped', async () => {
    const { dir, bytes } = servedDir();
    const nginx = await startNginx(dir);
    const pids = nginxPids(nginx.pid);
    try {
      expect(pids.length).toBeGreaterThanOrEqual(2);
      const response = await fetch(`${nginx.base}/file.bin`, { headers: { range: 'bytes=500-' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('bytes 500-999/1000');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(500));
    } finally {
      await nginx.stop();
    }
    expect(pids.filter(alive)).toEqual([]);
  });

  it('is stopped, workers included, when the scenario that started it fails', async () => {
    const { dir } = servedDir();
    let pids: number[] = [];
    const { failures } = await runScenarios(
      {
        failing: async () => {
          const nginx: RunningNginx = await startNginx(dir);
          pids = nginxPids(nginx.pid);
          // The harness stops its processes; its files are this test's to remove.
          dirs.push(nginx.dir);
          throw new Error('this scenario fails on purpose');
        },
      },
      ['failing'],
      { quick: true },
    );
    expect(failures.map((failure) => failure.scenario)).toEqual(['failing']);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => pids.filter(alive), { timeout: 5000 }).toEqual([]);
  });
});
