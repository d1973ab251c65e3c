import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * POSTs to addresses that sellers give us (webhooks) without letting them reach what only the
 * server can reach: the address each connection really goes to is checked when it is made
 * (after DNS, so a name that later points inside is caught), redirects are not followed, the
 * answer is read up to a limit and everything has a deadline.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export interface AddressPolicy {
  /** Loopback addresses are allowed (tests, a receiver on the same host). */
  allowLoopback: boolean;
}

/** Whether a connection may go to this IP address. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const ip = unmapped(address);
  if (policy.allowLoopback && loopback.check(ip.address, ip.family)) return true;
  return !blocked.check(ip.address, ip.family);
}

export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

/** A DNS lookup that refuses answers pointing where we do not send. */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((entry) => !isAllowedAddress(entry.address, policy));
      if (refused || list.length === 0) {
        return callback(
          new OutboundRefusedError(`${hostname} resolves to an address that is not allowed`),
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list as never, 0);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export interface OutboundResponse {
  status: number;
  /** At most `maxBodyBytes` of the answer, as text. */
  body: string;
  durationMs: number;
}

export interface OutboundPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxBodyBytes: number;
  policy: AddressPolicy;
  /** Cuts the request off when aborted (the run that sends it is over). */
  signal?: AbortSignal;
}

/** POSTs `body` and answers the status and the start of the answer; throws on no answer. */
export function postOutbound(request: OutboundPost): Promise<OutboundResponse> {
  const url = new URL(request.url);
  const started = performance.now();
  const client = url.protocol === 'https:' ? https : http;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isAllowedAddress(literal, request.policy)) {
    return Promise.reject(new OutboundRefusedError(`${literal} is not an allowed address`));
  }
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-length': String(Buffer.byteLength(request.body)),
        },
        lookup: guardedLookup(request.policy),
        timeout: request.timeoutMs,
        ...(request.signal ? { signal: request.signal } : {}),
        // A fresh connection each time: a pooled one could have been made for another address.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= request.maxBodyBytes) return;
          const piece = chunk.subarray(0, request.maxBodyBytes - size);
          chunks.push(piece);
          size += piece.length;
          if (size >= request.maxBodyBytes) response.destroy();
        });
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const deadline = setTimeout(
      () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
