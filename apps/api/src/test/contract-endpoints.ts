import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '@seller/contract/endpoint';

/** The contract package's source folder. */
export const contractSourceDir = fileURLToPath(
  new URL('../../../../packages/contract/src/', import.meta.url),
);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [full]
        : [];
    })
    .sort();
}

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Endpoint>;
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    candidate.path.startsWith('/') &&
    typeof candidate.successStatus === 'number'
  );
}

export interface ContractEndpoint {
  /** `module/file.ts#exportName` */
  source: string;
  endpoint: Endpoint;
}

/** Every endpoint exported anywhere in the contract package, found by walking its folder. */
export async function loadContractEndpoints(): Promise<ContractEndpoint[]> {
  const found = new Map<Endpoint, ContractEndpoint>();
  for (const file of sourceFiles(contractSourceDir)) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!isEndpoint(value) || found.has(value)) continue;
      found.set(value, {
        source: `${path.relative(contractSourceDir, file)}#${name}`,
        endpoint: value,
      });
    }
  }
  return [...found.values()];
}

export const pathParamNames = (contractPath: string) =>
  [...contractPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
