/**
 * `npm run bench` — every scenario in one run, a table against the targets, written into
 * docs/performance.md, and bench/results/latest.json and latest.md (every figure, and the
 * query plans).
 * `npm run bench -- --quick`: small sizes and short runs, no thresholds (a smoke test for CI).
 * `npm run bench -- --only api,catalog`: some scenarios only.
 * Neither of those two touches docs/performance.md, nor does a run in which a scenario failed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  flag,
  type Metric,
  option,
  postgresVersion,
  resultsDir,
  root,
  type ScenarioResult,
} from './lib/common.ts';
import { runScenarios, type Scenario } from './lib/harness.ts';
import { describeHostSpeed, measureHostSpeed } from './lib/host-speed.ts';
import { replaceTable, resultsTable } from './lib/results-table.ts';
import { apiThroughput } from './scenarios/api-throughput.ts';
import { catalogScenario } from './scenarios/catalog.ts';
import { coldStart } from './scenarios/cold-start.ts';
import { customersScenario } from './scenarios/customers.ts';
import { discountsScenario } from './scenarios/discounts.ts';
import { downloads } from './scenarios/downloads.ts';
import { lighthouseScenario } from './scenarios/lighthouse.ts';
import { scale } from './scenarios/scale.ts';
import { stamping } from './scenarios/stamping.ts';
import { uploads } from './scenarios/uploads.ts';
import { webBundle } from './scenarios/web-bundle.ts';

const scenarios: Record<string, Scenario> = {
  web: webBundle,
  'cold-start': coldStart,
  api: apiThroughput,
  catalog: catalogScenario,
  discounts: discountsScenario,
  scale,
  customers: customersScenario,
  uploads,
  downloads,
  stamping,
  lighthouse: lighthouseScenario,
};

const quick = flag('quick');
const onlySome = option('only');
const only = onlySome?.split(',') ?? Object.keys(scenarios);
for (const name of only) {
  if (!scenarios[name])
    throw new Error(`unknown scenario ${name}; known: ${Object.keys(scenarios).join(', ')}`);
}

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  postgres: (await postgresVersion()) ?? 'not reachable',
  os: `${os.type()} ${os.release()}`,
  loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 100) / 100),
};
// Every table is read against the host's speed, measured first.
const hostSpeed = await measureHostSpeed();
const host = describeHostSpeed(hostSpeed);
console.log(
  `bench${quick ? ' --quick' : ''}: ${machine.cpus} cores, ${machine.memoryGiB} GiB, node ${machine.node}, PostgreSQL ${machine.postgres}, load ${machine.loadAverageAtStart.join(' ')}; host speed: ${host}`,
);

const started = new Date();
const { results, failures } = await runScenarios(scenarios, only, { quick }, (result) =>
  printTable([result]),
);

function printTable(list: ScenarioResult[]) {
  console.log(`host speed: ${host}`);
  const rows: string[][] = [['scenario', 'metric', 'value', 'target', '']];
  for (const result of list) {
    for (const metric of result.metrics) {
      rows.push([
        result.scenario,
        metric.name,
        `${metric.value} ${metric.unit}`,
        metric.target ?? '',
        verdict(metric),
      ]);
    }
  }
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
}

function verdict(metric: Metric): string {
  if (metric.pass === undefined) return '';
  return metric.pass ? 'ok' : 'MISSED';
}

console.log('\n==== summary ====');
printTable(results);
const missed = results.flatMap((result) =>
  result.metrics
    .filter((metric) => metric.pass === false)
    .map((metric) => `${result.scenario}: ${metric.name}`),
);

mkdirSync(resultsDir, { recursive: true });
const report = {
  startedAt: started.toISOString(),
  finishedAt: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: { ...machine, hostSpeed },
  results: results.map(({ markdown: _markdown, ...rest }) => rest),
  failures,
  missed,
};
writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(resultsDir, 'latest.md'), markdownReport(report, results));
console.log(`\nwritten: bench/results/latest.json, bench/results/latest.md`);
if (!quick && onlySome === undefined && failures.length === 0) {
  const page = path.join(root, 'docs', 'performance.md');
  const table = resultsTable(
    {
      startedAt: started,
      finishedAt: new Date(report.finishedAt),
      cpus: machine.cpus,
      cpuModel: machine.cpuModel,
      memoryGiB: machine.memoryGiB,
      node: machine.node,
      postgres: machine.postgres,
      loadAverageAtStart: machine.loadAverageAtStart[0] ?? 0,
      hostSpeed: host,
    },
    results,
  );
  writeFileSync(page, replaceTable(readFileSync(page, 'utf8'), table));
  console.log('written: the results table of docs/performance.md');
}
if (failures.length > 0)
  console.error(
    `${failures.length} scenario(s) failed: ${failures.map((f) => f.scenario).join(', ')}`,
  );
if (!quick && missed.length > 0) console.log(`targets missed:\n  ${missed.join('\n  ')}`);
// Quick mode is a smoke test: it fails only when a scenario cannot run.
process.exit(failures.length > 0 ? 1 : 0);

function markdownReport(meta: typeof report, list: ScenarioResult[]): string {
  const lines = [
    `Run ${meta.startedAt} (${meta.mode}); ${meta.machine.cpus} cores (${meta.machine.cpuModel}), ${meta.machine.memoryGiB} GiB, Node ${meta.machine.node}, PostgreSQL ${meta.machine.postgres}, load average at start ${meta.machine.loadAverageAtStart.join(' / ')}; host speed: ${host}.`,
    '',
    '| scenario | metric | value | target | |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const result of list) {
    for (const metric of result.metrics) {
      lines.push(
        `| ${result.scenario} | ${metric.name} | ${metric.value} ${metric.unit} | ${metric.target ?? ''} | ${verdict(metric)} |`,
      );
    }
  }
  for (const result of list) {
    if (result.markdown) lines.push('', `### ${result.scenario}: query plans`, '', result.markdown);
  }
  return `${lines.join('\n')}\n`;
}
