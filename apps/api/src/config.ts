import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const durationSeconds = z.coerce.number().int().positive();

/** Comma-separated values, trimmed, empty ones dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

/** Comma-separated secrets, each at least 32 characters. */
const secretList = commaList.pipe(
  z.array(z.string().min(32, 'each secret must be at least 32 characters')),
);

/**
 * Comma-separated origins (`https://member.example.com`), compared with the browser's `Origin`
 * header, which never carries a path: an entry with one would never match, so it is refused.
 */
const originList = commaList.pipe(
  z.array(
    z
      .string()
      .regex(
        /^https?:\/\/[^/?#@\s]+\/?$/i,
        'each entry must be an origin such as https://member.example.com (scheme, host and optional port, no path)',
      )
      .pipe(z.url())
      .transform((origin) => new URL(origin).origin),
  ),
);

/** Every setting the server reads, with its default. Nothing else reads `process.env`. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Relative values are taken from the working directory; unset, it is `data/` at the repository root. */
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections each server copy keeps to PostgreSQL (with DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Connections each server copy keeps for the member site's writes (with DATABASE_URL). */
  DATABASE_INGEST_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Pipelined connections each server copy keeps for the hot reads (0: through the pool). */
  DATABASE_READ_CONNECTIONS: z.coerce.number().int().min(0).max(100).default(4),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (256 bits)').optional(),
  /** Keys being retired: tokens they signed are still accepted, new ones never use them. */
  JWT_PREVIOUS_SECRETS: secretList.default([]),
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
  /** `false`, `true`, a hop count, or comma-separated proxy addresses/subnets to trust. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/, ]+)$/, 'must be true, false, a hop count or addresses')
    .default('false'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_LOGIN_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  RATE_LIMIT_SIGNUP_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: z.coerce.number().int().positive().default(300),
  INTERNAL_API_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Product views are written in batches started at most this often (milliseconds). */
  VIEW_BATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(20),
  DISCOUNT_HOLD_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** How long a server copy answers a catalog revalidation (304) from the ETag it last served. */
  CATALOG_ETAG_MEMORY_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  EXCHANGE_RATE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  EXCHANGE_RATE_REFRESH_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Base URL of this server as browsers reach it; storage URLs are relative without it. */
  PUBLIC_URL: z.url().optional(),
  /** Other sites whose pages may call the API and the storage URLs; empty: same origin only. */
  CORS_ORIGINS: originList.default([]),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Key of the local driver's signed URLs; generated under DATA_DIR when unset. */
  STORAGE_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STORAGE_PREVIOUS_SIGNING_SECRETS: secretList.default([]),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_BASE_URL: z.url().optional(),
  /** Unattached uploads (finished or not) are swept this long after they start or finish. */
  UPLOAD_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /**
   * How long a buyer's download link works. At most 7 days, the longest a presigned S3 URL
   * may live.
   */
  DELIVERY_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 60 * 60)
    .default(600),
  /** How often the server sweeps abandoned uploads; 0 turns the timer off. */
  UPLOAD_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** `smtp://user:pass@host:587` or `smtps://…`; unset, mail is written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every mail: `Seller Center <no-reply@example.com>` or a bare address. */
  MAIL_FROM: z.string().min(3).default('Seller Center <no-reply@localhost>'),
  /** Key that seals authenticator secrets at rest; generated under DATA_DIR when unset. */
  TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TOTP_PREVIOUS_ENCRYPTION_KEYS: secretList.default([]),
  /** Failed sign-ins of one account from all addresses together before a growing delay. */
  RATE_LIMIT_LOGIN_ACCOUNT_CEILING: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** `off`: this copy only queues jobs (mail, webhooks) and others run them. */
  JOB_WORKER: booleanFlag.default(true),
  /** Requests a personal API token may make a minute. */
  RATE_LIMIT_API_TOKEN_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** `true`: webhooks may go to loopback http URLs (tests, a receiver on the same host). */
  WEBHOOK_ALLOW_LOOPBACK: booleanFlag.default(false),
  /**
   * A CSV of `ip_range_start,ip_range_end,country_code` rows (DB-IP's IP to Country Lite):
   * the buyer's country in delivery evidence. Unset, the country is unknown.
   */
  GEOIP_COUNTRY_FILE: z.string().min(1).optional(),
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
  databasePoolSize: number;
  /** `DATABASE_INGEST_POOL_SIZE`: the pool of the member site's writes. */
  databaseIngestPoolSize: number;
  /** `DATABASE_READ_CONNECTIONS`: the pipelined connections of the hot reads. */
  databaseReadConnections: number;
  jwtSecret: string;
  jwtPreviousSecrets: string[];
  tokenTtlSeconds: number;
  logLevel: string;
  memberSiteUrl: string;
  timeZone: string;
  webDistDir: string;
  bodyLimitBytes: number;
  productReview: boolean;
  /** Fastify's `trustProxy`: whose X-Forwarded-For to believe. */
  trustProxy: TrustProxy;
  redisUrl: string | undefined;
  rateLimits: {
    /** Failed sign-ins of one account from one address (the pair) in the window. */
    loginPerAccount: number;
    /** Failed sign-ins of one account from every address: past it, answers slow down. */
    loginAccountCeiling: number;
    loginPerIp: number;
    /** Reset requests per address and per account an hour. */
    passwordResetsPerHour: number;
    apiTokenRequestsPerMinute: number;
    loginWindowSeconds: number;
    signupsPerIpPerHour: number;
    uploadUrlsPer15Minutes: number;
  };
  /** Key of the signed internal API (member site); without it /api/internal/* answers 404. */
  internalApiSecret: string | undefined;
  /** The least time between two batches of product views; 0 writes each batch at once. */
  viewBatchIntervalMs: number;
  /** How long a redeemed discount code's use is held for its order's purchase. */
  discountHoldSeconds: number;
  /**
   * For how long a catalog page's last ETag is trusted to answer `If-None-Match` (304) without
   * reading the database; 0 reads it for every request.
   */
  catalogEtagMemorySeconds: number;
  /** A provider answering `{ krw, cny, date? }`, fetched every `exchangeRateRefreshMinutes`. */
  exchangeRateUrl: string | undefined;
  exchangeRateRefreshMinutes: number;
  publicUrl: string | undefined;
  /** Origins (scheme, host, port) allowed to read API answers from their pages. */
  corsOrigins: string[];
  storage: StorageConfig;
  uploadTtlHours: number;
  /** Seconds a buyer's download link (a delivery) works. */
  deliveryLinkTtlSeconds: number;
  uploadSweepIntervalMinutes: number;
  mail: {
    /** Unset: messages are written to `outboxDir` and their links logged. */
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
  };
  /** Keys that seal authenticator secrets (the first seals, all open). */
  totpEncryptionKeys: [string, ...string[]];
  /** The address of the web app in links sent by mail: PUBLIC_URL or http://localhost:PORT. */
  appUrl: string;
  /** Whether this copy runs queued jobs; a copy without the worker only queues them. */
  jobWorker: boolean;
  /** Webhooks may go to loopback http URLs. */
  webhookAllowLoopback: boolean;
  /** GEOIP_COUNTRY_FILE, absolute: read at start, the buyers' countries come from it. */
  geoipCountryFile: string | undefined;
}

export type StorageConfig =
  | {
      driver: 'local';
      /** DATA_DIR/storage */
      root: string;
      signingSecret: string;
      previousSigningSecrets: string[];
      /** Prefix of the signed URLs: PUBLIC_URL, or '' for same-origin relative URLs. */
      publicBaseUrl: string;
    }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Where public images are read (a CDN or the bucket's public endpoint). */
      publicBaseUrl: string | undefined;
    };

export type LocalStorageConfig = Extract<StorageConfig, { driver: 'local' }>;
export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
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
  const dataDir = values.DATA_DIR
    ? path.resolve(values.DATA_DIR)
    : new URL('../../../data', import.meta.url).pathname;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    databaseIngestPoolSize: values.DATABASE_INGEST_POOL_SIZE,
    databaseReadConnections: values.DATABASE_READ_CONNECTIONS,
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    jwtPreviousSecrets: values.JWT_PREVIOUS_SECRETS,
    tokenTtlSeconds: values.TOKEN_TTL_SECONDS,
    logLevel: values.LOG_LEVEL,
    memberSiteUrl: values.MEMBER_SITE_URL.replace(/\/+$/, ''),
    timeZone: values.TIME_ZONE,
    webDistDir: path.resolve(
      values.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname,
    ),
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    productReview: values.PRODUCT_REVIEW,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    redisUrl: values.REDIS_URL,
    rateLimits: {
      loginPerAccount: values.RATE_LIMIT_LOGIN_ACCOUNT,
      loginAccountCeiling: values.RATE_LIMIT_LOGIN_ACCOUNT_CEILING,
      passwordResetsPerHour: values.RATE_LIMIT_PASSWORD_RESET_PER_HOUR,
      apiTokenRequestsPerMinute: values.RATE_LIMIT_API_TOKEN_PER_MINUTE,
      loginPerIp: values.RATE_LIMIT_LOGIN_IP,
      loginWindowSeconds: values.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
      signupsPerIpPerHour: values.RATE_LIMIT_SIGNUP_IP_PER_HOUR,
      uploadUrlsPer15Minutes: values.RATE_LIMIT_UPLOAD_URLS_PER_15_MIN,
    },
    internalApiSecret: values.INTERNAL_API_SECRET,
    viewBatchIntervalMs: values.VIEW_BATCH_INTERVAL_MS,
    discountHoldSeconds: values.DISCOUNT_HOLD_SECONDS,
    catalogEtagMemorySeconds: values.CATALOG_ETAG_MEMORY_SECONDS,
    exchangeRateUrl: values.EXCHANGE_RATE_URL,
    exchangeRateRefreshMinutes: values.EXCHANGE_RATE_REFRESH_MINUTES,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: [...new Set(values.CORS_ORIGINS)],
    storage: storageConfig(values, dataDir),
    uploadTtlHours: values.UPLOAD_TTL_HOURS,
    deliveryLinkTtlSeconds: values.DELIVERY_LINK_TTL_SECONDS,
    uploadSweepIntervalMinutes: values.UPLOAD_SWEEP_INTERVAL_MINUTES,
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    totpEncryptionKeys: [
      values.TOTP_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'totp-encryption-key'),
      ...values.TOTP_PREVIOUS_ENCRYPTION_KEYS,
    ],
    appUrl: values.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${values.PORT}`,
    jobWorker: values.JOB_WORKER,
    webhookAllowLoopback: values.WEBHOOK_ALLOW_LOOPBACK,
    geoipCountryFile: values.GEOIP_COUNTRY_FILE
      ? path.resolve(values.GEOIP_COUNTRY_FILE)
      : undefined,
  };
}

function storageConfig(values: z.infer<typeof environmentSchema>, dataDir: string): StorageConfig {
  if (values.STORAGE_DRIVER === 'local') {
    return {
      driver: 'local',
      root: path.join(dataDir, 'storage'),
      signingSecret:
        values.STORAGE_SIGNING_SECRET ?? readOrCreateSecret(dataDir, 'storage-signing-secret'),
      previousSigningSecrets: values.STORAGE_PREVIOUS_SIGNING_SECRETS,
      publicBaseUrl: values.PUBLIC_URL?.replace(/\/+$/, '') ?? '',
    };
  }
  if (!values.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: is required when STORAGE_DRIVER=s3',
    );
  }
  const hasKey = values.S3_ACCESS_KEY_ID !== undefined;
  if (hasKey !== (values.S3_SECRET_ACCESS_KEY !== undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  return {
    driver: 's3',
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ''),
    credentials:
      values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    publicBaseUrl: values.S3_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
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
