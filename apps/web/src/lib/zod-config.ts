import { config } from 'zod/v4/core';

// The Content-Security-Policy allows no eval, so zod must not even probe for it (the probe counts as a CSP
// violation). Object schemas read this setting when they are built: import this module before any schema.
config({ jitless: true });
