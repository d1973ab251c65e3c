/**
 * pgbench as the database's own limit: scripts made of the statements the server sent on the
 * wire (bench/lib/pg-wire-capture.ts), run prepared (`-M prepared`: parsed and planned once per
 * connection) with the same number of connections as the HTTP load, against the same data.
 *
 * A captured statement is kept word for word; its parameters become pgbench variables: the
 * seller's and product's ids are computed from Zipf-drawn ranks (`sellerIdSql`), an order id
 * (or a refund id) from a random number, a refunded seeded sale from the rank and a random
 * `g` (its order id, and its id looked up by that order id), and every other value stays what
 * the server sent (`-D` constants).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round } from './common.ts';
import type { CapturedStatement } from './pg-wire-capture.ts';
import { spawnGroup, stopGroup } from './processes.ts';
import { nicknameSql, productIdSql, sellerIdSql, zipfExponent } from './shop.ts';

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
  tps: number;
  transactions: number;
  failed: number;
  latencyMs: number;
  perScript: Record<string, { tps: number; transactions: number; latencyMs: number }>;
  /** With `percentiles`: from pgbench's log of every transaction (`--log`). */
  p50Ms?: number;
  p99Ms?: number;
}

/**
 * p50 and p99 of the transactions in pgbench's logs (one file per thread; each line
 * `client transaction time_us script epoch epoch_us`).
 */
export function logPercentiles(files: string[]): { p50Ms: number; p99Ms: number } {
  const times: number[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const time = Number(line.split(' ')[2]);
      if (line && Number.isFinite(time)) times.push(time);
    }
  }
  if (times.length === 0) throw new Error('pgbench logged no transaction');
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    round((times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0) / 1000, 2);
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

function parse(output: string, scripts: PgbenchScript[]): PgbenchResult {
  const number = (pattern: RegExp, text = output) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  const perScript: PgbenchResult['perScript'] = {};
  const sections = output.split(/^SQL script \d+: /m).slice(1);
  if (scripts.length === 1 && scripts[0]) {
    perScript[scripts[0].name] = {
      tps: round(number(/^tps = ([\d.]+)/m), 0),
      transactions: number(/processed: (\d+)/),
      latencyMs: number(/^latency average = ([\d.]+) ms/m),
    };
  } else {
    sections.forEach((section, index) => {
      const script = scripts[index];
      if (!script) return;
      perScript[script.name] = {
        tps: round(number(/tps = ([\d.]+)\)/, section), 0),
        transactions: number(/ - (\d+) transactions/, section),
        latencyMs: number(/latency average = ([\d.]+) ms/, section),
      };
    });
  }
  return {
    tps: round(number(/^tps = ([\d.]+)/m), 0),
    transactions: number(/processed: (\d+)/),
    failed: number(/number of failed transactions: (\d+)/),
    latencyMs: number(/^latency average = ([\d.]+) ms/m),
    perScript,
  };
}

/** Runs the scripts (weighted) with `clients` connections for `seconds`. */
export async function runPgbench(options: {
  databaseUrl: string;
  scripts: PgbenchScript[];
  defines: string[];
  clients: number;
  seconds: number;
  /** Also the p50 and p99 of the transactions' latencies. */
  percentiles?: boolean;
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
      `--time=${options.seconds}`,
      ...(options.percentiles ? ['--log', `--log-prefix=${path.join(dir, 'log')}`] : []),
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
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    await stopGroup(child);
    if (code !== 0) {
      const scripts = options.scripts.map((script) => `-- ${script.name}\n${script.text}`);
      throw new Error(
        `pgbench exited with ${code}: ${output.slice(0, 1500)}\n${scripts.join('\n')}`,
      );
    }
    const result = parse(output, options.scripts);
    if (!options.percentiles) return result;
    const logs = readdirSync(dir)
      .filter((name) => name.startsWith('log.'))
      .map((name) => path.join(dir, name));
    return { ...result, ...logPercentiles(logs) };
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
