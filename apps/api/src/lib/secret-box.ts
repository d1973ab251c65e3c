import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (authenticator secrets) with AES-256-GCM under a
 * key from the environment: a copy of the database alone does not reveal them. Retired keys
 * still open what they sealed, so the key can be rotated.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const version = 'v1';

/** A key setting (≥ 32 characters) as 256 bits. */
const keyBytes = (key: string) => createHash('sha256').update(key, 'utf8').digest();

export function createSecretBox(key: string, previousKeys: readonly string[] = []): SecretBox {
  const current = keyBytes(key);
  const all = [current, ...previousKeys.map(keyBytes)];
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [version, iv, body, tag]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [tagVersion, iv, body, tag] = sealed.split('.');
      if (tagVersion !== version || !iv || body === undefined || !tag) {
        throw new Error('not a sealed secret');
      }
      for (const candidate of all) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', candidate, Buffer.from(iv, 'base64url'));
          decipher.setAuthTag(Buffer.from(tag, 'base64url'));
          return Buffer.concat([
            decipher.update(Buffer.from(body, 'base64url')),
            decipher.final(),
          ]).toString('utf8');
        } catch {
          // Sealed with another key: try the next.
        }
      }
      throw new Error('the secret was sealed with an unknown key');
    },
  };
}
