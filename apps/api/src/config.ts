import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const durationSeconds = z.coerce.number().int().positive();

/** Every setting the server reads, with its default. Nothing else reads `process.env`. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (256 bits)').optional(),
  TOKEN_TTL_SECONDS: durationSeconds.default(60 * 60 * 24 * 7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MEMBER_SITE_URL: z.url().default('https://member.example.com'),
  TIME_ZONE: z
    .string()
    .refine((zone) => isValidTimeZone(zone), 'is not a known IANA time zone')
    .default('Asia/Seoul'),
  WEB_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  PRODUCT_REVIEW: booleanFlag.default(false),
});

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  tokenTtlSeconds: number;
  logLevel: string;
  memberSiteUrl: string;
  timeZone: string;
  webDistDir: string;
  bodyLimitBytes: number;
  productReview: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the settings once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    tokenTtlSeconds: values.TOKEN_TTL_SECONDS,
    logLevel: values.LOG_LEVEL,
    memberSiteUrl: values.MEMBER_SITE_URL.replace(/\/+$/, ''),
    timeZone: values.TIME_ZONE,
    webDistDir: path.resolve(
      values.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname,
    ),
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    productReview: values.PRODUCT_REVIEW,
  };
}

/** A secret generated on first start and kept under DATA_DIR, readable by the owner only. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
