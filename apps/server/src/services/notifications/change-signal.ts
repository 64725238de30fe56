import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { embeddedClient, type DB } from '../../db/database';
import { CHANGES_CHANNEL, listenEmbedded, listenOnConnection } from '../../repositories/live-changes.repository';

/**
 * The database telling this process that something a live stream shows has changed (PostgreSQL
 * LISTEN/NOTIFY on `fanout_changes`): `userId` is whose, or undefined when changes may have been missed (the
 * listening connection was lost and is back), in which case everyone's streams should look.
 */
export type ChangeHandler = (userId: number | undefined) => void;

export interface ChangeSignal {
  close(): Promise<void>;
}

/** Reconnecting waits this long after a failure, doubling up to the maximum. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * Listens for changes: on PostgreSQL on a dedicated connection of its own (not the pool's), connecting again
 * with backoff when it is lost; on the embedded database on its one session (the only process there is, but
 * the same signal: whichever code wrote the row, the trigger says so). Never throws: while it cannot listen,
 * the live streams fall back on their slow poll.
 */
export function listenForChanges(
  target: { db: DB; databaseUrl?: string; log: FastifyBaseLogger },
  onChange: ChangeHandler,
): ChangeSignal {
  const parse = (payload: string | undefined) => {
    const id = Number(payload);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };
  if (!target.databaseUrl) return listenEmbeddedDatabase(target, onChange, parse);
  return listenPostgres(target.databaseUrl, target.log, onChange, parse);
}

function listenEmbeddedDatabase(
  target: { db: DB; log: FastifyBaseLogger },
  onChange: ChangeHandler,
  parse: (payload: string | undefined) => number | undefined,
): ChangeSignal {
  const client = embeddedClient(target.db);
  if (!client) return { close: async () => {} };
  const stop = client.onNotification((channel, payload) => {
    if (channel === CHANGES_CHANNEL) onChange(parse(payload));
  });
  void listenEmbedded(target.db).catch((err: unknown) =>
    target.log.warn({ err }, 'live events: cannot listen for changes; polling only'),
  );
  return {
    close: async () => stop(),
  };
}

function listenPostgres(
  url: string,
  log: FastifyBaseLogger,
  onChange: ChangeHandler,
  parse: (payload: string | undefined) => number | undefined,
): ChangeSignal {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = RECONNECT_MIN_MS;
  let connecting: Promise<void> | undefined;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, backoff);
    retry.unref();
    backoff = Math.min(RECONNECT_MAX_MS, backoff * 2);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'fanout-live-events' });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      if (closed) return;
      log.warn({ err }, 'live events: the connection listening for changes was lost; connecting again');
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) onChange(parse(message.payload));
    });
    try {
      await next.connect();
      await listenOnConnection(next);
    } catch (err) {
      onLost(err);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    backoff = RECONNECT_MIN_MS;
    // What changed while nobody listened is found by looking now.
    onChange(undefined);
  };

  connecting = connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
