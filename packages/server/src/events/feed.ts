// The change feed of one server process: reads the rows the database writes
// into change_event (migration 016) and hands them to the open event streams.
//
// Ordering without gaps: a row's position is (tx, id), its transaction's id
// and its serial. The feed reads only rows of transactions older than the
// oldest one still running (pg_snapshot_xmin), so every row that will ever
// sort before the feed's position is already committed and visible when the
// feed passes it: none is skipped, whichever process or worker wrote it and
// in whatever order transactions commit. A row of a long transaction waits
// until every transaction that began before its end has ended.
//
// When to read: the feed looks at the database's change generation every
// `checkMs` (a number compare, no query): it grows with each commit of this
// process and, on PostgreSQL, with each NOTIFY of another process (the
// migration's trigger notifies on every new row). It also reads every
// `safetyMs` regardless, and at once again while rows wait behind a running
// transaction. It runs only while a stream is open.
import type { ScenarioEvent } from '@locus/contract';
import type { Database } from '../db/database.js';
import {
  changeKept,
  changesBetween,
  changesPendingAfter,
  oldestRunningTransaction,
  pruneChanges,
  settledChangesAfter,
  type ChangeEventRow,
} from '../repo/change-events.js';

/** A position in the feed: after the row (tx, id). */
export interface FeedPosition {
  tx: bigint;
  id: number;
}

export interface FeedEvent {
  position: FeedPosition;
  data: ScenarioEvent;
}

export interface FeedOptions {
  /** How often the change generation is looked at (ms). */
  checkMs?: number;
  /** The longest time between two reads while streams are open (ms). */
  safetyMs?: number;
  /** How long rows are kept for clients resuming after a drop (ms). */
  retentionMs?: number;
}

export type FeedListener = (events: readonly FeedEvent[]) => void;

export interface ChangeFeed {
  /** Starts the feed when needed; answers the position from which the listener is told every event. */
  subscribe(listener: FeedListener): Promise<{ position: FeedPosition; unsubscribe(): void }>;
  /** The events after `from` up to and including `to`; 'gone' when the rows after `from` are no longer all kept. */
  between(from: FeedPosition, to: FeedPosition): Promise<FeedEvent[] | 'gone'>;
  /** Reads now (tests, and after a write whose answer should not wait for the next check). */
  readNow(): Promise<void>;
  close(): Promise<void>;
}

const BATCH = 500;
/** A resume that would send more than this answers 'gone': the client reads the state afresh instead. */
const RESUME_LIMIT = 2000;

function toEvent(row: ChangeEventRow): FeedEvent {
  return {
    position: { tx: BigInt(row.tx), id: Number(row.id) },
    data: {
      modelId: row.model_id,
      scenarioId: row.scenario_id,
      kind: row.kind,
      status: row.status,
      modified: new Date(row.modified).toISOString(),
    },
  };
}

/** The event id a client sends back as Last-Event-ID: "tx.id". */
export function formatPosition(position: FeedPosition): string {
  return `${position.tx}.${position.id}`;
}

/** A Last-Event-ID read back; undefined for anything else. */
export function parsePosition(text: string | undefined): FeedPosition | undefined {
  const match = /^(\d{1,20})\.(\d{1,18})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { tx: BigInt(match[1]!), id } : undefined;
}

export function comparePositions(a: FeedPosition, b: FeedPosition): number {
  return a.tx === b.tx ? a.id - b.id : a.tx < b.tx ? -1 : 1;
}

export function createChangeFeed(db: Database, options: FeedOptions = {}): ChangeFeed {
  const checkMs = options.checkMs ?? 50;
  const safetyMs = options.safetyMs ?? 2000;
  const retentionMs = options.retentionMs ?? 60 * 60_000;
  const listeners = new Set<FeedListener>();
  let position: FeedPosition | undefined;
  let starting: Promise<FeedPosition> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | undefined;
  let seenGeneration = -1;
  let lastRead = 0;
  let lastPrune = 0;
  /** Rows wait behind a running transaction: read again at the next check. */
  let waiting = false;
  let closed = false;

  async function start(): Promise<FeedPosition> {
    // Everything of transactions not yet ended comes; what ended before is history.
    const at = { tx: await oldestRunningTransaction(db), id: 0 };
    position = at;
    seenGeneration = db.generation();
    lastRead = Date.now();
    timer = setInterval(check, checkMs);
    timer.unref();
    return at;
  }

  function check() {
    if (reading || !position) return;
    const now = Date.now();
    const generation = db.generation();
    if (generation === seenGeneration && !waiting && now - lastRead < safetyMs) return;
    void readNow();
  }

  async function read(): Promise<void> {
    if (!position) return;
    seenGeneration = db.generation();
    lastRead = Date.now();
    for (;;) {
      const from: FeedPosition = position;
      const rows = await settledChangesAfter(db, from, BATCH);
      if (closed || position !== from) return;
      if (rows.length) {
        const events = rows.map(toEvent);
        position = events[events.length - 1]!.position;
        for (const listener of [...listeners]) listener(events);
      }
      if (rows.length < BATCH) break;
    }
    if (closed || !position) return;
    // Rows already written by a transaction that has not ended (or ended after the snapshot) are read at the next check.
    waiting = await changesPendingAfter(db, position);
    if (Date.now() - lastPrune > Math.min(retentionMs, 5 * 60_000)) {
      lastPrune = Date.now();
      await pruneChanges(db, Math.round(retentionMs / 1000));
    }
  }

  function readNow(): Promise<void> {
    if (!reading) {
      reading = read()
        .catch(() => {
          // The database was away: the next check reads again (a stream's client also polls meanwhile).
          waiting = true;
        })
        .finally(() => {
          reading = undefined;
        });
    }
    return reading;
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = undefined;
    position = undefined;
    starting = undefined;
  }

  return {
    async subscribe(listener) {
      if (closed) throw new Error('the change feed is closed');
      if (!position) {
        starting ??= start().catch((error) => {
          starting = undefined;
          throw error;
        });
        await starting;
      }
      // Events read from here on reach the listener; the position says where they start.
      listeners.add(listener);
      return {
        position: position!,
        unsubscribe() {
          listeners.delete(listener);
          if (!listeners.size) stop();
        },
      };
    },

    async between(from, to) {
      if (comparePositions(from, to) >= 0) return [];
      if (!(await changeKept(db, from))) return 'gone';
      const rows = await changesBetween(db, from, to, RESUME_LIMIT + 1);
      return rows.length > RESUME_LIMIT ? 'gone' : rows.map(toEvent);
    },

    readNow,

    async close() {
      closed = true;
      listeners.clear();
      stop();
      await reading;
    },
  };
}
