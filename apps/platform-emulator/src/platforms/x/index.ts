import type { PlatformModule } from '../../core/context';
import { json } from '../../core/http';

/** X: not emulated yet (no routes). */
export const x: PlatformModule = {
  platform: 'x',
  name: 'X',
  errors: {
    rateLimit: () => json(429, { error: 'rate limited' }),
    serverError: () => json(500, { error: 'server error' }),
    tokenExpired: () => json(401, { error: 'token expired' }),
    reject: (message) => json(400, { error: message }),
  },
  register() {},
};
