/**
 * A benchmark run whose one scenario starts processes and then fails (`--mode fail`) or hangs
 * until the run is interrupted (`--mode hang`): bench/harness.test.ts checks that nothing it
 * started outlives it. Prints `{"pids":[…]}` once every process is up.
 */
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
  throw new Error('this scenario fails on purpose');
}

const { failures } = await runScenarios({ failing: startsProcessesThenFails }, ['failing'], {
  quick: true,
});
process.exit(failures.length > 0 ? 1 : 0);
