import type { Database } from '../../db/client';
import { CHAIN_CHANNEL, eventsAfter, type FeedEvent } from './chain-events.service';

/** One open page: it has seen every event up to `last`. */
interface Subscriber {
  last: number;
  send: (frame: string) => void;
  end: () => void;
}

/** Per chain: the pages open on it in this process and whether a read of new events is running or owed. */
interface Room {
  subscribers: Set<Subscriber>;
  running: boolean;
  again: boolean;
}

export interface ChainLive {
  /** A page opens the feed after `last`; `end` is called when this process stops. Returns the unsubscribe. */
  subscribe(projectId: number, last: number, send: (frame: string) => void, end: () => void): () => void;
  /** A change of the chain committed in this process (PostgreSQL also hears it through NOTIFY). */
  changed(projectId: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Pages open in this process (tests, bench). */
  open(): number;
}

const BATCH = 500;

/** One event as server-sent events text, made once for all the pages that get it. */
export const sseFrame = (event: FeedEvent): string => `id: ${event.id}\nevent: chain\ndata: ${JSON.stringify(event)}\n\n`;
/** A read of every open chain now and then, in case a notification was lost with its connection. */
const SWEEP_MS = 15_000;

/**
 * The live feed's fan-out in one process. Events live in chain_events; a chain with open pages is read from the
 * oldest position its pages have seen, once per change however many pages listen, and each page gets what it
 * has not seen: a page that reconnects with Last-Event-ID gets the gap from the table. Changes reach the other
 * processes through PostgreSQL LISTEN/NOTIFY; on PGlite (one process) `changed` is the only signal.
 */
export function createChainLive(database: Database, log: (message: string, error: unknown) => void): ChainLive {
  const rooms = new Map<number, Room>();
  let stopListening: (() => Promise<void>) | null = null;
  let stopped = false;
  let sweep: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  async function read(projectId: number, room: Room): Promise<void> {
    for (;;) {
      if (!room.subscribers.size) return;
      const from = Math.min(...[...room.subscribers].map((s) => s.last));
      const events = await eventsAfter(database.query, projectId, from, BATCH);
      for (const event of events) {
        const frame = sseFrame(event);
        for (const subscriber of room.subscribers) {
          if (event.id <= subscriber.last) continue;
          subscriber.last = event.id;
          subscriber.send(frame);
        }
      }
      if (events.length < BATCH) return;
    }
  }

  function pull(projectId: number): void {
    const room = rooms.get(projectId);
    if (!room || stopped) return;
    if (room.running) {
      room.again = true;
      return;
    }
    room.running = true;
    void (async () => {
      do {
        room.again = false;
        await read(projectId, room).catch((error: unknown) => log('chain live: reading events failed', error));
      } while (room.again && !stopped);
      room.running = false;
      if (!room.subscribers.size) rooms.delete(projectId);
    })();
  }

  const pullAll = () => [...rooms.keys()].forEach(pull);

  async function listen(): Promise<void> {
    if (!database.listen || stopped) return;
    try {
      stopListening = await database.listen(
        CHAIN_CHANNEL,
        (payload) => pull(Number(payload)),
        (error) => {
          log('chain live: LISTEN connection lost, reconnecting', error);
          stopListening = null;
          retry = setTimeout(() => void listen().then(pullAll), 1_000);
        },
      );
    } catch (error) {
      log('chain live: LISTEN failed, retrying', error);
      retry = setTimeout(() => void listen().then(pullAll), 2_000);
    }
  }

  return {
    subscribe(projectId, last, send, end) {
      let room = rooms.get(projectId);
      if (!room) rooms.set(projectId, (room = { subscribers: new Set(), running: false, again: false }));
      const subscriber: Subscriber = { last, send, end };
      room.subscribers.add(subscriber);
      pull(projectId);
      return () => {
        room.subscribers.delete(subscriber);
        if (!room.subscribers.size && !room.running) rooms.delete(projectId);
      };
    },
    changed: pull,
    async start() {
      await listen();
      sweep = setInterval(pullAll, SWEEP_MS);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      if (retry) clearTimeout(retry);
      await stopListening?.();
      for (const room of rooms.values()) for (const subscriber of room.subscribers) subscriber.end();
      rooms.clear();
    },
    open: () => [...rooms.values()].reduce((n, room) => n + room.subscribers.size, 0),
  };
}
