import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { type IpCountryTable, loadIpCountryFile, parseIpv6 } from './ip-country.ts';

const fixture = fileURLToPath(
  new URL('../test/ip-country-fixtures/countries.csv', import.meta.url),
);

let dir: string;
let table: IpCountryTable;
let written = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'seller-ip-country-'));
  table = await loadIpCountryFile(fixture);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A file of these lines in the temp folder. */
async function csv(text: string): Promise<string> {
  written += 1;
  const file = path.join(dir, `countries-${written}.csv`);
  await writeFile(file, text);
  return file;
}

const loadText = async (text: string) => loadIpCountryFile(await csv(text));

/** The ConfigError a file of these lines stops the start with. */
async function refusal(text: string): Promise<{ file: string; message: string }> {
  const file = await csv(text);
  const error = await loadIpCountryFile(file).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigError);
  const message = error instanceof Error ? error.message : '';
  expect(message).toContain('GEOIP_COUNTRY_FILE');
  expect(message).toContain(file);
  return { file, message };
}

describe('the country of an IPv4 address', () => {
  it.each([
    ['192.0.2.0', 'KR'],
    ['192.0.2.77', 'KR'],
    ['192.0.2.127', 'KR'],
    ['192.0.2.128', 'JP'],
    ['192.0.2.255', 'JP'],
    ['198.51.100.23', 'CN'],
    // Stored in upper case whatever the file's case.
    ['203.0.113.255', 'FR'],
  ])('%s is in %s', (ip, country) => {
    expect(table.countryOf(ip)).toBe(country);
  });

  it.each([
    '192.0.1.255',
    '192.0.3.0',
    '198.51.101.0',
    '255.255.255.255',
    // DB-IP's ZZ ("unknown or reserved") is no country.
    '0.1.2.3',
  ])('%s is in none', (ip) => {
    expect(table.countryOf(ip)).toBeNull();
  });
});

describe('the country of an IPv6 address', () => {
  it.each([
    ['2001:db8::', 'KR'],
    ['2001:db8::1', 'KR'],
    ['2001:db8:0:ffff:ffff:ffff:ffff:ffff', 'KR'],
    ['2001:db8:1::', 'TR'],
    ['2001:0DB8:0001:0000:0000:0000:0000:0009', 'TR'],
    ['2001:db8:1:ffff:ffff:ffff:ffff:ffff', 'TR'],
    ['2001:db8:2::ffff', 'US'],
    ['2001:db8:1::7%eth0', 'TR'],
  ])('%s is in %s', (ip, country) => {
    expect(table.countryOf(ip)).toBe(country);
  });

  it.each(['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8:2::1:0', '2001:db8:3::', '::1'])(
    '%s is in none',
    (ip) => {
      expect(table.countryOf(ip)).toBeNull();
    },
  );

  it('looks an IPv4 address written as IPv6 up as IPv4', () => {
    expect(table.countryOf('::ffff:198.51.100.23')).toBe('CN');
    expect(table.countryOf('::FFFF:c633:6417')).toBe('CN');
    expect(table.countryOf('0:0:0:0:0:ffff:192.0.2.128')).toBe('JP');
    expect(table.countryOf('::ffff:192.0.3.1')).toBeNull();
  });
});

describe('what is not an address', () => {
  it.each(['', 'localhost', '300.1.1.1', '1.2.3', '1.2.3.4.5', '1::2::3', '2001:db8:1:::', 'g::1'])(
    '%j has no country',
    (ip) => {
      expect(table.countryOf(ip)).toBeNull();
    },
  );

  it('reads IPv6 the way the standard writes it, and nothing else', () => {
    const words = new Uint32Array(4);
    expect(parseIpv6('::', words, 0)).toBe(true);
    expect([...words]).toEqual([0, 0, 0, 0]);
    expect(parseIpv6('1:2:3:4:5:6:7:8', words, 0)).toBe(true);
    expect([...words]).toEqual([0x10002, 0x30004, 0x50006, 0x70008]);
    expect(parseIpv6('1:2:3:4:5:6:7::', words, 0)).toBe(true);
    expect([...words]).toEqual([0x10002, 0x30004, 0x50006, 0x70000]);
    expect(parseIpv6('ffff::1.2.3.4', words, 0)).toBe(true);
    expect([...words]).toEqual([0xffff0000, 0, 0, 0x01020304]);
    for (const bad of [
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '12345::',
      ':1::',
    ]) {
      expect(parseIpv6(bad, words, 0), bad).toBe(false);
    }
    expect(parseIpv6('1.2.3.4::', words, 0)).toBe(false);
  });
});

describe('reading the file', () => {
  it('keeps the ranges of each family, the unknown ones left out', () => {
    expect(table.ipv4Ranges).toBe(4);
    expect(table.ipv6Ranges).toBe(3);
  });

  it('takes a header, quotes, a byte-order mark, CRLF and blank lines', async () => {
    const read = await loadText(
      '\uFEFFip_range_start,ip_range_end,country_code\r\n"192.0.2.0","192.0.2.255","KR"\r\n\r\n2001:db8::,2001:db8::ff,jp',
    );
    expect(read.countryOf('192.0.2.9')).toBe('KR');
    expect(read.countryOf('2001:db8::ff')).toBe('JP');
    expect(read.countryOf('2001:db8::100')).toBeNull();
  });

  it('sorts rows that come out of order', async () => {
    const read = await loadText(
      [
        '2001:db8:2::,2001:db8:2::ffff,US',
        '203.0.113.0,203.0.113.255,FR',
        '2001:db8::,2001:db8::ffff,KR',
        '192.0.2.0,192.0.2.255,KR',
        '198.51.100.0,198.51.100.255,CN',
      ].join('\n'),
    );
    expect(read.countryOf('192.0.2.1')).toBe('KR');
    expect(read.countryOf('198.51.100.1')).toBe('CN');
    expect(read.countryOf('203.0.113.1')).toBe('FR');
    expect(read.countryOf('2001:db8::1')).toBe('KR');
    expect(read.countryOf('2001:db8:2::1')).toBe('US');
    expect(read.countryOf('2001:db8:1::1')).toBeNull();
  });

  it('joins ranges that follow each other with the same country', async () => {
    const read = await loadText(
      [
        '192.0.2.0,192.0.2.63,KR',
        '192.0.2.64,192.0.2.127,KR',
        '192.0.2.128,192.0.2.255,JP',
        '2001:db8::,2001:db8::ffff:ffff:ffff:ffff,TR',
        '2001:db8:0:1::,2001:db8:0:1:ffff:ffff:ffff:ffff,TR',
      ].join('\n'),
    );
    expect([read.ipv4Ranges, read.ipv6Ranges]).toEqual([2, 1]);
    expect(read.countryOf('192.0.2.63')).toBe('KR');
    expect(read.countryOf('192.0.2.64')).toBe('KR');
    expect(read.countryOf('192.0.2.128')).toBe('JP');
    expect(read.countryOf('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe('TR');
    expect(read.countryOf('2001:db8:0:2::')).toBeNull();
  });

  it('lets a range inside another win inside it, the outer one going on around it', async () => {
    // As ip-location-db writes a network's more precise entries after the wider one.
    const read = await loadText(
      [
        '2.58.196.0,2.58.197.255,DE',
        '2.58.197.15,2.58.197.15,BE',
        '2.58.197.16,2.58.197.255,DE',
        '13.144.0.0,13.144.255.255,SG',
        '13.144.0.0,13.144.15.255,TH',
        '2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,US',
        '2001:db8:1::,2001:db8:1::ff,CA',
      ].join('\n'),
    );
    expect(read.countryOf('2.58.197.14')).toBe('DE');
    expect(read.countryOf('2.58.197.15')).toBe('BE');
    expect(read.countryOf('2.58.197.16')).toBe('DE');
    expect(read.countryOf('13.144.0.0')).toBe('TH');
    expect(read.countryOf('13.144.15.255')).toBe('TH');
    expect(read.countryOf('13.144.16.0')).toBe('SG');
    expect(read.countryOf('2001:db8:0:ffff::')).toBe('US');
    expect(read.countryOf('2001:db8:1::ff')).toBe('CA');
    expect(read.countryOf('2001:db8:1::100')).toBe('US');
    expect(read.countryOf('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('US');
    // DE, BE, DE (joined again: nothing but BE is cut out), TH, SG.
    expect([read.ipv4Ranges, read.ipv6Ranges]).toEqual([5, 3]);
  });

  it('gives an overlap to the range that starts last, whatever the order of the rows', async () => {
    const rows = [
      '10.0.0.0,10.0.0.200,KR',
      '10.0.0.100,10.0.1.255,JP',
      '10.0.0.150,10.0.0.160,KR',
      '10.0.0.150,10.0.0.160,CN',
    ];
    for (const text of [rows.join('\n'), [...rows].reverse().join('\n')]) {
      const read = await loadText(text);
      expect(read.countryOf('10.0.0.99')).toBe('KR');
      expect(read.countryOf('10.0.0.100')).toBe('JP');
      expect(read.countryOf('10.0.0.201')).toBe('JP');
      expect(read.countryOf('10.0.1.255')).toBe('JP');
      expect(read.countryOf('10.0.2.0')).toBeNull();
    }
    // Of identical ranges, the later line.
    expect((await loadText(rows.join('\n'))).countryOf('10.0.0.155')).toBe('CN');
    expect((await loadText([...rows].reverse().join('\n'))).countryOf('10.0.0.155')).toBe('KR');
  });

  it('reaches the first and the last address', async () => {
    const read = await loadText(
      [
        '0.0.0.0,255.255.255.255,KR',
        '255.255.255.0,255.255.255.255,JP',
        '::,ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,CN',
        'ffff::,ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff,TR',
      ].join('\n'),
    );
    expect(read.countryOf('0.0.0.0')).toBe('KR');
    expect(read.countryOf('255.255.254.255')).toBe('KR');
    expect(read.countryOf('255.255.255.255')).toBe('JP');
    expect(read.countryOf('::')).toBe('CN');
    expect(read.countryOf('fffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('CN');
    expect(read.countryOf('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('TR');
  });

  it('answers as the rule says for random overlapping ranges', async () => {
    // A small space, many overlaps: each answer checked against the rule itself.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const codes = ['KR', 'JP', 'CN', 'FR', 'TR', 'ZZ'];
    for (let round = 0; round < 20; round += 1) {
      const rows = Array.from({ length: 1 + random(30) }, (_, line) => {
        const start = random(256);
        return { start, end: Math.min(255, start + random(80)), country: codes[random(6)], line };
      });
      const read = await loadText(
        rows.map((row) => `10.0.0.${row.start},10.0.0.${row.end},${row.country}`).join('\n'),
      );
      for (let address = 0; address < 256; address += 1) {
        const winner = rows
          .filter((row) => row.start <= address && address <= row.end && row.country !== 'ZZ')
          .sort((a, b) => a.start - b.start || b.end - a.end || a.line - b.line)
          .at(-1);
        // ZZ rows are left out as if they were not there.
        expect(read.countryOf(`10.0.0.${address}`), `round ${round}, .${address}`).toBe(
          winner?.country ?? null,
        );
      }
    }
  });

  it('answers every address of many ranges as its own row says', async () => {
    // 20 000 ranges of 100 addresses with a gap of 28 between them, countries in turn.
    const codes = ['KR', 'JP', 'CN', 'FR', 'TR'];
    const v4 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
    const rows: string[] = [];
    for (let index = 0; index < 20_000; index += 1) {
      const start = 0x0a000000 + index * 128;
      rows.push(`${v4(start)},${v4(start + 99)},${codes[index % 5]}`);
      rows.push(
        `2001:db8:${index.toString(16)}::,2001:db8:${index.toString(16)}::ff,${codes[index % 5]}`,
      );
    }
    const read = await loadText(rows.join('\n'));
    expect([read.ipv4Ranges, read.ipv6Ranges]).toEqual([20_000, 20_000]);
    for (const index of [0, 1, 4_999, 12_345, 19_999]) {
      const start = 0x0a000000 + index * 128;
      expect(read.countryOf(v4(start))).toBe(codes[index % 5]);
      expect(read.countryOf(v4(start + 99))).toBe(codes[index % 5]);
      expect(read.countryOf(v4(start + 100))).toBeNull();
      expect(read.countryOf(`2001:db8:${index.toString(16)}::80`)).toBe(codes[index % 5]);
      expect(read.countryOf(`2001:db8:${index.toString(16)}::100`)).toBeNull();
    }
  });
});

describe('a file that cannot be used stops the start', () => {
  it('names a missing file', async () => {
    const missing = path.join(dir, 'missing.csv');
    await expect(loadIpCountryFile(missing)).rejects.toThrow(ConfigError);
    await expect(loadIpCountryFile(missing)).rejects.toThrow(
      `GEOIP_COUNTRY_FILE: ${missing} cannot be read`,
    );
  });

  it('names a folder given as the file', async () => {
    await expect(loadIpCountryFile(dir)).rejects.toThrow(`${dir} cannot be read`);
  });

  it.each([
    ['a row of two fields', '192.0.2.0,192.0.2.255', 'found 2 field(s)'],
    ['a row of four fields', '192.0.2.0,192.0.2.255,AS,KR', 'found 4 field(s)'],
    ['a start that is no address', '192.0.2,192.0.2.255,KR', '"192.0.2" is not an IPv4 or IPv6'],
    ['a numeric start', '3221225984,3221226239,KR', 'is not an IPv4 or IPv6'],
    ['an end of the other family', '192.0.2.0,2001:db8::,KR', 'not an IPv4 address like the start'],
    ['an IPv6 end that is no address', '2001:db8::,2001:db8::g,KR', 'not an IPv6 address like'],
    ['an end before the start', '192.0.2.255,192.0.2.0,KR', 'ends before it starts'],
    ['an IPv6 end before the start', '2001:db8::2,2001:db8::1,KR', 'ends before it starts'],
    ['a three-letter country', '192.0.2.0,192.0.2.255,KOR', '"KOR" is not a two-letter country'],
    ['an empty country', '192.0.2.0,192.0.2.255,', '"" is not a two-letter country'],
  ])('names the line of %s', async (_case, row, reason) => {
    const { file, message } = await refusal(`198.51.100.0,198.51.100.255,CN\n\n${row}\n`);
    expect(message).toContain(`${file} line 3: `);
    expect(message).toContain(reason);
  });
});
