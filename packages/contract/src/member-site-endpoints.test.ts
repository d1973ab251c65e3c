import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The member site's calls (`/api/internal/...`) are the server's business: a seller's screen
 * imports the modules of the calls it makes, and what those import is built when the screen's
 * code loads. A module shared by both (the refund kinds, the largest amount of a sale) lives
 * apart from the member site's endpoints, so that no seller's call drags their schemas into
 * the browser. Likewise the rules of the product fields a seller sends are built only where a
 * product is written, not by the calls a list or a dashboard reads with.
 */
const sourceDir = import.meta.dirname;

function contractModules(dir = sourceDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return contractModules(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const modules = contractModules();
const sourceOf = new Map(modules.map((file) => [file, readFileSync(file, 'utf8')]));

/** The contract modules `file` imports (values and types alike), resolved to their files. */
function importsOf(file: string): string[] {
  const source = sourceOf.get(file) ?? '';
  return [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map(([, specifier]) =>
    path.resolve(path.dirname(file), specifier ?? ''),
  );
}

/** Every module `file` loads, itself included. */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of importsOf(file)) loadedBy(imported, seen);
  return seen;
}

const definesEndpoint = (file: string) => /defineEndpoint\(\{/.test(sourceOf.get(file) ?? '');
const isMemberSiteEndpoint = (file: string) =>
  definesEndpoint(file) && /path: '\/api\/internal\//.test(sourceOf.get(file) ?? '');
const relative = (file: string) => path.relative(sourceDir, file);

describe('the member site endpoints', () => {
  it('are found (the check below has something to look for)', () => {
    const found = modules.filter(isMemberSiteEndpoint).map(relative);
    expect(found).toEqual(
      expect.arrayContaining([
        'internal/record-refund.ts',
        'sales/record-purchase.ts',
        'sales/record-product-views.ts',
      ]),
    );
  });

  it('are loaded by no seller endpoint', () => {
    const sellerEndpoints = modules.filter(
      (file) => definesEndpoint(file) && !isMemberSiteEndpoint(file),
    );
    expect(sellerEndpoints.length).toBeGreaterThan(50);
    const dragged = sellerEndpoints.flatMap((file) =>
      [...loadedBy(file)]
        .filter((loaded) => loaded !== file && isMemberSiteEndpoint(loaded))
        .map((loaded) => `${relative(file)} → ${relative(loaded)}`),
    );
    expect(dragged).toEqual([]);
  });
});

const isReadEndpoint = (file: string) =>
  definesEndpoint(file) && /method: 'GET'/.test(sourceOf.get(file) ?? '');

describe("a product's field rules", () => {
  const rulesModule = modules.find((file) =>
    /export const titleSchema = /.test(sourceOf.get(file) ?? ''),
  );

  it('are found, with the calls that read (the check below has something to look for)', () => {
    expect(rulesModule).toBeDefined();
    expect(modules.filter(isReadEndpoint).map(relative)).toEqual(
      expect.arrayContaining(['products/list-my-products.ts', 'products/get-product.ts']),
    );
  });

  it('are loaded by no call that only reads', () => {
    const dragged = modules
      .filter(isReadEndpoint)
      .filter((file) => rulesModule !== undefined && loadedBy(file).has(rulesModule))
      .map(relative);
    expect(dragged).toEqual([]);
  });
});
