/** Helpers shared by the benchmark scenarios: processes, ports, databases, statistics. */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sourceServerNodeFlags } from '../../scripts/server-flags.mjs';
import { spawnGroup, stopGroup } from './processes.ts';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const resultsDir = path.join(root, 'bench', 'results');

/** `--name value` from the command line. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export const flag = (name: string) => process.argv.includes(`--${name}`);

/** True when `file` (a scenario's `import.meta.filename`) is the script node was asked to run. */
export const isMain = (file: string) =>
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === file;

export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. `≥ 0.5` or `< 15`. */
  target?: string;
  /** Undefined when the metric has no target or the run is a quick smoke. */
  pass?: boolean;
}

export interface ScenarioResult {
  scenario: string;
  metrics: Metric[];
  details: Record<string, unknown>;
  /** Extra Markdown (e.g. query plans) for bench/results/latest.md. */
  markdown?: string;
}

export interface ScenarioOptions {
  quick: boolean;
}

export function check(value: number, comparator: '<' | '≤' | '≥', limit: number) {
  const pass =
    comparator === '<' ? value < limit : comparator === '≤' ? value <= limit : value >= limit;
  return { target: `${comparator} ${limit}`, pass };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));

// ---- PostgreSQL ---------------------------------------------------------------------------

/** The PostgreSQL server the benchmarks use; each scenario creates and drops its own database. */
export const postgresServerUrl =
  option('database-url') ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

export async function postgresVersion(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: postgresServerUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates a fresh database and returns its URL. */
export async function createDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({
    connectionString: postgresServerUrl,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(postgresServerUrl, name);
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

// ---- Servers ------------------------------------------------------------------------------

/** Node flags of the helper servers (the hello-world baseline, the one-query route). */
export const nodeFlags = ['--import', 'tsx'];
/** The real server's: its production memory options, then tsx (scripts/server-flags.mjs). */
export { sourceServerNodeFlags };
export const serverEntry = 'apps/api/src/server.ts';

/** High limits so that the rate limiter never answers 429 during a benchmark. */
export const unlimitedRates = {
  RATE_LIMIT_LOGIN_ACCOUNT: '1000000000',
  RATE_LIMIT_LOGIN_IP: '1000000000',
  RATE_LIMIT_SIGNUP_IP_PER_HOUR: '1000000000',
  RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '1000000000',
};

export interface RunningServer {
  process: ChildProcess;
  pid: number;
  base: string;
  port: number;
  stop(): Promise<void>;
}

export interface ServerSettings {
  /** Script relative to the repository root; the real server by default. */
  script?: string;
  /**
   * Node arguments before the script: by default the real server's production options with
   * tsx, and `--import tsx` alone for another script.
   */
  flags?: string[];
  env?: Record<string, string | undefined>;
  dataDir?: string;
  databaseUrl?: string;
  /** Wait for a 200 from this path; default `/api/health`. */
  readyPath?: string;
  quiet?: boolean;
}

/** The environment of a production server on 127.0.0.1 (PostgreSQL when `databaseUrl` is set). */
export function serverEnvironment(
  port: number,
  settings: ServerSettings,
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    UPLOAD_SWEEP_INTERVAL_MINUTES: '0',
    ...unlimitedRates,
    DATABASE_URL: settings.databaseUrl,
    DATA_DIR: settings.dataDir,
    ...settings.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

export async function startServer(settings: ServerSettings = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnGroup(
    process.execPath,
    [
      ...(settings.flags ?? (settings.script ? nodeFlags : sourceServerNodeFlags)),
      settings.script ?? serverEntry,
    ],
    {
      cwd: root,
      env: serverEnvironment(port, settings),
      stdio: ['ignore', settings.quiet ? 'ignore' : 'inherit', 'inherit'],
    },
  );
  if (!child.pid) throw new Error('could not start the server');
  const base = `http://127.0.0.1:${port}`;
  const stop = () => stopGroup(child, { graceMs: 15_000 });
  try {
    await waitForOk(`${base}${settings.readyPath ?? '/api/health'}`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: child, pid: child.pid, base, port, stop };
}

/** Polls `url` until it answers 200; the time it took in milliseconds. */
export async function waitForOk(
  url: string,
  child: ChildProcess,
  { intervalMs = 200, timeoutMs = 120_000 } = {},
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) during start`);
    if ((await statusOf(url)) === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function statusOf(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', () => resolve(undefined));
    request.setTimeout(5000, () => request.destroy());
  });
}

// ---- HTTP timing --------------------------------------------------------------------------

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection; resolves with the status, body and milliseconds. */
export function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: keepAlive, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    request.on('error', reject);
  });
}

/** Sequential samples after a warm-up; fails on any non-200 answer. */
export async function sampleGet(
  url: string,
  headers: Record<string, string>,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<{ p50: number; p95: number; p99: number; max: number; samples: number }> {
  const times: number[] = [];
  for (let i = 0; i < warmup + samples; i++) {
    const { status, body, ms } = await timedGet(url, headers);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${body.slice(0, 200)}`);
    if (i >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? Number.NaN),
    samples,
  };
}

// ---- Uploads ------------------------------------------------------------------------------

export interface PutPartOptions {
  agent: http.Agent | false;
  /** Sends only this many bytes and keeps the request open (a client that dies mid-part). */
  holdAfter?: number;
  /** Called once the bytes to send are handed to the socket. */
  onSent?: () => void;
}

/** PUTs one part's bytes to a storage part URL; resolves with the ETag of its 200 answer. */
export function putPart(url: string, body: Buffer, options: PutPartOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', headers: { 'content-length': String(body.length) }, agent: options.agent },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) resolve(String(response.headers.etag));
          else reject(new Error(`part PUT answered ${response.statusCode}`));
        });
      },
    );
    request.on('error', reject);
    const sent = () => options.onSent?.();
    if (options.holdAfter === undefined) request.end(body, sent);
    else request.write(body.subarray(0, options.holdAfter), sent);
  });
}

// ---- Processes ----------------------------------------------------------------------------

export function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** Peak of a process's RSS, read every 50 ms until stopped. */
export function rssSampler(pid: number) {
  let peak = procStatus(pid, 'VmRSS');
  const timer = setInterval(() => {
    peak = Math.max(peak, procStatus(pid, 'VmRSS'));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, procStatus(pid, 'VmRSS'));
    },
  };
}
