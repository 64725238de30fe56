import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the throw-away PostgreSQL cluster started by postgres.global-setup.ts */
    postgresUrl: string;
    /** A migrated, empty PGlite data dir made by pglite-template.global-setup.ts, copied for each test server */
    pgliteTemplate: string;
  }
}
