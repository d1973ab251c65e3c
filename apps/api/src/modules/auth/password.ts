import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost parameters: N = 2^logN, block size r, parallelism p. */
export interface PasswordHashCost {
  logN: number;
  r: number;
  p: number;
}

/**
 * One of OWASP's equivalent parameter sets (N=2^15, r=8, p=3: 32 MiB, about 100 ms here). The
 * parameters travel with each hash, so they can be raised later and a hash made with others
 * is still verified.
 */
export const passwordHashCost: PasswordHashCost = { logN: 15, r: 8, p: 3 };

const keyLength = 32;

function derive(
  password: string,
  salt: Buffer,
  params: { logN: number; r: number; p: number; keyLength: number },
): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      params.keyLength,
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 32 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(
  password: string,
  cost: PasswordHashCost = passwordHashCost,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...cost, keyLength });
  return [
    'scrypt',
    cost.logN,
    cost.r,
    cost.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Used for unknown emails so that they take as long as a wrong password: one per cost. */
const decoyHashes = new Map<string, Promise<string>>();
export function decoyPasswordHash(cost: PasswordHashCost = passwordHashCost): Promise<string> {
  const key = `${cost.logN}$${cost.r}$${cost.p}`;
  let decoy = decoyHashes.get(key);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), cost);
    decoyHashes.set(key, decoy);
  }
  return decoy;
}
