import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface Finished {
  code: number | null;
  pids: number[];
  output: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs the fixture; resolves once its output pipes are closed, i.e. once no process it started
 * still holds them (a server left running would keep them open, and this would time out).
 */
function runFixture(mode: 'fail' | 'hang', interrupt?: NodeJS.Signals): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/test-support/failing-run.ts', '--mode', mode],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let pids: number[] = [];
    let code: number | null = null;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"pids":\[[\d,]+\]\}/.exec(output);
      if (match && pids.length === 0) {
        pids = (JSON.parse(match[0]) as { pids: number[] }).pids;
        if (interrupt) child.kill(interrupt);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (exitCode) => {
      code = exitCode;
    });
    child.on('error', reject);
    child.on('close', () => resolve({ code, pids, output }));
  });
}

async function expectGone(pids: number[]) {
  expect(pids).toHaveLength(3);
  await expect.poll(() => pids.filter(alive), { timeout: 5000 }).toEqual([]);
}

describe('the benchmark harness', () => {
  it('stops every process of a scenario that fails, grandchildren included', async () => {
    const run = await runFixture('fail');
    expect(run.output).toContain('this scenario fails on purpose');
    expect(run.code).toBe(1);
    await expectGone(run.pids);
  });

  it('stops every process when the run is interrupted (SIGINT)', async () => {
    const run = await runFixture('hang', 'SIGINT');
    expect(run.code).toBe(130);
    await expectGone(run.pids);
  });

  it('stops every process when the run is terminated (SIGTERM)', async () => {
    const run = await runFixture('hang', 'SIGTERM');
    expect(run.code).toBe(143);
    await expectGone(run.pids);
  });
});
