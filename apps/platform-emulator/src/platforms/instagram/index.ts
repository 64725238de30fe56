import type { PlatformModule } from '../../core/context';
import { json } from '../../core/http';

/** Instagram: not emulated yet (no routes). */
export const instagram: PlatformModule = {
  platform: 'instagram',
  name: 'Instagram',
  errors: {
    rateLimit: () => json(429, { error: 'rate limited' }),
    serverError: () => json(500, { error: 'server error' }),
    tokenExpired: () => json(401, { error: 'token expired' }),
    reject: (message) => json(400, { error: message }),
  },
  register() {},
};
