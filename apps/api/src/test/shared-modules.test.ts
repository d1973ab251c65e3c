import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API project runs its test files in one module graph per worker (`isolate: false` in
 * `apps/api/vitest.config.ts`, decision 040): what one file changes in a shared module is seen
 * by the next. That holds only while no test file replaces a module, an environment variable or
 * a global, and every file that fakes the clock puts the real one back.
 */
const sourceDir = path.resolve(fileURLToPath(import.meta.url), '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = testFiles(sourceDir)
  .filter((file) => file !== fileURLToPath(import.meta.url))
  .map((file) => ({ name: path.relative(sourceDir, file), text: readFileSync(file, 'utf8') }));

describe('API test files that share their modules', () => {
  it('are found', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('never replace a module, an environment variable or a global', () => {
    const replacing = /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env\.\w+\s*=[^=]/;
    expect(files.filter((file) => replacing.test(file.text)).map((file) => file.name)).toEqual([]);
  });

  it('put the real timers back wherever they fake them', () => {
    const faking = files.filter((file) => file.text.includes('vi.useFakeTimers('));
    expect(faking.length).toBeGreaterThan(0);
    expect(
      faking.filter((file) => !file.text.includes('vi.useRealTimers()')).map((file) => file.name),
    ).toEqual([]);
  });
});
