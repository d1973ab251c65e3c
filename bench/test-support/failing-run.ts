/**
 * A benchmark run whose one scenario starts processes and then fails (`--mode fail`), hangs
 * until the run is interrupted (`--mode hang`), or waits for a child with its event loop blocked,
 * as a scenario running a command synchronously does (`--mode blocked`):
 * bench/harness.test.ts checks that nothing it started outlives it. Prints `{"pids":[…]}` once
 * every process is up.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { option, startServer } from '../lib/common.ts';
import { runScenarios } from '../lib/harness.ts';
import { spawnGroup } from '../lib/processes.ts';

const mode = option('mode') ?? 'fail';

async function startsProcessesThenFails(): Promise<never> {
  // A server the way every scenario starts one (its stderr is the run's own)…
  const server = await startServer({ script: 'bench/servers/hello-world.ts', readyPath: '/' });
  // …and a shell with a grandchild in the background, as npm or a browser would leave one.
  const shell = spawnGroup('sh', ['-c', 'sleep 300 & echo $!; wait'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(shell.stdout ?? process.stdin, 'data')) as [Buffer];
  const pids = [server.pid, shell.pid, Number(line.toString().trim())];
  console.log(JSON.stringify({ pids }));
  if (mode === 'hang') {
    await new Promise(() => setInterval(() => {}, 1000));
  }
  if (mode === 'blocked') {
    for (;;) {
      spawnSync('sleep', ['5']);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  throw new Error('this scenario fails on purpose');
}

const { failures } = await runScenarios({ failing: startsProcessesThenFails }, ['failing'], {
  quick: true,
});
process.exit(failures.length > 0 ? 1 : 0);
