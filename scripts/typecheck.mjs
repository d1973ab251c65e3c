#!/usr/bin/env node
// Type-checks every TypeScript project, two at a time (one per core of the machines we run
// on); the output of each project is printed whole when it finishes. The API's production
// sources alone (apps/api/tsconfig.build.json) are checked by its build, which must bundle
// them without a test file: `npm run build`.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const projects = [
  'apps/web',
  'bench',
  'e2e',
  'apps/api',
  'packages/contract',
  'packages/api-client',
  'examples/member-site',
];
const parallel = Math.max(1, Math.min(2, availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) {
      ok = (await check(project)) && ok;
    }
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
