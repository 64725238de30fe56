export { useConnectedPlatforms } from './api/get-connected-platforms';
export { useConnections } from './api/get-connections';
