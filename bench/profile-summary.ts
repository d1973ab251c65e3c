/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the share of samples by package (what
 * `node_modules/<package>` or which of our folders the function lives in) and the functions with
 * the most self time.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 30] [--skip 5]
 */
import { readFileSync } from 'node:fs';
import { isMain, option, round } from './lib/common.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds between samples. */
  timeDeltas: number[];
}

/** `node_modules/<package>` (scoped too), our own top folders, or node's internals. */
export function packageOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1] as string;
  if (url.startsWith('node:')) return 'node (internals)';
  const own = /\/(apps\/api\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+|bench)\//.exec(url);
  return own ? (own[1] as string) : url;
}

/** `skipSeconds`: samples of the start (loading modules, warming up) left out. */
export function summarise(file: string, top = 30, skipSeconds = 0) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let elapsed = 0;
  let total = 0;
  profile.samples.forEach((id, index) => {
    elapsed += profile.timeDeltas[index] ?? 0;
    if (elapsed < skipSeconds * 1e6) return;
    self.set(id, (self.get(id) ?? 0) + 1);
    total++;
  });
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  let idle = 0;
  for (const [id, count] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += count;
      continue;
    }
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*?(node_modules\/|apps\/|packages\/)/, '$1')}:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + count);
    const pkg = functionName.startsWith('(') ? functionName : packageOf(url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + count);
  }
  const busy = total - idle;
  const share = (count: number) => `${round((100 * count) / busy, 1)} %`;
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    samples: total,
    busyShare: round((100 * busy) / total, 1),
    packages: sorted(packages).map(([name, count]) => `${share(count).padStart(7)}  ${name}`),
    functions: sorted(functions)
      .slice(0, top)
      .map(([name, count]) => `${share(count).padStart(7)}  ${name}`),
  };
}

if (isMain(import.meta.filename)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top 30] [--skip 5]');
  const summary = summarise(file, Number(option('top') ?? 30), Number(option('skip') ?? 0));
  console.log(`${summary.samples} samples, ${summary.busyShare} % busy (shares below: of busy)`);
  console.log('\nby package:');
  for (const line of summary.packages.slice(0, 25)) console.log(line);
  console.log('\nfunctions (self time):');
  for (const line of summary.functions) console.log(line);
}
