import { ErrorBody, MarkNotificationsReadBody, NotificationList, UnreadNotifications } from '@fanout/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { EventHub } from '../../services/notifications/event-hub';
import { listUserNotifications, markUserNotificationsRead } from '../../services/notifications/notifications.service';
import { sseSink } from './sse-sink';

const common = { tags: ['notifications'], security: [{ bearer: [] }] };

const EVENT_STREAM = { 'text/event-stream': { schema: z.string() } };

/** /api/notifications and the live event stream /api/events. */
export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));
    const hub = new EventHub(ctx);
    // Before the server stops taking connections: an open stream would otherwise hold the shutdown.
    app.addHook('preClose', async () => hub.close());

    app.get(
      '/notifications',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'The header bell: your latest 30 notifications, newest first, and how many are unread',
          response: { 200: NotificationList, 401: ErrorBody },
        },
      },
      async (request) => listUserNotifications(ctx, currentUser(request).id),
    );

    app.post(
      '/notifications/read',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'Mark notifications read: `{ids}` (yours only) or `{all: true}`',
          body: MarkNotificationsReadBody,
          response: { 200: UnreadNotifications, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => markUserNotificationsRead(ctx, currentUser(request).id, request.body),
    );

    app.get(
      '/events',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'Live events of your account (Server-Sent Events)',
          description:
            'A `text/event-stream` that stays open: `event: notification` with `{notification, unread}` when the ' +
            'bell has news, `event: post` with `{post}` when one of your posts changes (status, progress, error), ' +
            '`event: activity` with `{projectId, event}` when a project of yours has a new event in its trail, ' +
            '`event: rendition` with `{rendition}` when a fitting copy of yours changes (queued, progress about every ' +
            'half second, ready, failed). ' +
            'Each `data:` line is one JSON object. A comment line comes every 25 seconds; the stream ends when ' +
            'the session does or the server restarts, and the client then connects again. Send the Bearer ' +
            'header as for every call (read the stream with fetch: EventSource cannot send headers).',
          response: {
            200: { description: 'The stream of events', content: EVENT_STREAM },
            401: ErrorBody,
          },
        },
      },
      async (request, reply: FastifyReply) => {
        const user = currentUser(request);
        const { body, sink } = sseSink();
        const unsubscribe = await hub.subscribe({ id: user.id, sessionId: request.sessionId! }, sink);
        // The response closes when the stream ends or the client goes away. A client gone mid-stream may
        // leave its connection half open, which nothing would ever close (not even shutdown): it is closed here.
        const stop = () => {
          unsubscribe();
          sink.end();
          if (!reply.raw.writableFinished) request.raw.socket?.destroy();
        };
        if (reply.raw.destroyed || request.raw.socket?.destroyed) stop();
        else reply.raw.once('close', stop);
        // A first line at once: the answer's headers go out with it, so the client knows it is listening.
        sink.comment('listening');
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            // Nothing may keep, compress or hold back the stream: not the browser, not a proxy (nginx's buffering).
            .header('cache-control', 'no-store, no-transform')
            .header('x-accel-buffering', 'no')
            .send(body)
        );
      },
    );
  };
