import type { PlatformModule } from '../../core/context';
import { json } from '../../core/http';

/** Reddit: not emulated yet (no routes). */
export const reddit: PlatformModule = {
  platform: 'reddit',
  name: 'Reddit',
  errors: {
    rateLimit: () => json(429, { error: 'rate limited' }),
    serverError: () => json(500, { error: 'server error' }),
    tokenExpired: () => json(401, { error: 'token expired' }),
    reject: (message) => json(400, { error: message }),
  },
  register() {},
};
