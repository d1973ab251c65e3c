import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags, sourceServerNodeFlags } from '../scripts/server-flags.mjs';
import { root } from './lib/common.ts';

describe("the server's Node.js options", () => {
  it('are the Docker image’s too', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...serverNodeFlags, 'apps/api/dist/server.js']);
  });

  it('give the server run from its sources the same memory options', () => {
    const memory = (flags: string[]) => flags.filter((flag) => flag.startsWith('--max-'));
    expect(memory(serverNodeFlags)).not.toEqual([]);
    expect(memory(sourceServerNodeFlags)).toEqual(memory(serverNodeFlags));
  });
});
