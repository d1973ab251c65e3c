import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

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

const fixture = 'bench/test-support/failing-run.ts';

/** Every process a fixture started: whatever a failed test leaves is killed after it. */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** The command `npm run bench` runs. */
function benchCommand(): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = manifest.scripts.bench ?? '';
  expect(command).toContain('bench/run.ts');
  return command;
}

/**
 * Runs the fixture; resolves once its output pipes are closed, i.e. once no process it started
 * still holds them (a server left running would keep them open, and this would time out).
 */
function runFixture(
  mode: 'fail' | 'hang' | 'blocked',
  interrupt?: NodeJS.Signals,
  { asNpmRunsIt = false } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = asNpmRunsIt
      ? // `npm run bench`'s own command (a shell, node_modules/.bin first in the path) in a
        // process group of its own, so that the signal reaches the whole group, as `timeout`
        // and Ctrl-C send it.
        spawn('sh', ['-c', benchCommand().replace('bench/run.ts', `${fixture} --mode ${mode}`)], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
          env: {
            ...process.env,
            PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
          },
        })
      : spawn(process.execPath, ['--import', 'tsx', fixture, '--mode', mode], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    const signal = (name: NodeJS.Signals) => {
      if (asNpmRunsIt && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    };
    let output = '';
    let pids: number[] = [];
    let code: number | null = null;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"pids":\[[\d,]+\]\}/.exec(output);
      if (match && pids.length === 0) {
        pids = (JSON.parse(match[0]) as { pids: number[] }).pids;
        started.push(...pids);
        if (interrupt) signal(interrupt);
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

  it('stops every process when `npm run bench` is terminated while a scenario waits for a command', async () => {
    // A runner between the shell and the run that kills it when it does not answer a signal
    // at once (tsx's CLI gives it 60 ms) would leave the scenario's server running.
    const run = await runFixture('blocked', 'SIGTERM', { asNpmRunsIt: true });
    expect(run.output).toContain('SIGTERM: stopping the benchmark');
    await expectGone(run.pids);
  });
});
