import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../db/client.ts';
import { quoteIdent, withAdminClient } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; dumpFile: string }
      | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one database per run: a PGlite dump that every test file loads afresh, or on
 * PostgreSQL (DATABASE_URL set) a template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `sc_tpl_${randomBytes(4).toString('hex')}`;
    await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(template)}`));
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString() });
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return async () => {
      await withAdminClient(url, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`),
      );
    };
  }
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  const database = await openDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await database.close();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'seller-test-'));
  const dumpFile = path.join(directory, 'migrated.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpFile });
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
