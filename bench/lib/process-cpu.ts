/**
 * CPU time of processes from Linux's /proc: what each process of a tree has used so far (user +
 * system), grouped by a role read from its command line. Taken before and after a measured
 * stretch, the difference over its wall time is the cores each role kept busy.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`; 100 on Linux). */
const ticksPerSecond = 100;

interface ProcessStat {
  pid: number;
  /** The command name (`comm`). */
  name: string;
  parent: number;
  cpuSeconds: number;
  userSeconds: number;
  systemSeconds: number;
  /** What its children that ended and were waited for used (user + system). */
  endedChildrenSeconds: number;
}

function readStat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields count from after it.
    const nameEnd = text.lastIndexOf(')');
    const fields = text.slice(nameEnd + 2).split(' ');
    const userSeconds = Number(fields[11]) / ticksPerSecond;
    const systemSeconds = Number(fields[12]) / ticksPerSecond;
    return {
      pid,
      name: text.slice(text.indexOf('(') + 1, nameEnd),
      parent: Number(fields[1]),
      cpuSeconds: userSeconds + systemSeconds,
      userSeconds,
      systemSeconds,
      endedChildrenSeconds: (Number(fields[13]) + Number(fields[14])) / ticksPerSecond,
    };
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** `name: value` lines (`/proc/<pid>/io`, `/proc/<pid>/status`) as numbers by name. */
function procFields(pid: number, file: 'io' | 'status'): Map<string, number> {
  const fields = new Map<string, number>();
  try {
    for (const line of readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) fields.set(line.slice(0, colon), Number.parseInt(line.slice(colon + 1), 10));
    }
  } catch {
    // the process ended meanwhile, or its io file is not ours to read: zeros below
  }
  return fields;
}

/**
 * What a process has done so far, to take before and after a measured stretch: its CPU split
 * into user and system time, the system calls that read and wrote (sockets included: one per
 * `read`/`write`/`writev`), and how often its main thread was preempted (involuntary context
 * switches: it was runnable when the kernel gave its core to another process).
 */
export interface ProcessUsage {
  userSeconds: number;
  systemSeconds: number;
  readCalls: number;
  writeCalls: number;
  preemptions: number;
}

export const noUsage: ProcessUsage = {
  userSeconds: 0,
  systemSeconds: 0,
  readCalls: 0,
  writeCalls: 0,
  preemptions: 0,
};

export function processUsage(pid: number): ProcessUsage {
  const stat = readStat(pid);
  const io = procFields(pid, 'io');
  const status = procFields(pid, 'status');
  return {
    userSeconds: stat?.userSeconds ?? 0,
    systemSeconds: stat?.systemSeconds ?? 0,
    readCalls: io.get('syscr') ?? 0,
    writeCalls: io.get('syscw') ?? 0,
    preemptions: status.get('nonvoluntary_ctxt_switches') ?? 0,
  };
}

/** `a + sign × b`, field by field: `b` added, or (sign −1) what happened between `b` and `a`. */
export function combineUsage(a: ProcessUsage, b: ProcessUsage, sign: 1 | -1 = 1): ProcessUsage {
  return {
    userSeconds: a.userSeconds + sign * b.userSeconds,
    systemSeconds: a.systemSeconds + sign * b.systemSeconds,
    readCalls: a.readCalls + sign * b.readCalls,
    writeCalls: a.writeCalls + sign * b.writeCalls,
    preemptions: a.preemptions + sign * b.preemptions,
  };
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * CPU seconds used so far by `rootPid`'s descendants, summed per role; `roleOf` names the role
 * of a command line, or leaves the process out (undefined).
 */
export function treeCpuSeconds(
  rootPid: number,
  roleOf: (commandLine: string) => string | undefined,
): Record<string, number> {
  const stats = new Map<number, ProcessStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(stat.pid, stat);
  }
  const descends = (stat: ProcessStat): boolean => {
    for (let parent = stat.parent, hops = 0; parent > 1 && hops < 64; hops++) {
      if (parent === rootPid) return true;
      parent = stats.get(parent)?.parent ?? 0;
    }
    return false;
  };
  const totals: Record<string, number> = {};
  for (const stat of stats.values()) {
    if (!descends(stat)) continue;
    const role = roleOf(commandLine(stat.pid));
    if (role) totals[role] = (totals[role] ?? 0) + stat.cpuSeconds;
  }
  return totals;
}

/**
 * CPU seconds used so far by every process with this command name, counting what their ended
 * children used too: for `postgres`, the live backends and, through the postmaster that waited
 * for them, the backends that have already exited (a pgbench run's connections).
 */
export function namedCpuSeconds(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.name === name) total += stat.cpuSeconds + stat.endedChildrenSeconds;
  }
  return total;
}

/** CPU seconds used so far by the children of one process that have ended and been waited for. */
export function endedChildrenCpuSeconds(pid: number): number {
  return readStat(pid)?.endedChildrenSeconds ?? 0;
}

/** CPU seconds used so far by one process (user + system); 0 once it has ended. */
export function processCpuSeconds(pid: number): number {
  return readStat(pid)?.cpuSeconds ?? 0;
}

/** Chromium's processes by role: the browser, its network service, renderers, GPU, others. */
export function chromiumRole(commandLine: string): string | undefined {
  if (!/chrom/i.test(commandLine.split(' ')[0] ?? '')) return undefined;
  if (commandLine.includes('--utility-sub-type=network.mojom.NetworkService')) return 'network';
  const type = /--type=([\w-]+)/.exec(commandLine)?.[1];
  if (!type) return 'browser';
  if (type === 'renderer') return 'renderer';
  if (type === 'gpu-process') return 'gpu';
  return 'other';
}
