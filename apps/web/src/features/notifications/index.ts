export { useNotifications } from './api/get-notifications';
export { NotificationsPanel } from './components/NotificationsPanel';
export { useArrivalAnnouncement } from './hooks/use-arrival-announcement';
export { useLiveEvents } from './hooks/use-live-events';
