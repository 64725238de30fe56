export { useConnectedPlatforms } from './api/get-connected-platforms';
export { useConnections } from './api/get-connections';
export { AccountFilter, accountLabel, useAccountFilter } from './components/AccountFilter';
