import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { KeptJson } from '../../http/compression';
import { listenForChanges, type ChangeSignal } from '../notifications/change-signal';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps the read caches of this API process (context.ts `caches`) true:
 * - a request that may write (any method but GET/HEAD/OPTIONS) forgets its user's pages, and those of the
 *   owner of the project it acted in (a member's pages are kept under the owner's id, as the rows are), before
 *   its answer leaves, so the caller's next read sees its own write;
 * - the database's change notices (LISTEN `fanout_changes`: videos, posts, notifications, activity, from any
 *   process) forget the pages of the user they name; a notice that says changes may have been missed forgets
 *   everyone's. Listening starts with the first page kept, so a server that never caches opens no connection.
 * Sessions are forgotten where they end (session.service.ts, account-sessions.service.ts, password change).
 */
export function registerReadCaches(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.readCacheMs) return;
  app.addHook('onSend', async (request) => {
    if (!request.user || READS.has(request.method)) return;
    ctx.caches.videoPages.forgetUser(request.user.id);
    if (request.access) ctx.caches.videoPages.forgetUser(request.access.ownerId);
  });
  let signal: ChangeSignal | undefined;
  app.decorate('startReadCacheSignal', () => {
    signal ??= listenForChanges({ db: ctx.db, databaseUrl: ctx.config.databaseUrl, log: ctx.log }, (userId) =>
      ctx.caches.videoPages.forgetUser(userId),
    );
  });
  app.addHook('onClose', async () => {
    await signal?.close();
  });
}

/**
 * The JSON answer of a list request of `userId`: the one given a moment ago for the same query (with the
 * encoded forms already made for it), or a new one (kept unless something of anyone's was forgotten while it
 * was being made). Its encoded forms live and are forgotten with it.
 */
export async function readThroughPageCache(
  ctx: AppContext,
  app: FastifyInstance,
  userId: number,
  query: Record<string, unknown>,
  make: () => Promise<string>,
): Promise<KeptJson> {
  const cache = ctx.caches.videoPages;
  if (!cache.enabled) return new KeptJson(await make());
  const key = `${userId} ${JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  app.startReadCacheSignal?.();
  const mark = cache.mark();
  const page = new KeptJson(await make());
  cache.set(userId, key, page, mark);
  return page;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts listening for the database's change notices (once; see registerReadCaches). */
    startReadCacheSignal?: () => void;
  }
}
