import WebSocket from 'ws';

export type SubmitResult =
  | { kind: 'success'; redirect: string }
  | { kind: 'failed'; message: string }
  | { kind: 'timeout' }
  | { kind: 'error'; message: string };

/**
 * Waits for the one message Reddit sends on a submission's websocket: `{type: 'success', payload:
 * {redirect}}` or `{type: 'failed', payload}`. Resolves `timeout` when none comes in `waitMs`, `error`
 * when the socket cannot be opened or closes first.
 */
export function awaitSubmitResult(url: string, opts: { userAgent: string; waitMs: number }): Promise<SubmitResult> {
  return new Promise((resolve) => {
    let settled = false;
    const ws = new WebSocket(url, { headers: { 'user-agent': opts.userAgent }, handshakeTimeout: opts.waitMs });
    const finish = (result: SubmitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), opts.waitMs);
    ws.on('message', (data) => {
      let message: { type?: unknown; payload?: Record<string, unknown> };
      try {
        message = JSON.parse(data.toString()) as typeof message;
      } catch {
        return;
      }
      if (message.type === 'success' && typeof message.payload?.redirect === 'string')
        finish({ kind: 'success', redirect: message.payload.redirect });
      else if (message.type === 'failed') finish({ kind: 'failed', message: failureText(message.payload) });
    });
    ws.on('error', (err) => finish({ kind: 'error', message: err.message }));
    ws.on('close', () => finish({ kind: 'error', message: 'the socket closed before a result came' }));
  });
}

function failureText(payload: Record<string, unknown> | undefined): string {
  if (!payload) return 'Reddit did not accept the video';
  for (const key of ['message', 'reason', 'error', 'explanation'])
    if (typeof payload[key] === 'string' && payload[key]) return payload[key] as string;
  return JSON.stringify(payload).slice(0, 300);
}
