/**
 * A small HTTP/1.1 load generator for the throughput scenario: kept-alive sockets, one request
 * at a time on each (like autocannon's connections), requests written as prebuilt bytes and
 * answers parsed only as far as the status and the length. Unlike autocannon it tells every
 * request apart (each has a label: an endpoint, a purchase, a view), so one run mixing them
 * reports each on its own, and it can send at a fixed rate (an open loop: latency is counted
 * from when a request was due, so a server that falls behind is not flattered).
 */
import net from 'node:net';
import { percentile, round } from './common.ts';

export interface LoadRequest {
  /** What the figures are reported under. */
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called with each answer's status and body, e.g. to check it (only when set: costs a copy). */
  check?: (status: number, body: string) => void;
}

export interface LabelFigures {
  count: number;
  /** Answers other than 2xx, and requests that got no answer. */
  errors: number;
  statuses: Record<string, number>;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

interface LabelLog {
  latencies: number[];
  /** When each request was sent (or due, in an open loop): `performance.now()`, in the same order. */
  sentAt: number[];
  /** Each answer's status, in the same order (0: no answer). */
  answers: number[];
  statuses: Map<number, number>;
  errors: number;
}

/**
 * Figures per label. `seconds` is set by whoever ran the load (the length of the phase), and
 * `merge` adds another phase's answers (slices of one measurement).
 */
export class Recorder {
  private readonly logs = new Map<string, LabelLog>();
  seconds = 0;

  private logOf(label: string): LabelLog {
    let log = this.logs.get(label);
    if (!log) {
      log = { latencies: [], sentAt: [], answers: [], statuses: new Map(), errors: 0 };
      this.logs.set(label, log);
    }
    return log;
  }

  /** An answer that took `ms`, recorded as it arrives (so it was sent `ms` ago). */
  record(label: string, status: number, ms: number) {
    this.add(label, status, ms, performance.now() - ms);
  }

  private add(label: string, status: number, ms: number, sentAt: number) {
    const log = this.logOf(label);
    log.latencies.push(ms);
    log.sentAt.push(sentAt);
    log.answers.push(status);
    log.statuses.set(status, (log.statuses.get(status) ?? 0) + 1);
    if (status < 200 || status >= 300) log.errors++;
  }

  /**
   * The answers to the requests sent from `from` on (a `performance.now()` time), in a recorder
   * of their own lasting `seconds`: a phase without its warm-up.
   */
  sentFrom(from: number, seconds: number): Recorder {
    const kept = new Recorder();
    kept.seconds = seconds;
    for (const [label, log] of this.logs) {
      for (const [index, at] of log.sentAt.entries()) {
        if (at >= from) kept.add(label, log.answers[index] ?? 0, log.latencies[index] ?? 0, at);
      }
    }
    return kept;
  }

  labels(): string[] {
    return [...this.logs.keys()];
  }

  count(label?: string): number {
    if (label !== undefined) return this.logs.get(label)?.latencies.length ?? 0;
    let total = 0;
    for (const log of this.logs.values()) total += log.latencies.length;
    return total;
  }

  merge(other: Recorder) {
    for (const [label, theirs] of other.logs) {
      const mine = this.logOf(label);
      for (const ms of theirs.latencies) mine.latencies.push(ms);
      for (const at of theirs.sentAt) mine.sentAt.push(at);
      for (const status of theirs.answers) mine.answers.push(status);
      for (const [status, count] of theirs.statuses) {
        mine.statuses.set(status, (mine.statuses.get(status) ?? 0) + count);
      }
      mine.errors += theirs.errors;
    }
    this.seconds += other.seconds;
  }

  /**
   * The latencies of the requests sent from `from` to before `to` (`performance.now()` times),
   * of one label or several together, sorted.
   */
  latenciesSent(labels: readonly string[], from: number, to: number): number[] {
    const list: number[] = [];
    for (const label of labels) {
      const log = this.logs.get(label);
      if (!log) continue;
      for (const [index, at] of log.sentAt.entries()) {
        if (at >= from && at < to) list.push(log.latencies[index] ?? 0);
      }
    }
    return list.sort((a, b) => a - b);
  }

  /**
   * How many of these labels' requests were answered from `from` to before `to`
   * (`performance.now()` times), whenever they were sent.
   */
  answeredWithin(labels: readonly string[], from: number, to: number): number {
    let count = 0;
    for (const label of labels) {
      const log = this.logs.get(label);
      if (!log) continue;
      for (const [index, at] of log.sentAt.entries()) {
        const answeredAt = at + (log.latencies[index] ?? 0);
        if (answeredAt >= from && answeredAt < to) count++;
      }
    }
    return count;
  }

  /**
   * When the last of these labels' requests sent from `from` to before `to` was answered
   * (`performance.now()` times); undefined when none was sent then.
   */
  lastAnswer(labels: readonly string[], from: number, to: number): number | undefined {
    let last: number | undefined;
    for (const label of labels) {
      const log = this.logs.get(label);
      if (!log) continue;
      for (const [index, at] of log.sentAt.entries()) {
        if (at < from || at >= to) continue;
        const answeredAt = at + (log.latencies[index] ?? 0);
        if (last === undefined || answeredAt > last) last = answeredAt;
      }
    }
    return last;
  }

  /** When the first of these labels' requests was sent, and when the last was. */
  sendingSpan(labels: readonly string[]): { first: number; last: number } | undefined {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const label of labels) {
      for (const at of this.logs.get(label)?.sentAt ?? []) {
        if (at < first) first = at;
        if (at > last) last = at;
      }
    }
    return first <= last ? { first, last } : undefined;
  }

  /** One label's figures, or those of several labels taken together. */
  figures(labels: string | readonly string[]): LabelFigures {
    const logs = (typeof labels === 'string' ? [labels] : labels)
      .map((label) => this.logs.get(label))
      .filter((log): log is LabelLog => log !== undefined);
    const list = logs.flatMap((log) => log.latencies).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const log of logs) {
      for (const [status, count] of log.statuses) {
        const key = status === 0 ? 'no answer' : String(status);
        statuses[key] = (statuses[key] ?? 0) + count;
      }
    }
    return {
      count: list.length,
      errors: logs.reduce((sum, log) => sum + log.errors, 0),
      statuses,
      perSecond: this.seconds > 0 ? round(list.length / this.seconds, 0) : 0,
      p50: round(percentile(list, 50), 2),
      p99: round(percentile(list, 99), 2),
      max: round(list.at(-1) ?? Number.NaN, 2),
    };
  }
}

/** One kept-alive socket, one request at a time. */
class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer | undefined;
  private pending:
    | { request: LoadRequest; startedAt: number; done: (status: number) => void }
    | undefined;
  private closed = false;
  busy = false;

  constructor(host: string, port: number, onClose: (connection: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = () => {
      if (this.closed) return;
      this.closed = true;
      const pending = this.pending;
      this.pending = undefined;
      pending?.done(0);
      onClose(this);
    };
    this.socket.on('error', fail);
    this.socket.on('close', fail);
  }

  send(request: LoadRequest, bytes: Buffer, startedAt: number, done: (status: number) => void) {
    this.busy = true;
    this.pending = { request, startedAt, done };
    this.socket.write(bytes);
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const buffer = this.buffer;
    const headerEnd = buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = buffer.toString('latin1', 0, headerEnd);
    const status = Number(head.slice(9, 12));
    const lengthMatch = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number;
    if (lengthMatch) {
      end = headerEnd + 4 + Number(lengthMatch[1]);
      if (buffer.length < end) return;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const terminator = buffer.indexOf('\r\n0\r\n\r\n', headerEnd);
      if (terminator < 0) return;
      end = terminator + 7;
    } else {
      end = headerEnd + 4;
    }
    const pending = this.pending;
    this.pending = undefined;
    if (pending?.request.check) {
      pending.request.check(status, buffer.toString('utf8', headerEnd + 4, end));
    }
    this.buffer = buffer.length > end ? buffer.subarray(end) : undefined;
    this.busy = false;
    pending?.done(status);
  }
}

const encoded = new WeakMap<LoadRequest, Buffer>();

function bytesOf(request: LoadRequest, host: string): Buffer {
  let bytes = encoded.get(request);
  if (bytes) return bytes;
  const body = request.body ?? '';
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(request.headers ?? {}))
    head += `${name}: ${value}\r\n`;
  if (request.method !== 'GET') head += `content-length: ${Buffer.byteLength(body)}\r\n`;
  bytes = Buffer.from(`${head}\r\n${body}`);
  encoded.set(request, bytes);
  return bytes;
}

export interface LoopOptions {
  base: string;
  seconds: number;
  /** Records every answer; its `seconds` is left to the caller. */
  recorder: Recorder;
  /** The next request to send; may return the same object again (its bytes are kept). */
  next: () => LoadRequest;
}

/** Stops a running loop early (before its `seconds`). */
export interface Loop {
  done: Promise<void>;
  stop(): void;
}

/** `connections` sockets, each sending its next request as soon as the previous one answered. */
export function closedLoop(options: LoopOptions & { connections: number }): Loop {
  const url = new URL(options.base);
  const host = url.host;
  const port = Number(url.port);
  const started = performance.now();
  const endsAt = started + options.seconds * 1000;
  let stopped = false;
  let open = 0;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const connections = new Set<Connection>();

  const loop = (connection: Connection) => {
    if (stopped || performance.now() >= endsAt) {
      connection.close();
      connections.delete(connection);
      if (--open === 0) finish();
      return;
    }
    const request = options.next();
    const startedAt = performance.now();
    connection.send(request, bytesOf(request, host), startedAt, (status) => {
      options.recorder.record(request.label, status, performance.now() - startedAt);
      if (status === 0) return; // the socket is gone; onClose opens another
      loop(connection);
    });
  };
  const openOne = () => {
    open++;
    const connection = new Connection(url.hostname, port, (lost) => {
      connections.delete(lost);
      open--;
      if (!stopped && performance.now() < endsAt) openOne();
      else if (open === 0) finish();
    });
    connections.add(connection);
    loop(connection);
  };
  for (let i = 0; i < options.connections; i++) openOne();
  const timer = setTimeout(() => {
    stopped = true;
  }, options.seconds * 1000);
  return {
    done: done.then(() => clearTimeout(timer)),
    stop() {
      stopped = true;
    },
  };
}

/**
 * Requests sent at `perSecond`, whatever the answers: each is due at its time, goes out on an
 * idle socket (a new one is opened up to `maxConnections`), and its latency runs from when it
 * was due. A request that had to wait for a socket counts that wait.
 */
export function openLoop(
  options: LoopOptions & { perSecond: number; maxConnections?: number },
): Loop {
  const url = new URL(options.base);
  const host = url.host;
  const port = Number(url.port);
  const maxConnections = options.maxConnections ?? 256;
  const started = performance.now();
  const total = Math.round(options.perSecond * options.seconds);
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const waiting: { request: LoadRequest; dueAt: number }[] = [];
  let sent = 0;
  let answered = 0;
  let stopped = false;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const settle = () => {
    if ((stopped || sent >= total) && answered >= sent) {
      clearInterval(timer);
      for (const connection of all) connection.close();
      all.clear();
      finish();
    }
  };

  const dispatch = (request: LoadRequest, dueAt: number, free?: Connection) => {
    let connection = free ?? idle.pop();
    if (!connection && all.size < maxConnections) {
      connection = new Connection(url.hostname, port, (lost) => {
        all.delete(lost);
        const index = idle.indexOf(lost);
        if (index >= 0) idle.splice(index, 1);
        const next = waiting.shift();
        if (next) dispatch(next.request, next.dueAt);
      });
      all.add(connection);
    }
    if (!connection) {
      waiting.push({ request, dueAt });
      return;
    }
    const socket = connection;
    socket.send(request, bytesOf(request, host), dueAt, (status) => {
      options.recorder.record(request.label, status, performance.now() - dueAt);
      answered++;
      if (status !== 0) {
        const next = waiting.shift();
        if (next) dispatch(next.request, next.dueAt, socket);
        else idle.push(socket);
      }
      settle();
    });
  };

  const interval = 1000 / options.perSecond;
  const tick = () => {
    const now = performance.now();
    if (stopped) return;
    while (sent < total && started + sent * interval <= now) {
      const dueAt = started + sent * interval;
      sent++;
      dispatch(options.next(), dueAt);
    }
    settle();
  };
  const timer = setInterval(tick, 2);
  tick();
  return {
    done,
    stop() {
      stopped = true;
      answered += waiting.length;
      waiting.length = 0;
      settle();
    },
  };
}
