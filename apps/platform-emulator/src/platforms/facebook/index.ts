import type { PlatformModule } from '../../core/context';
import { json } from '../../core/http';

/** Facebook: not emulated yet (no routes). */
export const facebook: PlatformModule = {
  platform: 'facebook',
  name: 'Facebook',
  errors: {
    rateLimit: () => json(429, { error: 'rate limited' }),
    serverError: () => json(500, { error: 'server error' }),
    tokenExpired: () => json(401, { error: 'token expired' }),
    reject: (message) => json(400, { error: message }),
  },
  register() {},
};
