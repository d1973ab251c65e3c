/** Where an interrupted multipart upload can be found again after a reload. */
export interface ResumeRecord {
  uploadId: string;
  s3Key: string;
  size: number;
  partSize: number;
  /** Milliseconds since the epoch. */
  savedAt: number;
}

export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const prefix = 'upload-resume:v1:';
/** The server forgets unfinished uploads after 24 h; stop trying a little before. */
export const resumeMaxAgeMs = 20 * 60 * 60 * 1000;

/** The same file picked again has the same name, size and modification time. */
export function resumeKey(file: FileIdentity): string {
  return `${prefix}${file.name}:${file.size}:${file.lastModified}`;
}

function isRecord(value: unknown): value is ResumeRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uploadId === 'string' &&
    typeof v.s3Key === 'string' &&
    typeof v.size === 'number' &&
    typeof v.partSize === 'number' &&
    typeof v.savedAt === 'number'
  );
}

function browserStore(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export interface ResumeStore {
  load(file: FileIdentity): ResumeRecord | undefined;
  save(file: FileIdentity, record: Omit<ResumeRecord, 'savedAt'>): void;
  forget(file: FileIdentity): void;
}

/** Remembers `{ uploadId, s3Key }` per file in local storage; blocked storage just forgets. */
export function createResumeStore(
  store: KeyValueStore | undefined = browserStore(),
  now: () => number = Date.now,
): ResumeStore {
  const safely = <T>(work: () => T, fallback: T): T => {
    try {
      return work();
    } catch {
      return fallback;
    }
  };
  return {
    load(file) {
      if (!store) return undefined;
      const raw = safely(() => store.getItem(resumeKey(file)), null);
      if (!raw) return undefined;
      const parsed: unknown = safely(() => JSON.parse(raw), undefined);
      if (
        !isRecord(parsed) ||
        parsed.size !== file.size ||
        now() - parsed.savedAt > resumeMaxAgeMs
      ) {
        safely(() => store.removeItem(resumeKey(file)), undefined);
        return undefined;
      }
      return parsed;
    },
    save(file, record) {
      safely(
        () => store?.setItem(resumeKey(file), JSON.stringify({ ...record, savedAt: now() })),
        undefined,
      );
    },
    forget(file) {
      safely(() => store?.removeItem(resumeKey(file)), undefined);
    },
  };
}
