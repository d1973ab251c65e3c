/**
 * The processes a benchmark starts. Each child runs in a process group of its own (`detached`),
 * so that stopping it stops whatever it started too (npm's shells, Chromium's helpers). Every
 * group still running is stopped when a scenario ends (`stopStrays`, run by the harness after
 * each scenario, failed or not), when the run exits, and on SIGINT or SIGTERM: a failed
 * benchmark never leaves a server holding the caller's output pipe open.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/** Leaders of the groups started and not yet stopped. */
const groups = new Set<number>();

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether any process of the group is still there (zombies awaiting their reaper included). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `spawn` in a new process group, remembered until `stopGroup` (or a stray sweep) stops it. */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid) groups.add(child.pid);
  return child;
}

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command run to its end in a group of its own, its output collected. Unlike `spawnSync`, the
 * event loop stays free meanwhile: an interrupted run stops it and everything else at once.
 */
export async function runGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<CommandResult> {
  const child = spawnGroup(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  // Whatever the command left in its group goes with it.
  await stopGroup(child);
  return {
    status,
    stdout: Buffer.concat(stdout).toString('utf8'),
    stderr: Buffer.concat(stderr).toString('utf8'),
  };
}

/** A group started by a library (chrome-launcher starts Chromium as a group leader). */
export function adoptGroup(pid: number | undefined): void {
  if (pid) groups.add(pid);
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * SIGTERM to the group, SIGKILL to whatever is left after `graceMs`; resolves once the leader
 * has exited and the rest of the group has been killed.
 */
export async function stopGroup(child: ChildProcess, { graceMs = 10_000 } = {}): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  if (!exited(child)) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    signalGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
  // The leader is gone; anything it left behind in its group goes too.
  signalGroup(pid, 'SIGKILL');
  groups.delete(pid);
}

/** Groups still running, e.g. started by a scenario that failed before stopping them. */
export function runningGroups(): number[] {
  return [...groups].filter(groupAlive);
}

/**
 * Stops every group still running: SIGTERM, then SIGKILL after `graceMs` to those left.
 * Returns the leaders that had to be stopped.
 */
export async function stopStrays({ graceMs = 3000 } = {}): Promise<number[]> {
  const strays = runningGroups();
  for (const pid of strays) signalGroup(pid, 'SIGTERM');
  const deadline = performance.now() + graceMs;
  while (strays.some(groupAlive) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const pid of strays) signalGroup(pid, 'SIGKILL');
  groups.clear();
  return strays;
}

function killAllNow() {
  for (const pid of groups) signalGroup(pid, 'SIGKILL');
  groups.clear();
}

let installed = false;

/**
 * On SIGINT or SIGTERM the run stops its groups (gracefully first) and exits with the usual
 * 128 + signal code; on any exit, groups still there are killed.
 */
export function stopGroupsOnExit(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAllNow);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the benchmark's processes`);
      void stopStrays({ graceMs: 2000 }).finally(() => process.exit(code));
    });
  }
}
