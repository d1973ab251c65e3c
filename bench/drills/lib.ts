/**
 * Shared helpers of the fault drills: the real server as a child process, a plain HTTP client
 * on keep-alive sockets, seller and product set-up through the public API, scratch PostgreSQL
 * databases, the local PostgreSQL cluster's restart, and `bench/results/drills.json`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { signInternalRequest } from '../../apps/api/src/lib/internal-signature.ts';
import { freePort, root, round } from '../lib/common.ts';
import { withClient } from '../lib/seed.ts';

export const resultsFile = path.join(root, 'bench', 'results', 'drills.json');
/** `--quick`: every drill shortened (seconds of load, small files) for smoke runs. */
export const quick = process.argv.includes('--quick');
export const verbose = process.argv.includes('--verbose');
export const internalSecret = `drill-internal-secret-${'x'.repeat(24)}`;
export const adminDatabaseUrl =
  process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const run = promisify(execFile);

export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function log(message: string) {
  console.log(`[${new Date().toISOString().slice(11, 23)}] ${message}`);
}

/** Throws with `message` unless `condition` holds; drills collect these as failed checks. */
export class Checks {
  readonly passed: string[] = [];
  readonly failed: string[] = [];
  check(condition: boolean, message: string): boolean {
    if (condition) this.passed.push(message);
    else {
      this.failed.push(message);
      log(`CHECK FAILED: ${message}`);
    }
    return condition;
  }
  get ok() {
    return this.failed.length === 0;
  }
  /** Logs PASS or the failed checks, and sets the exit code accordingly. */
  conclude(): void {
    log(this.ok ? 'PASS' : `FAIL: ${this.failed.join('; ')}`);
    process.exitCode = this.ok ? 0 : 1;
  }
}

/**
 * Runs a drill that needs the local PostgreSQL: without it the drill is recorded as skipped and
 * fails; an exception is logged and recorded as a failed run.
 */
export async function runPostgresDrill(name: string, main: () => Promise<void>): Promise<void> {
  try {
    if (!(await postgresAvailable())) {
      log('PostgreSQL does not answer: the drill needs it');
      recordResult(name, { measuredAt: new Date().toISOString(), skipped: 'no PostgreSQL' });
      process.exitCode = 1;
      return;
    }
    await main();
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    log(`drill failed: ${failure.stack ?? failure}`);
    recordResult(name, {
      measuredAt: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      ok: false,
      error: failure.message,
    });
    process.exitCode = 1;
  }
}

// --- the server ---------------------------------------------------------------------------

export interface ServerOptions {
  dataDir: string;
  port: number;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
  /** Lines the server wrote (warn and above, JSON), kept for the report. */
  lines: string[];
}

export function serverEnvironment(options: ServerOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    INTERNAL_API_SECRET: internalSecret,
    RATE_LIMIT_SIGNUP_IP_PER_HOUR: '1000000',
    RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '1000000',
    RATE_LIMIT_LOGIN_ACCOUNT: '1000000',
    RATE_LIMIT_LOGIN_IP: '1000000',
    TIME_ZONE: 'Asia/Seoul',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

/** `node --import tsx apps/api/src/server.ts`: the child is the server itself (kill -9 hits it). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: serverEnvironment(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!child.pid) throw new Error('could not start the server');
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      if (lines.length < 2000) lines.push(line);
      if (verbose) console.log(`  server| ${line}`);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const server: RunningServer = {
    base: `http://127.0.0.1:${options.port}`,
    child,
    pid: child.pid,
    exited,
    lines,
  };
  try {
    await waitForHealth(server, 180_000);
  } catch (error) {
    // A copy that never became healthy is nobody's to stop later.
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  return server;
}

export async function waitForHealth(server: RunningServer, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited during start:\n${server.lines.slice(-20).join('\n')}`);
    }
    if (await healthy(server.base)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`the server did not become healthy:\n${server.lines.slice(-20).join('\n')}`);
}

export async function healthy(base: string): Promise<boolean> {
  try {
    const response = await request(base, 'GET', '/api/health', { timeoutMs: 2000 });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** kill -9: no shutdown hook, no flush, no closing of the database. */
export async function killHard(server: RunningServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM (graceful shutdown), SIGKILL after 20 s. */
export async function stopServer(server: RunningServer): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

// --- HTTP ---------------------------------------------------------------------------------

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T>(): T;
}

export interface RequestOptions {
  json?: unknown;
  /** Raw body (sent as is, `content-type` from headers). */
  raw?: Buffer | string;
  token?: string;
  headers?: Record<string, string>;
  agent?: http.Agent;
  timeoutMs?: number;
}

export function request(
  base: string,
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<HttpResponse> {
  const body =
    options.raw !== undefined
      ? Buffer.from(options.raw)
      : options.json !== undefined
        ? Buffer.from(JSON.stringify(options.json))
        : undefined;
  const headers: Record<string, string> = {
    ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      { method, headers, agent: options.agent ?? defaultAgent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: buffer,
            json: <T>() => JSON.parse(buffer.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('error', reject);
    if (options.timeoutMs) {
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error('request timed out')));
    }
    req.end(body);
  });
}

export const defaultAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** A JSON call that must answer 2xx. */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await request(base, method, url, options);
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${method} ${url}: ${response.status} ${response.body.toString('utf8')}`);
  }
  return (response.body.length ? response.json<T>() : undefined) as T;
}

// --- sellers and products -----------------------------------------------------------------

export interface Seller {
  email: string;
  nickname: string;
  password: string;
  token: string;
}

export async function signUp(base: string, label = 'drill'): Promise<Seller> {
  const suffix = randomBytes(5).toString('hex');
  const seller = {
    email: `${label}${suffix}@example.com`,
    nickname: `${label}${suffix}`,
    password: `Drill-${suffix}-pass`,
  };
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/signup', {
    json: seller,
  });
  return { ...seller, token };
}

/** A completed single-PUT upload (get-upload-url, PUT, complete-upload). */
export async function uploadSmall(
  base: string,
  token: string,
  file: { name: string; type: string; bytes: Buffer; isImage: boolean },
): Promise<string> {
  const started = await api<{ uploadUrl: string; s3Key: string; contentType: string }>(
    base,
    'POST',
    '/api/products/get-upload-url',
    {
      token,
      json: {
        fileName: file.name,
        fileType: file.type,
        fileSize: file.bytes.length,
        isImage: file.isImage,
      },
    },
  );
  const put = await request(base, 'PUT', started.uploadUrl, {
    raw: file.bytes,
    headers: { 'content-type': started.contentType },
  });
  if (put.status !== 200) throw new Error(`upload PUT: ${put.status} ${put.body}`);
  await api(base, 'POST', '/api/products/complete-upload', {
    token,
    json: { s3Key: started.s3Key },
  });
  return started.s3Key;
}

export async function thumbnail(base: string, token: string): Promise<string> {
  return uploadSmall(base, token, {
    name: 'cover.png',
    type: 'image/png',
    bytes: randomBytes(2048),
    isImage: true,
  });
}

export interface ProductDetail {
  product: { id: string; status: string; title: string; sales_count: number };
  files: { id: string; original_name?: string; size?: number }[];
}

export async function createProduct(
  base: string,
  token: string,
  options: { fileKey?: string; title?: string; price?: number } = {},
): Promise<ProductDetail> {
  const fileKey =
    options.fileKey ??
    (await uploadSmall(base, token, {
      name: 'guide.pdf',
      type: 'application/pdf',
      bytes: randomBytes(4096),
      isImage: false,
    }));
  const thumbnailKey = await thumbnail(base, token);
  return api<ProductDetail>(base, 'POST', '/api/products/create', {
    token,
    json: {
      title: options.title ?? `Drill product ${randomBytes(3).toString('hex')}`,
      description: 'made by a fault drill',
      price: options.price ?? 10,
      files: [{ s3Key: fileKey }],
      thumbnails: [{ s3Key: thumbnailKey }],
    },
  });
}

// --- signed member-site calls -------------------------------------------------------------

/** `X-Signature` of a member-site call, signed at the time of sending (retries re-sign). */
export function signature(rawBody: string): string {
  return signInternalRequest(internalSecret, rawBody);
}

export function signedPost(
  base: string,
  url: string,
  body: unknown,
  agent?: http.Agent,
  timeoutMs?: number,
): Promise<HttpResponse> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  return request(base, 'POST', url, {
    raw,
    headers: {
      ...(raw ? { 'content-type': 'application/json' } : {}),
      'x-signature': signature(raw),
    },
    ...(agent ? { agent } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

// --- deterministic bytes ------------------------------------------------------------------

/** `length` pseudo-random bytes from `seed` (AES-256-CTR keystream): same seed, same bytes. */
export function seededBytes(seed: string, length: number): Buffer {
  const key = createHash('sha256').update(`drill-seed:${seed}`).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(Buffer.alloc(length)), cipher.final()]);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * What a drill's server runs on: a fresh database (`drill_<label>_…`), a data directory, a port,
 * and a keep-alive agent for the load.
 */
export interface DrillScratch extends ServerOptions {
  databaseUrl: string;
  agent: http.Agent;
  /** Stops `server` when it was started, then removes the data directory and the database. */
  close(server: RunningServer | undefined): Promise<void>;
}

export async function drillScratch(label: string, maxSockets: number): Promise<DrillScratch> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `drill-${label}-`));
  const databaseUrl = await createDatabase(label);
  const port = await freePort();
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const close = async (server: RunningServer | undefined) => {
    agent.destroy();
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl).catch((error) => log(`could not drop the database: ${error}`));
  };
  return { dataDir, databaseUrl, port, agent, close };
}

// --- PostgreSQL ---------------------------------------------------------------------------

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: adminDatabaseUrl,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database on the local server, named `drill_<label>_<random>`. */
export async function createDatabase(label: string): Promise<string> {
  const name = `drill_${label}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^drill_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function postgresVersion(): Promise<string | undefined> {
  try {
    return await withClient(adminDatabaseUrl, async (client) => {
      const { rows } = await client.query<{ server_version: string }>('show server_version');
      return rows[0]?.server_version;
    });
  } catch {
    return undefined;
  }
}

export interface RollupMismatches {
  /** `product_sales` rows (each product's sales count among them) whose count, amount or net differ from the sums over `sales`. */
  productSales: number;
  /** `seller_sales_totals` rows likewise, and their count of fully refunded sales. */
  sellerTotals: number;
  /** `sales_daily` rows likewise, per local day in `timeZone`. */
  daily: number;
}

/**
 * Each sale as the rollups count it: its amount and net less its refunds, and in the count
 * unless fully refunded (then in `refunded_count`).
 */
const remaining = `count(*) filter (where refunded_amount < amount) c,
  count(*) filter (where refunded_amount = amount) r,
  sum(amount - refunded_amount) a,
  sum(net_amount - refunded_amount + refunded_commission) n`;

/** Checks the three rollups against the sums over `sales` less their refunds. */
export async function rollupMismatches(
  client: pg.Client,
  timeZone = 'Asia/Seoul',
): Promise<RollupMismatches> {
  const differing = async (query: string, values: unknown[] = []) =>
    (await client.query(query, values)).rows.length;
  return {
    productSales: await differing(
      `select coalesce(s.product_id, ps.product_id) from
         (select product_id, ${remaining} from sales group by product_id) s
         full join product_sales ps on ps.product_id = s.product_id
       where s.c is distinct from ps.count or s.a is distinct from ps.amount or s.n is distinct from ps.net`,
    ),
    sellerTotals: await differing(
      `select coalesce(s.seller_id, t.seller_id) from
         (select seller_id, ${remaining} from sales group by seller_id) s
         full join seller_sales_totals t on t.seller_id = s.seller_id
       where s.c is distinct from t.count or s.a is distinct from t.amount or s.n is distinct from t.net
          or s.r is distinct from t.refunded_count`,
    ),
    daily: await differing(
      `select coalesce(s.seller_id, d.seller_id) from
         (select seller_id, (purchased_at at time zone $1)::date as day, ${remaining}
          from sales group by 1, 2) s
         full join sales_daily d on d.seller_id = s.seller_id and d.day = s.day
       where s.c is distinct from d.count or s.a is distinct from d.amount or s.n is distinct from d.net
          or s.r is distinct from d.refunded_count`,
      [timeZone],
    ),
  };
}

/** The local cluster (`/etc/postgresql/<version>/main`), as `pg_lsclusters` names it. */
export function localCluster(): { version: string; name: string } {
  let versions: string[] = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    versions = [];
  }
  const version = versions.sort().at(-1);
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  return { version, name: 'main' };
}

export async function pgCtlCluster(action: 'start' | 'stop' | 'restart'): Promise<number> {
  const { version, name } = localCluster();
  const started = Date.now();
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, action], {
    timeout: 120_000,
  });
  return Date.now() - started;
}

export async function clusterOnline(): Promise<boolean> {
  try {
    const { stdout } = await run('pg_lsclusters', ['--no-header']);
    const { version, name } = localCluster();
    return stdout
      .split('\n')
      .some(
        (line) =>
          line.startsWith(`${version} `) && line.includes(` ${name} `) && / online/.test(line),
      );
  } catch {
    return false;
  }
}

/** Starts the cluster when it is down; the drills call this in `finally`, whatever happened. */
export async function ensureClusterRunning(): Promise<void> {
  if (await clusterOnline()) return;
  log('PostgreSQL is down: starting it again');
  await pgCtlCluster('start');
}

// --- results ------------------------------------------------------------------------------

export function machine() {
  const cpus = os.cpus();
  return {
    host: os.hostname(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    /** Other work on the machine skews latencies: the 1-minute load average when recorded. */
    loadAverage1m: round(os.loadavg()[0] ?? 0),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** Merges one drill's result into `bench/results/drills.json` (each drill keeps its own key). */
export function recordResult(name: string, result: Record<string, unknown>): void {
  let current: { drills?: Record<string, unknown> } = {};
  try {
    current = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    current = {};
  }
  const next = {
    updatedAt: new Date().toISOString(),
    machine: machine(),
    drills: { ...(current.drills ?? {}), [name]: { ...result, machine: machine() } },
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  const temp = `${resultsFile}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(temp, resultsFile);
}
