/**
 * How fast this host is, told beside every table of a run: the CPU a bare Fastify hello-world
 * (`bench/servers/hello-world.ts`) spends per answer on 16 connections. Every ratio is measured
 * against an anchor of the same run, but CPU per request, p99s, cold start and Lighthouse move
 * with the host: a figure is read against this one (a fast host answers hello-world in about
 * 20 µs of CPU, the slowest seen here in 120).
 */
import { startServer } from './common.ts';
import { closedLoop, Recorder } from './http-load.ts';
import { processUsage } from './process-cpu.ts';

export interface HostSpeed {
  /** CPU of the hello-world server per answer, in µs. */
  helloWorldCpuMicros: number;
  answersPerSecond: number;
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
    };
  } finally {
    await server.stop();
  }
}

/** `hello-world 24 µs of CPU per answer (41,000/s)`. */
export const describeHostSpeed = (speed: HostSpeed) =>
  `hello-world ${speed.helloWorldCpuMicros} µs of CPU per answer (${speed.answersPerSecond.toLocaleString('en')}/s)`;
