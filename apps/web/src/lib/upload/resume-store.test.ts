import { describe, expect, it } from 'vitest';
import { createResumeStore, resumeKey, resumeMaxAgeMs } from './resume-store';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value);
    },
    removeItem: (key: string) => {
      map.delete(key);
    },
  };
}

const file = { name: '강의.mp4', size: 300 * 1024 * 1024, lastModified: 1_700_000_000_000 };
const record = {
  uploadId: 'u1',
  s3Key: 'sellers/s/k.mp4',
  size: file.size,
  partSize: 5 * 1024 * 1024,
};

describe('resume store', () => {
  it('finds the upload again for the same name, size and modification time', () => {
    const storage = memoryStorage();
    let now = 1000;
    const store = createResumeStore(storage, () => now);
    store.save(file, record);
    expect(storage.map.has(resumeKey(file))).toBe(true);
    now += 60_000;
    expect(createResumeStore(storage, () => now).load(file)).toEqual({ ...record, savedAt: 1000 });
    expect(store.load({ ...file, lastModified: file.lastModified + 1 })).toBeUndefined();
    expect(store.load({ ...file, name: 'other.mp4' })).toBeUndefined();
  });

  it('forgets records that are old, malformed or for another size', () => {
    const storage = memoryStorage();
    let now = 0;
    const store = createResumeStore(storage, () => now);
    store.save(file, record);
    now = resumeMaxAgeMs + 1;
    expect(store.load(file)).toBeUndefined();
    expect(storage.map.size).toBe(0);
    storage.setItem(resumeKey(file), '{not json');
    expect(store.load(file)).toBeUndefined();
    storage.setItem(resumeKey(file), JSON.stringify({ ...record, size: 1, savedAt: now }));
    expect(store.load(file)).toBeUndefined();
  });

  it('works without storage (blocked by privacy settings)', () => {
    const store = createResumeStore(undefined);
    store.save(file, record);
    expect(store.load(file)).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const blocked = createResumeStore(throwing);
    expect(() => blocked.save(file, record)).not.toThrow();
    expect(blocked.load(file)).toBeUndefined();
  });
});
