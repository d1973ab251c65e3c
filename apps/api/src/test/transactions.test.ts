import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every transaction of the server goes through the database handle's `transaction`
 * (`apps/api/src/db/client.ts`): drizzle's own `transaction()` sends `begin` before its
 * try/finally, and a connection dying at that moment keeps its pool slot for good. The handle
 * builds its PGlite transaction on drizzle's (one connection, no pool); nothing else may reach
 * for it. Drizzle's query builder goes by `db`, `tx` and `executor` in this code base (or a
 * `.db` of a handle), so reading `.transaction` off one of them is what this test refuses.
 */
const apiDir = path.resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const handleFile = path.join('src', 'db', 'client.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|mts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const queryBuilderNames = new Set(['db', 'tx', 'trx', 'executor']);

/** Where `text` reads `transaction` off drizzle's query builder: `line: code`, one per use. */
function drizzleTransactions(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertyAccessExpression(node) || ts.isPropertyAccessChain(node)) &&
      node.name.text === 'transaction'
    ) {
      const receiver = node.expression;
      const builder =
        (ts.isIdentifier(receiver) && queryBuilderNames.has(receiver.text)) ||
        (ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'db');
      if (builder) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${line + 1}: ${node.getText()}`);
      }
    }
    // `const { transaction } = db`
    if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer &&
      ts.isIdentifier(node.initializer) &&
      queryBuilderNames.has(node.initializer.text) &&
      node.name.elements.some((element) => element.getText().startsWith('transaction'))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the server's transactions", () => {
  const files = [
    ...sourceFiles(path.join(apiDir, 'src')),
    ...sourceFiles(path.join(apiDir, 'scripts')),
  ];

  it('are looked for where they are', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      drizzleTransactions('sample.ts', 'await db.transaction(async (tx) => tx.execute(q));'),
    ).toEqual(['1: db.transaction']);
    expect(
      drizzleTransactions(
        'sample.ts',
        [
          'const open = this.db.transaction.bind(this.db);',
          'await deps.database.db.transaction(work);',
          'await tx.transaction(nested);',
          'const { transaction } = executor;',
          '// a comment about db.transaction(work) is no call',
          'await database.transaction(work);',
          'await payouts.transaction(work);',
          'await transaction(work);',
        ].join('\n'),
      ),
    ).toEqual([
      '1: this.db.transaction',
      '2: deps.database.db.transaction',
      '3: tx.transaction',
      '4: { transaction } = executor',
    ]);
  });

  it("go through the database handle's transaction, never drizzle's", () => {
    const uses = files
      .filter((file) => path.relative(apiDir, file) !== handleFile)
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      // Parsing only what may hold one keeps the test quick.
      .filter(({ text }) => text.includes('transaction'))
      .flatMap(({ file, text }) =>
        drizzleTransactions(file, text).map((use) => `${path.relative(apiDir, file)}:${use}`),
      );
    expect(uses).toEqual([]);
  });
});
