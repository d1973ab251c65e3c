import { describe, expect, it } from 'vitest';
import { decoyPasswordHash, hashPassword, passwordHashCost, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are scrypt with the production cost unless told otherwise, salted, and verified', async () => {
    const hash = await hashPassword('Quiet-Harbor-8317');
    const { logN, r, p } = passwordHashCost;
    expect(hash).toMatch(new RegExp(`^scrypt\\$${logN}\\$${r}\\$${p}\\$[A-Za-z0-9+/=]{24}\\$`));
    expect(logN).toBeGreaterThanOrEqual(15);
    expect(await hashPassword('Quiet-Harbor-8317')).not.toBe(hash);
    expect(await verifyPassword('Quiet-Harbor-8317', hash)).toBe(true);
    expect(await verifyPassword('Quiet-Harbor-8318', hash)).toBe(false);
  });

  it('keep their cost with them: a hash of another cost is still verified', async () => {
    const cheap = await hashPassword('Quiet-Harbor-8317', { logN: 10, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$10$8$1$')).toBe(true);
    expect(await verifyPassword('Quiet-Harbor-8317', cheap)).toBe(true);
    expect(await verifyPassword('quiet-harbor-8317', cheap)).toBe(false);
  });

  it('compare the same password in its composed and decomposed Unicode forms', async () => {
    const composed = '비밀번호-가나다-8317';
    const hash = await hashPassword(composed, { logN: 10, r: 8, p: 1 });
    expect(await verifyPassword(composed.normalize('NFD'), hash)).toBe(true);
  });

  it('refuse a stored value that is not one of ours', async () => {
    expect(await verifyPassword('anything', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('anything', '')).toBe(false);
  });

  it('give unknown emails a decoy of the same cost as the real hashes', async () => {
    expect((await decoyPasswordHash()).startsWith(`scrypt$${passwordHashCost.logN}$`)).toBe(true);
    expect((await decoyPasswordHash({ logN: 10, r: 8, p: 1 })).startsWith('scrypt$10$')).toBe(true);
  });
});
