import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedAddress, OutboundRefusedError, postOutbound } from './outbound-request.ts';

const closed = { allowLoopback: false };
const open = { allowLoopback: true };

describe('which addresses a seller-given URL may reach', () => {
  it.each([
    ['10.1.2.3'],
    ['172.16.0.9'],
    ['192.168.1.1'],
    ['127.0.0.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['::1'],
    ['fd00::1'],
    ['fe80::1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, closed)).toBe(false);
  });

  it.each([['93.184.216.34'], ['8.8.8.8'], ['2606:4700:4700::1111']])('allows %s', (address) => {
    expect(isAllowedAddress(address, closed)).toBe(true);
  });

  it('allows loopback only when told to, and never the other private ranges', () => {
    expect(isAllowedAddress('127.0.0.1', open)).toBe(true);
    expect(isAllowedAddress('::1', open)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', open)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', open)).toBe(false);
  });
});

describe('posting to a receiver', () => {
  let server: Server;
  let base: string;
  let handler: (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ) => void;
  beforeAll(async () => {
    server = createServer((request, response) => handler(request, response));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (url: string, policy = open, timeoutMs = 2000) =>
    postOutbound({
      url,
      headers: { 'content-type': 'application/json' },
      body: '{"ok":true}',
      timeoutMs,
      maxBodyBytes: 64 * 1024,
      policy,
    });

  it('sends the body and answers the status', async () => {
    let received = '';
    handler = (request, response) => {
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        received += chunk;
      });
      request.on('end', () => response.writeHead(204).end());
    };
    const answer = await post(`${base}/hook`);
    expect(answer.status).toBe(204);
    expect(received).toBe('{"ok":true}');
  });

  it('does not follow a redirect', async () => {
    let hits = 0;
    handler = (request, response) => {
      hits += 1;
      request.resume();
      response.writeHead(302, { location: `${base}/elsewhere` }).end();
    };
    const answer = await post(`${base}/hook`);
    expect(answer.status).toBe(302);
    expect(hits).toBe(1);
  });

  it('reads at most 64 KB of the answer', async () => {
    handler = (request, response) => {
      request.resume();
      response.writeHead(200);
      response.end(Buffer.alloc(1024 * 1024, 97));
    };
    const answer = await post(`${base}/hook`);
    expect(answer.body.length).toBe(64 * 1024);
  });

  it('gives up after its deadline', async () => {
    handler = (request) => {
      request.resume();
    };
    await expect(post(`${base}/slow`, open, 300)).rejects.toThrow(/no answer within 300 ms/);
  });

  it('refuses loopback (by address and by name) unless allowed, before connecting', async () => {
    let hits = 0;
    handler = (request, response) => {
      hits += 1;
      request.resume();
      response.end();
    };
    await expect(post(`${base}/hook`, closed)).rejects.toBeInstanceOf(OutboundRefusedError);
    const named = base.replace('127.0.0.1', 'localhost');
    await expect(post(`${named}/hook`, closed)).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(hits).toBe(0);
  });
});
