import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the throw-away PostgreSQL cluster started by postgres.global-setup.ts */
    postgresUrl: string;
  }
}
