import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { analyticsRoutes } from './analytics/analytics.routes';
import { activityRoutes } from './activity/activity.routes';
import { securityActivityRoutes } from './activity/security-activity.routes';
import { connectionsRoutes } from './connections/connections.routes';
import { oauthCallbackRoutes } from './connections/oauth-callback.routes';
import { platformsRoutes } from './connections/platforms.routes';
import { publishOptionsRoutes } from './connections/publish-options.routes';
import { apiTokensRoutes } from './auth/api-tokens.routes';
import { authRoutes } from './auth/auth.routes';
import { collectionsRoutes } from './collections/collections.routes';
import { identityProviderRoutes } from './auth/identity-provider.routes';
import { passkeyRoutes } from './auth/passkey.routes';
import { passwordRoutes } from './auth/password.routes';
import { sessionsRoutes } from './auth/sessions.routes';
import { twoFactorRoutes } from './auth/two-factor.routes';
import { healthRoutes } from './health/health.routes';
import { ideasRoutes } from './ideas/ideas.routes';
import { mediaRoutes } from './media/media.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { postsCsvRoutes } from './posts-csv/posts-csv.routes';
import { postsRoutes } from './posts/posts.routes';
import { projectsRoutes } from './projects/projects.routes';
import { rulesRoutes } from './rules/rules.routes';
import { searchRoutes } from './search/search.routes';
import { slotsRoutes } from './slots/slots.routes';
import { storageRoutes } from './storage/storage.routes';
import { tusRoutes } from './tus/tus.routes';
import { uploadRoutes } from './upload/upload.routes';
import { connectedPlatformsRoutes } from './videos/connected-platforms.routes';
import { videosRoutes } from './videos/videos.routes';

/** Every /api route plugin, in one list. */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext, version: string) {
  await app.register(healthRoutes(ctx, version), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(twoFactorRoutes(ctx), { prefix: '/api' });
  await app.register(passkeyRoutes(ctx), { prefix: '/api' });
  await app.register(identityProviderRoutes(ctx), { prefix: '/api' });
  await app.register(sessionsRoutes(ctx), { prefix: '/api' });
  await app.register(passwordRoutes(ctx), { prefix: '/api' });
  await app.register(apiTokensRoutes(ctx), { prefix: '/api' });
  await app.register(securityActivityRoutes(ctx), { prefix: '/api' });
  await app.register(activityRoutes(ctx), { prefix: '/api' });
  await app.register(projectsRoutes(ctx), { prefix: '/api' });
  await app.register(videosRoutes(ctx), { prefix: '/api' });
  await app.register(collectionsRoutes(ctx), { prefix: '/api' });
  await app.register(uploadRoutes(ctx), { prefix: '/api' });
  await app.register(tusRoutes(ctx), { prefix: '/api' });
  await app.register(connectedPlatformsRoutes(ctx), { prefix: '/api' });
  await app.register(connectionsRoutes(ctx), { prefix: '/api' });
  await app.register(oauthCallbackRoutes(ctx), { prefix: '/api' });
  await app.register(platformsRoutes(ctx), { prefix: '/api' });
  await app.register(publishOptionsRoutes(ctx), { prefix: '/api' });
  await app.register(storageRoutes(ctx), { prefix: '/api' });
  await app.register(searchRoutes(ctx), { prefix: '/api' });
  // Before postsRoutes: /posts/export and /posts/import are not post ids.
  await app.register(postsCsvRoutes(ctx), { prefix: '/api' });
  await app.register(postsRoutes(ctx), { prefix: '/api' });
  await app.register(slotsRoutes(ctx), { prefix: '/api' });
  await app.register(notificationsRoutes(ctx), { prefix: '/api' });
  await app.register(rulesRoutes(ctx), { prefix: '/api' });
  await app.register(analyticsRoutes(ctx), { prefix: '/api' });
  await app.register(ideasRoutes(ctx), { prefix: '/api' });
  // Media sits outside /api: <video> and <img> load it by plain URL.
  await app.register(mediaRoutes(ctx));
}
