import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/auth/settlement-info';
const empty = {
  alipay: { phone: '', realName: '' },
  bank: { name: '', account: '', accountHolder: '', swiftCode: '', branch: '' },
  paypal: { email: '', accountHolder: '' },
};
const complete = {
  alipay: { phone: '+86 13812345678', realName: '张伟' },
  bank: {
    name: 'Kookmin Bank',
    account: '123-456-789012',
    accountHolder: 'Kim Minsu',
    swiftCode: 'CZNBKRSE',
    branch: 'Gangnam',
  },
  paypal: { email: 'seller@example.com', accountHolder: 'Kim Minsu' },
};

const read = (token: string) => t.app.inject({ url, headers: bearer(token) });
const save = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });

describe('GET/PUT /api/auth/settlement-info', () => {
  it('gives a fresh seller empty objects', async () => {
    const seller = await signUpSeller(t.app);
    const response = await read(seller.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(empty);
  });

  it('saves all three methods and reads them back', async () => {
    const seller = await signUpSeller(t.app);
    const saved = await save(seller.token, complete);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(complete);
    expect((await read(seller.token)).json()).toEqual(complete);
  });

  it('accepts one method alone, normalises phone and SWIFT, and replaces on the next save', async () => {
    const seller = await signUpSeller(t.app);
    const first = await save(seller.token, {
      alipay: { phone: '+86-138-1234-5678', realName: '  李娜 ' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ...empty,
      alipay: { phone: '+86 13812345678', realName: '李娜' },
    });
    const second = await save(seller.token, {
      ...empty,
      bank: { ...complete.bank, swiftCode: 'cznbkrse xxx'.replace(' ', '') },
    });
    expect(second.statusCode).toBe(200);
    expect((await read(seller.token)).json()).toEqual({
      ...empty,
      bank: { ...complete.bank, swiftCode: 'CZNBKRSEXXX' },
    });
  });

  it('accepts a bank account without SWIFT code (domestic)', async () => {
    const seller = await signUpSeller(t.app);
    const response = await save(seller.token, { bank: { ...complete.bank, swiftCode: '' } });
    expect(response.statusCode).toBe(200);
  });

  it('keeps each seller apart: another seller never sees or changes these details', async () => {
    const owner = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    await save(owner.token, complete);
    expect((await read(other.token)).json()).toEqual(empty);
    await save(other.token, { paypal: { email: 'other@example.com', accountHolder: 'Other' } });
    expect((await read(owner.token)).json()).toEqual(complete);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, payload: complete })).statusCode).toBe(401);
  });

  it('ignores unknown fields', async () => {
    const seller = await signUpSeller(t.app);
    const response = await save(seller.token, {
      ...complete,
      sellerId: '00000000-0000-0000-0000-000000000000',
      alipay: { ...complete.alipay, extra: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(complete);
  });
});

describe('PUT /api/auth/settlement-info by method', () => {
  it('keeps a method left out of the body as saved', async () => {
    const seller = await signUpSeller(t.app);
    await save(seller.token, complete);
    const response = await save(seller.token, {
      paypal: { email: 'new@example.com', accountHolder: 'New Holder' },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      ...complete,
      paypal: { email: 'new@example.com', accountHolder: 'New Holder' },
    };
    expect(response.json()).toEqual(expected);
    expect((await read(seller.token)).json()).toEqual(expected);
  });

  it('keeps everything for an empty body', async () => {
    const seller = await signUpSeller(t.app);
    await save(seller.token, complete);
    const response = await save(seller.token, {});
    expect(response.statusCode).toBe(200);
    expect((await read(seller.token)).json()).toEqual(complete);
  });

  it('clears a method sent as null and keeps the others', async () => {
    const seller = await signUpSeller(t.app);
    await save(seller.token, complete);
    const response = await save(seller.token, { bank: null });
    expect(response.statusCode).toBe(200);
    expect((await read(seller.token)).json()).toEqual({ ...complete, bank: empty.bank });
  });

  it('replaces a method sent as an object, field by field as sent', async () => {
    const seller = await signUpSeller(t.app);
    await save(seller.token, complete);
    const response = await save(seller.token, {
      bank: { ...complete.bank, swiftCode: '', branch: 'Jongno' },
    });
    expect(response.statusCode).toBe(200);
    expect((await read(seller.token)).json()).toEqual({
      ...complete,
      bank: { ...complete.bank, swiftCode: '', branch: 'Jongno' },
    });
  });

  it('clears a method sent with every field empty', async () => {
    const seller = await signUpSeller(t.app);
    await save(seller.token, complete);
    await save(seller.token, { alipay: empty.alipay });
    expect((await read(seller.token)).json()).toEqual({ ...complete, alipay: empty.alipay });
  });

  it('saves a first method for a seller who never saved, leaving the others empty', async () => {
    const seller = await signUpSeller(t.app);
    const response = await save(seller.token, { bank: null, paypal: complete.paypal });
    expect(response.statusCode).toBe(200);
    expect((await read(seller.token)).json()).toEqual({ ...empty, paypal: complete.paypal });
  });

  it('changes nothing when one method of the body is refused', async () => {
    const seller = await signUpSeller(t.app);
    await save(seller.token, complete);
    const response = await save(seller.token, {
      alipay: null,
      bank: { ...complete.bank, swiftCode: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect((await read(seller.token)).json()).toEqual(complete);
  });
});

describe('settlement validation', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each([
    [
      'alipay phone without +86',
      { alipay: { phone: '13812345678', realName: 'A' } },
      'alipay.phone',
      'alipayPhoneInvalid',
    ],
    [
      'alipay phone with +82',
      { alipay: { phone: '+82 1012345678', realName: 'A' } },
      'alipay.phone',
      'alipayPhoneInvalid',
    ],
    [
      'alipay phone too short',
      { alipay: { phone: '+86 1381234567', realName: 'A' } },
      'alipay.phone',
      'alipayPhoneInvalid',
    ],
    [
      'alipay phone too long',
      { alipay: { phone: '+86 138123456789', realName: 'A' } },
      'alipay.phone',
      'alipayPhoneInvalid',
    ],
    [
      'alipay landline',
      { alipay: { phone: '+86 01012345678', realName: 'A' } },
      'alipay.phone',
      'alipayPhoneInvalid',
    ],
    [
      'alipay phone with letters',
      { alipay: { phone: '+86 1381234567a', realName: 'A' } },
      'alipay.phone',
      'alipayPhoneInvalid',
    ],
    [
      'alipay without real name',
      { alipay: { phone: '+8613812345678', realName: '' } },
      'alipay.realName',
      'settlementFieldRequired',
    ],
    [
      'alipay without phone',
      { alipay: { phone: '', realName: 'A' } },
      'alipay.phone',
      'settlementFieldRequired',
    ],
    [
      'alipay real name too long',
      { alipay: { phone: '+8613812345678', realName: long(101) } },
      'alipay.realName',
      'settlementFieldTooLong',
    ],
    [
      'paypal bad email',
      { paypal: { email: 'not-an-email', accountHolder: 'A' } },
      'paypal.email',
      'emailInvalid',
    ],
    [
      'paypal without holder',
      { paypal: { email: 'a@b.co', accountHolder: '' } },
      'paypal.accountHolder',
      'settlementFieldRequired',
    ],
    [
      'paypal email too long',
      { paypal: { email: `${long(250)}@b.co`, accountHolder: 'A' } },
      'paypal.email',
      'emailInvalid',
    ],
    [
      'bank SWIFT of 9 characters',
      { bank: { ...complete.bank, swiftCode: 'CZNBKRSE1' } },
      'bank.swiftCode',
      'swiftCodeInvalid',
    ],
    [
      'bank SWIFT of 7 characters',
      { bank: { ...complete.bank, swiftCode: 'CZNBKRS' } },
      'bank.swiftCode',
      'swiftCodeInvalid',
    ],
    [
      'bank SWIFT with a digit in the bank code',
      { bank: { ...complete.bank, swiftCode: 'CZ1BKRSE' } },
      'bank.swiftCode',
      'swiftCodeInvalid',
    ],
    [
      'bank SWIFT of 12 characters',
      { bank: { ...complete.bank, swiftCode: 'CZNBKRSEXXXX' } },
      'bank.swiftCode',
      'swiftCodeInvalid',
    ],
    [
      'bank without account',
      { bank: { ...complete.bank, account: '' } },
      'bank.account',
      'settlementFieldRequired',
    ],
    [
      'bank without branch',
      { bank: { ...complete.bank, branch: '' } },
      'bank.branch',
      'settlementFieldRequired',
    ],
    [
      'bank with only a SWIFT code',
      { bank: { swiftCode: 'CZNBKRSE' } },
      'bank.name',
      'settlementFieldRequired',
    ],
    [
      'bank account with symbols',
      { bank: { ...complete.bank, account: '12#34' } },
      'bank.account',
      'bankAccountInvalid',
    ],
    [
      'bank account too long',
      { bank: { ...complete.bank, account: '1'.repeat(65) } },
      'bank.account',
      'settlementFieldTooLong',
    ],
    [
      'bank name too long',
      { bank: { ...complete.bank, name: long(101) } },
      'bank.name',
      'settlementFieldTooLong',
    ],
  ])('refuses %s', async (_name, payload, path, code) => {
    const seller = await signUpSeller(t.app);
    const response = await save(seller.token, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { path: string; code: string }[] }>();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toContainEqual(expect.objectContaining({ path, code }));
    expect((await read(seller.token)).json()).toEqual(empty);
  });

  it('lists every missing field of a half-filled method', async () => {
    const seller = await signUpSeller(t.app);
    const response = await save(seller.token, { bank: { name: 'Kookmin Bank' } });
    const paths = response
      .json<{ details: { path: string }[] }>()
      .details.map((detail) => detail.path)
      .sort();
    expect(paths).toEqual(['bank.account', 'bank.accountHolder', 'bank.branch']);
  });

  it.each([
    ['a method that is not an object', { alipay: 'x' }],
    ['a field that is not a string', { paypal: { email: 42, accountHolder: 'A' } }],
    ['null', null],
  ])('refuses %s with 400', async (_name, payload) => {
    const seller = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
  });
});
