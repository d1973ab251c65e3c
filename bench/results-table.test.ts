import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from './lib/common.ts';
import { replaceTable, resultsTable, tableEnd, tableStart } from './lib/results-table.ts';

const run = {
  startedAt: new Date('2026-11-25T10:25:03Z'),
  finishedAt: new Date('2026-11-25T10:33:00Z'),
  cpus: 2,
  cpuModel: 'AMD EPYC',
  memoryGiB: 24,
  node: 'v20.20.2',
  postgres: '15.20',
  loadAverageAtStart: 1.3,
  hostSpeed: 'hello-world 24 µs of CPU per answer (41,000/s)',
};

const results: ScenarioResult[] = [
  {
    scenario: 'API',
    details: {},
    metrics: [
      { name: 'hello-world req/s', value: 45547, unit: 'req/s' },
      { name: 'stats/sales ÷ pgbench', value: 0.56, unit: '×', target: '≥ 0.5', pass: true },
      { name: 'mixed: stats/sales p99', value: 38.1, unit: 'ms', target: '< 20', pass: false },
      { name: 'mixed: my-products p99', value: 37.9, unit: 'ms', target: '< 20', pass: false },
      { name: 'mixed: purchase p99', value: 39, unit: 'ms', target: '< 50', pass: true },
      { name: 'mixed: purchase errors', value: 0, unit: '', target: '≤ 0', pass: true },
      { name: 'mixed: view errors', value: 0, unit: '', target: '≤ 0', pass: true },
    ],
  },
  {
    scenario: 'scale',
    details: {},
    metrics: [
      'stats/sales',
      'daily (30 days)',
      'daily (365 days)',
      'by-product',
      ...['all', 'today', 'week', 'month'].flatMap((period) =>
        ['first (p. 1)', 'middle', 'last'].map((page) => `transactions ${period} ${page}`),
      ),
    ].map((label, index) => ({
      name: `${label} p95`,
      value: 1.4 + index * 0.4,
      unit: 'ms',
      target: '< 15',
      pass: true,
    })),
  },
];

describe('the results table of docs/performance.md', () => {
  it('lists the figures with a target, a range for a run of alike ones, and the whole run', () => {
    expect(resultsTable(run, results).split('\n')).toEqual([
      'Run of 2026-11-25 10:25 UTC (7 min 57 s): 2 cores (AMD EPYC), 24 GiB, Node v20.20.2, PostgreSQL 15.20, load average 1.3 at start; host speed: hello-world 24 µs of CPU per answer (41,000/s). ✓ met, ✗ missed.',
      '',
      '| scenario | metric | value | target | |',
      '| --- | --- | --- | --- | --- |',
      '| API | stats/sales ÷ pgbench | 0.56 × | ≥ 0.5 | ✓ |',
      '|  | mixed: stats/sales, my-products p99 | 37.9–38.1 ms | < 20 | ✗ |',
      '|  | mixed: purchase p99 | 39 ms | < 50 | ✓ |',
      '|  | mixed: purchase, view errors | 0 | ≤ 0 | ✓ |',
      '| scale | stats/sales, … (16 in all) p95 | 1.4–7.4 ms | < 15 | ✓ |',
      '| the whole run | `npm run bench` | 7 min 57 s | < 10 min | ✓ |',
    ]);
  });

  it('replaces only what lies between the markers, and refuses a page without them', () => {
    const page = `# Performance\n\n${tableStart}\nold table\n${tableEnd}\n\n## Misses\n`;
    expect(replaceTable(page, 'new table')).toBe(
      `# Performance\n\n${tableStart}\nnew table\n${tableEnd}\n\n## Misses\n`,
    );
    expect(() => replaceTable('# Performance\n', 'new table')).toThrow('markers are missing');
  });
});
