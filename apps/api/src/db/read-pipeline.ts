import net from 'node:net';
import type pg from 'pg';
import type { RawRow, StatementConfig } from './hot-statements.ts';

/**
 * A few long-lived connections in node-postgres's pipeline mode, for the hot reads: a read is
 * written to the connection with the fewest reads in flight at once, without waiting for the
 * answers of those before it. PostgreSQL then answers several reads per wake-up, and no pool
 * hands a connection out and back for each one: on the dashboard's reads this took 15–30 % off
 * PostgreSQL's CPU per read, and up to a quarter off the server's (decision 059).
 *
 * Only statements that take no locks belong here: a statement waiting for a lock would hold up
 * every read written behind it on its connection. Each read has its own `Sync`, so one read's
 * error is its own. A connection that is lost fails the reads in flight on it (as a pool's
 * would) and is opened again by the next read given to it.
 *
 * The reads given to a busy connection in one turn of the event loop (the requests that
 * arrived together) leave in one send: its socket is corked at the first read that finds
 * others in flight and uncorked once the turn's callbacks have run. A send on loopback is the
 * server's costliest step (it wakes PostgreSQL and carries its TCP work); decision 066.
 */
export interface ReadPipeline {
  run(statement: StatementConfig): Promise<RawRow[]>;
  /** Ends every connection once the reads in flight are answered. */
  close(): Promise<void>;
}

interface Lane {
  client: Promise<pg.Client> | undefined;
  /** The connection's socket, made here so that its sends can be held together. */
  socket: net.Socket | undefined;
  /** True while the reads of this turn are being written (the socket corked). */
  gathering: boolean;
  inFlight: number;
}

export function createReadPipeline(
  Client: typeof pg.Client,
  url: string,
  connections: number,
  /** Makes each connection's socket (a test counts its sends). */
  newSocket: () => net.Socket = () => new net.Socket(),
): ReadPipeline {
  const lanes: Lane[] = Array.from({ length: connections }, () => ({
    client: undefined,
    socket: undefined,
    gathering: false,
    inFlight: 0,
  }));
  let closed = false;

  const open = (lane: Lane): Promise<pg.Client> => {
    const socket = newSocket();
    lane.socket = socket;
    const client = new Client({ connectionString: url, pipeline: true, stream: () => socket });
    const forget = () => {
      if (lane.client === opened) lane.client = undefined;
    };
    // A lost connection must not crash the process: its reads fail, the next one reconnects.
    client.on('error', forget);
    client.on('end', forget);
    const opened = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    lane.client = opened;
    return opened;
  };

  /**
   * Holds the lane's sends until this turn of the event loop has written all it will, when
   * the connection is still answering earlier reads (the new one would wait behind them
   * anyway); a read to an idle connection goes at once.
   */
  const gather = (lane: Lane) => {
    const socket = lane.socket;
    if (lane.gathering || !socket || lane.inFlight < 2) return;
    lane.gathering = true;
    socket.cork();
    setImmediate(() => {
      lane.gathering = false;
      socket.uncork();
    });
  };

  const quietest = (): Lane => {
    let best = lanes[0] as Lane;
    for (const lane of lanes) if (lane.inFlight < best.inFlight) best = lane;
    return best;
  };

  return {
    async run(statement) {
      if (closed) throw new Error('the read pipeline is closed');
      const lane = quietest();
      lane.inFlight++;
      try {
        const client = await (lane.client ?? open(lane));
        gather(lane);
        return (await client.query<RawRow>(statement)).rows;
      } finally {
        lane.inFlight--;
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        lanes.map(async (lane) => {
          const client = await lane.client?.catch(() => undefined);
          lane.client = undefined;
          await client?.end().catch(() => undefined);
        }),
      );
    },
  };
}
