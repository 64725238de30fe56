export { useCurrentProject } from './hooks/use-current-project';
export { FALLBACK_PROJECT, switchProject } from './current-project';
export { ProjectSwitcher } from './components/ProjectSwitcher';
export { ProjectBadge } from './components/ProjectBadge';
export { StorageMeter } from './components/StorageMeter';
export { storageQueryOptions } from './api/get-storage';
export { isShared, projectLine } from './project-place';
export { useCanChangeProject } from './hooks/use-can-change-project';
export { ReadOnlyNote } from './components/ReadOnlyNote';
