/**
 * The results table of docs/performance.md: every figure that has a target, from one full
 * run. `npm run bench` writes it between the two marker comments at the end of a full run of
 * every scenario; quick runs and `--only` runs leave the page as it is.
 */
import type { Metric, ScenarioResult } from './common.ts';

export const tableStart = '<!-- bench:results:start (written by `npm run bench`) -->';
export const tableEnd = '<!-- bench:results:end -->';

export interface RunSummary {
  startedAt: Date;
  finishedAt: Date;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  loadAverageAtStart: number;
  /** The host's speed (`describeHostSpeed`), the yardstick of every figure. */
  hostSpeed: string;
}

/** The whole run's target, the one figure no scenario measures. */
const runMinutesTarget = 10;

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-25 10:25 UTC`: a run is told apart from the next by its minute. */
export function runTime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const withUnit = (value: number | string, unit: string) => `${value} ${unit}`.trim();
const mark = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? '✓' : '✗');

/** Where the names of a group's metrics differ: `mixed: ` + [`stats/sales`, …] + ` p99`. */
function splitNames(names: string[]) {
  const first = names[0] ?? '';
  let prefix = 0;
  while (prefix < first.length && names.every((name) => name[prefix] === first[prefix])) prefix++;
  // Whole words only: `mixed: ` rather than `mixed: s` when every label starts with an s.
  prefix = first.lastIndexOf(' ', prefix - 1) + 1;
  let suffix = 0;
  const at = (name: string, back: number) => name[name.length - 1 - back];
  while (
    suffix < first.length - prefix &&
    names.every((name) => at(name, suffix) === at(first, suffix))
  )
    suffix++;
  const suffixStart = first.indexOf(' ', first.length - suffix);
  const tail = suffixStart < 0 ? '' : first.slice(suffixStart);
  return {
    head: first.slice(0, prefix),
    tail,
    labels: names.map((name) => name.slice(prefix, name.length - tail.length)),
  };
}

/**
 * Consecutive metrics of a scenario that share their target, unit and last word (`p95`,
 * `p99`, `errors`) are one row: the scale scenario's sixteen reads, the mixed workload's
 * four read latencies. The row shows their range and is met only when each is.
 */
function groups(metrics: Metric[]): Metric[][] {
  const lastWord = (name: string) => name.slice(name.lastIndexOf(' ') + 1);
  const out: Metric[][] = [];
  for (const metric of metrics) {
    const group = out.at(-1);
    const previous = group?.at(-1);
    if (
      group &&
      previous &&
      previous.target === metric.target &&
      previous.unit === metric.unit &&
      lastWord(previous.name) === lastWord(metric.name) &&
      /^(p\d+|errors)$/.test(lastWord(metric.name))
    ) {
      group.push(metric);
    } else {
      out.push([metric]);
    }
  }
  return out;
}

function row(group: Metric[]): { name: string; value: string; pass: boolean | undefined } {
  const [only] = group;
  if (only && group.length === 1) {
    return { name: only.name, value: withUnit(only.value, only.unit), pass: only.pass };
  }
  const { head, tail, labels } = splitNames(group.map((metric) => metric.name));
  const listed = labels.join(', ');
  const name =
    listed.length <= 80
      ? `${head}${listed}${tail}`
      : `${head}${labels[0]}, … (${labels.length} in all)${tail}`;
  const values = group.map((metric) => metric.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const unit = group[0]?.unit ?? '';
  const passes = group.map((metric) => metric.pass);
  return {
    name,
    value: withUnit(low === high ? low : `${low}–${high}`, unit),
    pass: passes.includes(undefined) ? undefined : passes.every(Boolean),
  };
}

/** The Markdown between the markers: a line on the run and the machine, then the table. */
export function resultsTable(run: RunSummary, results: ScenarioResult[]): string {
  const elapsed = run.finishedAt.getTime() - run.startedAt.getTime();
  const lines = [
    `Run of ${runTime(run.startedAt)} (${duration(elapsed)}): ${run.cpus} cores (${run.cpuModel}), ${run.memoryGiB} GiB, Node ${run.node}, PostgreSQL ${run.postgres}, load average ${run.loadAverageAtStart} at start; host speed: ${run.hostSpeed}. ✓ met, ✗ missed.`,
    '',
    '| scenario | metric | value | target | |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const result of results) {
    let scenario = result.scenario;
    for (const group of groups(result.metrics.filter((metric) => metric.target !== undefined))) {
      const { name, value, pass } = row(group);
      lines.push(
        `| ${scenario} | ${name} | ${value} | ${group[0]?.target ?? ''} | ${mark(pass)} |`,
      );
      scenario = '';
    }
  }
  const inTime = elapsed < runMinutesTarget * 60_000;
  lines.push(
    `| the whole run | \`npm run bench\` | ${duration(elapsed)} | < ${runMinutesTarget} min | ${mark(inTime)} |`,
  );
  return lines.join('\n');
}

/** `page` with what lies between the markers replaced by `table`; the markers must be there. */
export function replaceTable(page: string, table: string): string {
  const start = page.indexOf(tableStart);
  const end = page.indexOf(tableEnd);
  if (start < 0 || end < start) {
    throw new Error(`the results table's markers are missing: ${tableStart} … ${tableEnd}`);
  }
  return `${page.slice(0, start + tableStart.length)}\n${table}\n${page.slice(end)}`;
}
