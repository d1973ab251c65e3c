/**
 * A TCP proxy in front of PostgreSQL that reads what the server sends on the wire: each
 * statement it runs (simple queries, and extended-protocol Parse/Bind with the parameter values
 * as text), and whether it was prepared under a name (parsed once per connection) or unnamed
 * (parsed and planned again on every execution). The throughput scenario points a copy of the
 * real server at it and makes one request of each kind: the pgbench anchors then run exactly
 * these statements.
 */
import net from 'node:net';

export interface CapturedStatement {
  text: string;
  /** Parameter values as text (null for SQL NULL). */
  values: (string | null)[];
  /** The prepared statement's name; '' when unnamed. */
  name: string;
  /** True when this execution parsed the statement (always for unnamed ones). */
  parsed: boolean;
}

export interface WireCapture {
  port: number;
  /** Statements executed since the last call. */
  take(): CapturedStatement[];
  close(): Promise<void>;
}

function cString(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

export async function startWireCapture(target: {
  host: string;
  port: number;
}): Promise<WireCapture> {
  let captured: CapturedStatement[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client);
    sockets.add(upstream);
    upstream.pipe(client);
    // Parsed statements of this connection by name, and unnamed ones awaiting their Bind.
    const statements = new Map<string, string>();
    let pendingParsed = new Set<string>();
    let buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // The startup message (or an SSL request) has no type byte.
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) started = true; // not an SSLRequest
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0] as number);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'Q') {
          captured.push({ text: cString(body, 0)[0], values: [], name: '', parsed: true });
        } else if (type === 'P') {
          const [name, afterName] = cString(body, 0);
          const [text] = cString(body, afterName);
          statements.set(name, text);
          pendingParsed.add(name);
        } else if (type === 'B') {
          const [, afterPortal] = cString(body, 0);
          const [name, afterName] = cString(body, afterPortal);
          let offset = afterName;
          const formats = body.readInt16BE(offset);
          offset += 2 + formats * 2;
          const count = body.readInt16BE(offset);
          offset += 2;
          const values: (string | null)[] = [];
          for (let i = 0; i < count; i++) {
            const size = body.readInt32BE(offset);
            offset += 4;
            if (size < 0) {
              values.push(null);
            } else {
              values.push(body.toString('utf8', offset, offset + size));
              offset += size;
            }
          }
          captured.push({
            text: statements.get(name) ?? '',
            values,
            name,
            parsed: pendingParsed.has(name),
          });
          pendingParsed = new Set([...pendingParsed].filter((parsed) => parsed !== name));
        }
      }
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    take() {
      const taken = captured;
      captured = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
