/**
 * How fast this host is, told beside every table of a run: the CPU a bare Fastify hello-world
 * (`bench/servers/hello-world.ts`) spends per answer on 16 connections, and the CPU it takes to
 * touch memory for the first time. Every ratio is measured against an anchor of the same run,
 * but CPU per request, p99s, cold start and Lighthouse move with the host: a figure is read
 * against these (a fast host answers hello-world in about 20 µs of CPU, the slowest seen here in
 * 120).
 *
 * The second matters to whatever starts often or grows its memory: a browser tab creating its
 * scripts' context and heaps, a process starting, PGlite opening. On most machines a fresh page
 * costs a fraction of a microsecond; in some virtual machines the host hands each one over
 * itself, at 20 µs or more, and Chromium's work there took two to three times as long as on a
 * fast host, while hello-world, which keeps reusing the same memory, took half as long again.
 */
import { startServer } from './common.ts';
import { closedLoop, Recorder } from './http-load.ts';
import { processUsage } from './process-cpu.ts';

export interface HostSpeed {
  /** CPU of the hello-world server per answer, in µs. */
  helloWorldCpuMicros: number;
  answersPerSecond: number;
  /** CPU to touch a 4 KiB page of memory this process has not used before, in µs. */
  freshPageMicros: number;
}

const pageBytes = 4096;

/**
 * Fills a block of memory just allocated (Node asks the system for a block this size directly,
 * so none of its pages has been touched): the CPU it took, the pages and the page faults.
 */
export function touchFreshMemory(bytes: number): {
  cpuMicros: number;
  pages: number;
  minorFaults: number;
} {
  const before = process.resourceUsage();
  Buffer.allocUnsafeSlow(bytes).fill(1);
  const after = process.resourceUsage();
  return {
    cpuMicros: after.userCPUTime + after.systemCPUTime - before.userCPUTime - before.systemCPUTime,
    pages: bytes / pageBytes,
    minorFaults: after.minorPageFault - before.minorPageFault,
  };
}

/** The median CPU per fresh page of a few 64 MiB blocks, in µs. */
export function measureFreshMemory({ rounds = 5, bytes = 64 * 2 ** 20 } = {}): number {
  const perPage = Array.from({ length: rounds }, () => {
    const touched = touchFreshMemory(bytes);
    return touched.cpuMicros / touched.pages;
  }).sort((a, b) => a - b);
  return perPage[Math.floor(rounds / 2)] ?? Number.NaN;
}

export async function measureHostSpeed({ seconds = 3 } = {}): Promise<HostSpeed> {
  const server = await startServer({
    script: 'bench/servers/hello-world.ts',
    readyPath: '/',
    quiet: true,
  });
  try {
    const load = (recorder: Recorder, duration: number) =>
      closedLoop({
        base: server.base,
        connections: 16,
        seconds: duration,
        recorder,
        next: () => ({ label: 'hello', method: 'GET', path: '/' }),
      }).done;
    // The first second warms the JIT; only the rest is counted.
    await load(new Recorder(), 1);
    const before = processUsage(server.pid);
    const recorder = new Recorder();
    await load(recorder, seconds);
    const after = processUsage(server.pid);
    const answers = recorder.count();
    if (answers === 0) throw new Error('hello-world answered nothing');
    const cpuSeconds =
      after.userSeconds + after.systemSeconds - before.userSeconds - before.systemSeconds;
    return {
      helloWorldCpuMicros: Math.round((cpuSeconds * 1e6) / answers),
      answersPerSecond: Math.round(answers / seconds),
      freshPageMicros: Math.round(measureFreshMemory() * 100) / 100,
    };
  } finally {
    await server.stop();
  }
}

/** `hello-world 24 µs of CPU per answer (41,000/s), a fresh page of memory 0.4 µs`. */
export const describeHostSpeed = (speed: HostSpeed) =>
  `hello-world ${speed.helloWorldCpuMicros} µs of CPU per answer (${speed.answersPerSecond.toLocaleString('en')}/s), a fresh page of memory ${speed.freshPageMicros} µs`;
