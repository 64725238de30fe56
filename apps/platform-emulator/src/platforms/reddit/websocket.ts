import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EmulatorContext } from '../../core/context';
import { WS_HOST } from './accounts';
import { assets } from './media';
import { posts, postUrl, settle, type Post } from './posts';

const wss = new WebSocketServer({ noServer: true });
const CHECK_EVERY_MS = 50;

/**
 * The websocket a video submission hands out (`json.data.websocket_url`, the video asset's address): it
 * sends one message once the post using that asset is live, `{type: 'success', payload: {redirect}}`, or
 * `{type: 'failed', payload: {message}}` when its processing failed, then closes.
 */
export function upgradeWebsocket(req: IncomingMessage, socket: Duplex, head: Buffer, ctx: EmulatorContext): boolean {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const [host, folder, assetId] = url.pathname.split('/').filter(Boolean);
  if (host !== WS_HOST) return false;
  const asset = folder === 'rte_images' && assetId ? assets(ctx).get(assetId) : undefined;
  if (!asset || asset.wsToken !== url.searchParams.get('m')) {
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    return true;
  }
  wss.handleUpgrade(req, socket, head, (ws) => watch(ws, ctx, asset.assetId));
  return true;
}

function watch(ws: WebSocket, ctx: EmulatorContext, assetId: string) {
  const check = () => {
    const post = latest(ctx, assetId);
    if (!post) return false;
    settle(ctx, post);
    if (post.state === 'processing') return false;
    // What the client is about to be told is on disk first.
    ctx.store.persist();
    const message =
      post.state === 'live'
        ? { type: 'success', payload: { redirect: postUrl(ctx, post) } }
        : { type: 'failed', payload: { message: post.failReason } };
    ws.send(JSON.stringify(message), () => ws.close(1000));
    return true;
  };
  if (check()) return;
  const timer = setInterval(() => {
    if (ws.readyState !== ws.OPEN || check()) clearInterval(timer);
  }, CHECK_EVERY_MS);
  timer.unref();
  ws.once('close', () => clearInterval(timer));
}

function latest(ctx: EmulatorContext, assetId: string): Post | undefined {
  return posts(ctx)
    .values()
    .filter((p) => p.assetId === assetId)
    .sort((a, b) => b.createdAt - a.createdAt)[0];
}
