export { useConnectedPlatforms } from './api/get-connected-platforms';
