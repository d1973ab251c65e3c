import { describe, expect, it } from 'vitest';
import { databaseUnavailable, uniqueViolation, unstorableText } from './database-errors.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('databaseUnavailable', () => {
  it.each([
    [
      'a server shutting down',
      { code: '57P01', message: 'terminating connection due to administrator command' },
    ],
    ['a server starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception', { code: '08006', message: 'connection failure' }],
    ['too many connections', { code: '53300', message: 'too many clients already' }],
    [
      'a refused socket',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('recognises %s, even wrapped by the ORM', (_name, cause) => {
    expect(databaseUnavailable(cause)).toBe(true);
    expect(databaseUnavailable(wrapped(cause))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key' }],
    ['a syntax error', { code: '42601', message: 'syntax error' }],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, cause) => {
    expect(databaseUnavailable(wrapped(cause))).toBe(false);
  });
});

describe('other database errors', () => {
  it('names the violated unique constraint and spots unstorable text', () => {
    expect(uniqueViolation(wrapped({ code: '23505', constraint: 'sellers_email_lower_key' }))).toBe(
      'sellers_email_lower_key',
    );
    expect(uniqueViolation(wrapped({ code: '22021' }))).toBeUndefined();
    expect(unstorableText(wrapped({ code: '22021' }))).toBe(true);
  });
});
