export * from './common';
export * from './platforms';
export * from './connections';
export * from './auth';
export * from './projects';
export * from './videos';
export * from './security';
export * from './reauthentication';
