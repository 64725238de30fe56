export { PostingSlotsSection } from './components/PostingSlotsSection';
export { ComposerBestTimes } from './components/ComposerBestTimes';
export { BestTimesList } from './components/BestTimesList';
export { usePostingSlots, slotKeys } from './api/get-slots';
export { useBestTimes } from './api/get-best-times';
