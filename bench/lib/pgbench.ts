/**
 * pgbench as the database's own limit: scripts made of the statements the server sent on the
 * wire (bench/lib/pg-wire-capture.ts), run prepared (`-M prepared`: parsed and planned once per
 * connection) with the same number of connections as the HTTP load, against the same data.
 *
 * A captured statement is kept word for word; its parameters become pgbench variables: the
 * seller's and product's ids are computed from Zipf-drawn ranks (`sellerIdSql`), an order id
 * (or a refund id) from a random number, a refunded seeded sale from the rank and a random
 * `g` (its order id, and its id looked up by that order id), a buyer's email from a random
 * buyer number, the seller's discount and code from the rank, and every other value stays what
 * the server sent (`-D` constants).
 *
 * Only the transactions that end in a window after a warm-up count (`pgbenchWarmupSeconds`):
 * the server is measured with a warm connection pool, so pgbench is too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round } from './common.ts';
import type { CapturedStatement } from './pg-wire-capture.ts';
import { namedCpuSeconds, processCpuSeconds } from './process-cpu.ts';
import { spawnGroup, stopGroup } from './processes.ts';
import {
  discountCodeIdSql,
  discountIdSql,
  nicknameSql,
  productIdSql,
  sellerIdSql,
  zipfExponent,
} from './shop.ts';

export const pgbenchPath = process.env.PGBENCH ?? 'pgbench';

/** What the captured values were, to recognise them among a statement's parameters. */
export interface CaptureKeys {
  sellerId: string;
  /** The seller's nickname (the catalog's reads name the seller by it). */
  nickname?: string;
  productId?: string;
  orderId?: string;
  /** A refund's id, and the seeded sale it refunded: its order id and its id. */
  refundId?: string;
  refundedOrderId?: string;
  refundedSaleId?: string;
  /** The buyer's email: each transaction a buyer of `buyers` (a customer row each, as sent). */
  customerEmail?: string;
  /** The seller's discount and its code (`discountIdSql`, `discountCodeIdSql` of the rank). */
  discountId?: string;
  discountCodeId?: string;
}

export interface PgbenchScript {
  name: string;
  weight: number;
  /** The script's text (pgbench meta-commands and SQL). */
  text: string;
}

/**
 * pgbench takes every `:name` of a script for a variable, even inside a string literal: a
 * literal with a colon (a `to_char` format) is written as the same string with the colon
 * escaped (`E'…\072…'`).
 */
export function escapeLiteralColons(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, (literal, offset: number) => {
    if (!literal.includes(':') || text[offset - 1] === 'E') return literal;
    return `E${literal.replaceAll('\\', '\\\\').replaceAll(':', '\\072')}`;
  });
}

/** Turns captured statements into one pgbench script and the constants it needs. */
export class ScriptBuilder {
  private readonly constants = new Map<string, string>();

  /**
   * `seededSales`: every seller has the seeded sales 1 to this (`seed-<rank>-<g>`).
   * `productLaw`: how a seller's product is drawn, uniformly or by the Zipf law of sellers.
   */
  constructor(
    private readonly sellers: number,
    private readonly productsPerSeller: number,
    private readonly seededSales = 1,
    private readonly productLaw: 'uniform' | 'zipfian' = 'uniform',
    /** How many buyers the member site's purchases come from (`buyer<n>@example.com`). */
    private readonly buyers = 5000,
  ) {}

  /** `-D` arguments of every constant used by the scripts built so far. */
  defines(): string[] {
    return [...this.constants].flatMap(([value, name]) => ['-D', `${name}=${value}`]);
  }

  private constant(value: string): string {
    let name = this.constants.get(value);
    if (!name) {
      name = `c${this.constants.size + 1}`;
      this.constants.set(value, name);
    }
    return `:${name}`;
  }

  script(name: string, weight: number, statements: CapturedStatement[], keys: CaptureKeys) {
    const lines = [
      `\\set rank random_zipfian(1, ${this.sellers}, ${zipfExponent})`,
      this.productLaw === 'zipfian'
        ? `\\set product random_zipfian(1, ${this.productsPerSeller}, ${zipfExponent}) - 1`
        : `\\set product random(0, ${this.productsPerSeller - 1})`,
      `\\set order random(1, 1000000000000000)`,
      `\\set g random(1, ${this.seededSales})`,
      `\\set buyer random(0, ${this.buyers - 1})`,
    ];
    const seededOrder = `('seed-' || :rank || '-' || :g)`;
    for (const statement of statements) {
      const text = escapeLiteralColons(statement.text).replace(/\$(\d+)/g, (_, index: string) => {
        const value = statement.values[Number(index) - 1];
        if (value === null || value === undefined) return 'NULL';
        if (value === keys.sellerId) return sellerIdSql(':rank');
        if (value === keys.nickname) return nicknameSql(':rank');
        if (value === keys.productId) return productIdSql(':rank', ':product');
        if (value === keys.orderId) return `('pgbench-' || :order)`;
        if (value === keys.refundId) return `('pgbench-refund-' || :order)`;
        if (value === keys.refundedOrderId) return seededOrder;
        if (value === keys.customerEmail) return `('buyer' || :buyer || '@example.com')`;
        if (value === keys.discountId) return discountIdSql(':rank');
        if (value === keys.discountCodeId) return discountCodeIdSql(':rank');
        if (value === keys.refundedSaleId) {
          return `(select id from sales where order_id = ${seededOrder})`;
        }
        return this.constant(value);
      });
      lines.push(`${text.trim().replace(/;\s*$/, '')};`);
    }
    return { name, weight, text: `${lines.join('\n')}\n` } satisfies PgbenchScript;
  }
}

export interface PgbenchResult {
  /** Transactions per second within the measured window. */
  tps: number;
  transactions: number;
  failed: number;
  latencyMs: number;
  p50Ms: number;
  p99Ms: number;
  perScript: Record<string, { tps: number; transactions: number; latencyMs: number }>;
  /** pgbench's own CPU seconds (its client threads) within the window. */
  clientSeconds: number;
  /** PostgreSQL's CPU seconds (every backend) within the window. */
  postgresSeconds: number;
  /** The measured window, in milliseconds since the epoch. */
  window: { startMs: number; endMs: number };
  /**
   * The transactions that succeeded after the window, until pgbench stopped, by script name and
   * end (epoch ms): for an anchor timed until its background was done (`doneBy`).
   */
  later: { script: string; endedMs: number }[];
}

/**
 * Seconds pgbench runs before its measured window. Its connections are new backends: they
 * fork, authenticate, load their catalog caches and prepare every statement, which on a slow
 * host costs more than a second of CPU for 64 connections. The server's pool did all that
 * during its own warm-up, so the anchor is measured only once pgbench's connections are warm.
 */
export const pgbenchWarmupSeconds = 3;

/** How long a run measuring `seconds` lasts in all: warm-up, window and a second's margin. */
export const pgbenchRunSeconds = (seconds: number) => pgbenchWarmupSeconds + seconds + 1;

/** One line of pgbench's per-transaction log: `client transaction time_us script epoch epoch_us`. */
export interface LoggedTransaction {
  script: number;
  /** When it ended, in milliseconds since the epoch. */
  endedMs: number;
  /** Undefined for a transaction that failed (logged as `failed`, `serialization`, …). */
  latencyMs: number | undefined;
}

export function readTransactionLogs(files: string[]): LoggedTransaction[] {
  const transactions: LoggedTransaction[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length < 6) continue;
      const time = Number(fields[2]);
      transactions.push({
        script: Number(fields[3]),
        endedMs: Number(fields[4]) * 1000 + Number(fields[5]) / 1000,
        latencyMs: Number.isFinite(time) ? time / 1000 : undefined,
      });
    }
  }
  return transactions;
}

/** The figures of the transactions that ended within `[startMs, endMs)`. */
export function windowFigures(
  transactions: LoggedTransaction[],
  scriptNames: string[],
  window: { startMs: number; endMs: number },
): Omit<PgbenchResult, 'clientSeconds' | 'postgresSeconds' | 'window' | 'later'> {
  const within = transactions.filter(
    (transaction) => transaction.endedMs >= window.startMs && transaction.endedMs < window.endMs,
  );
  const seconds = (window.endMs - window.startMs) / 1000;
  const times = within.flatMap((transaction) => transaction.latencyMs ?? []);
  if (times.length === 0) throw new Error('pgbench logged no transaction in its window');
  const mean = (values: number[]) =>
    values.length > 0 ? round(values.reduce((sum, value) => sum + value, 0) / values.length, 3) : 0;
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    round(times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0, 2);
  const perScript: PgbenchResult['perScript'] = {};
  scriptNames.forEach((name, index) => {
    const ones = within.filter((transaction) => transaction.script === index);
    const done = ones.flatMap((transaction) => transaction.latencyMs ?? []);
    perScript[name] = {
      tps: round(done.length / seconds, 0),
      transactions: done.length,
      latencyMs: mean(done),
    };
  });
  return {
    tps: round(times.length / seconds, 0),
    transactions: times.length,
    failed: within.length - times.length,
    latencyMs: mean(times),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    perScript,
  };
}

/**
 * The transactions of a run that ended from its window's start until `doneMs` (epoch ms, the
 * window's end or later), per script: the window's and those of pgbench's last moments.
 */
export function doneBy(result: PgbenchResult, doneMs: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [name, script] of Object.entries(result.perScript)) {
    counts[name] = script.transactions;
  }
  for (const transaction of result.later) {
    if (transaction.endedMs < doneMs) {
      counts[transaction.script] = (counts[transaction.script] ?? 0) + 1;
    }
  }
  return counts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the scripts (weighted) with `clients` connections, measuring `seconds` after
 * `pgbenchWarmupSeconds`: the run lasts `pgbenchRunSeconds(seconds)` in all. pgbench's and
 * PostgreSQL's CPU are read at the window's start and end.
 */
export async function runPgbench(options: {
  databaseUrl: string;
  scripts: PgbenchScript[];
  defines: string[];
  clients: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
  try {
    const files = options.scripts.map((script, index) => {
      const file = path.join(dir, `${index}-${script.name.replace(/[^\w-]+/g, '_')}.sql`);
      writeFileSync(file, script.text);
      return `${file}@${script.weight}`;
    });
    const args = [
      '--no-vacuum',
      '--protocol=prepared',
      `--client=${options.clients}`,
      `--jobs=${Math.min(2, options.clients)}`,
      `--time=${pgbenchRunSeconds(options.seconds)}`,
      '--log',
      `--log-prefix=${path.join(dir, 'log')}`,
      ...options.defines,
      ...files.flatMap((file) => ['-f', file]),
      options.databaseUrl,
    ];
    const child = spawnGroup(pgbenchPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    const read = () => ({
      ms: Date.now(),
      client: child.pid ? processCpuSeconds(child.pid) : 0,
      postgres: namedCpuSeconds('postgres'),
    });
    await sleep(pgbenchWarmupSeconds * 1000);
    const start = read();
    await sleep(options.seconds * 1000);
    const end = read();
    const endedTooSoon = child.exitCode !== null;
    const code = await exited;
    await stopGroup(child);
    if (code !== 0) {
      const scripts = options.scripts.map((script) => `-- ${script.name}\n${script.text}`);
      throw new Error(
        `pgbench exited with ${code}: ${output.slice(0, 1500)}\n${scripts.join('\n')}`,
      );
    }
    if (endedTooSoon) throw new Error('pgbench ended before its measured window did');
    const connectingMs = Number(/initial connection time = ([\d.]+) ms/.exec(output)?.[1] ?? 0);
    if (connectingMs > pgbenchWarmupSeconds * 1000) {
      throw new Error(
        `pgbench took ${connectingMs} ms to open its connections, longer than its warm-up`,
      );
    }
    const logs = readdirSync(dir)
      .filter((name) => name.startsWith('log.'))
      .map((name) => path.join(dir, name));
    const transactions = readTransactionLogs(logs);
    return {
      ...windowFigures(
        transactions,
        options.scripts.map((script) => script.name),
        { startMs: start.ms, endMs: end.ms },
      ),
      clientSeconds: end.client - start.client,
      postgresSeconds: end.postgres - start.postgres,
      window: { startMs: start.ms, endMs: end.ms },
      later: transactions
        .filter(
          (transaction) => transaction.endedMs >= end.ms && transaction.latencyMs !== undefined,
        )
        .map((transaction) => ({
          script: options.scripts[transaction.script]?.name ?? String(transaction.script),
          endedMs: transaction.endedMs,
        })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether pgbench can be run (Debian's postgresql-client package). */
export function pgbenchAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(pgbenchPath, ['--version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}
