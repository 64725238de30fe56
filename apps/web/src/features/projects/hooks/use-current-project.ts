import { useEffect, useSyncExternalStore } from 'react';
import { onSignal } from '@/lib/signals';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { useSession } from '@/features/auth';
import { useProjects } from '../api/get-projects';
import { readCurrentProjectId, resolveCurrentProject } from '../current-project';

function subscribe(listener: () => void) {
  const off = onSignal('project-changed', listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.currentProjectId) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

/** The user's projects and the current one, following the fallbacks of spec section 4. */
export function useCurrentProject() {
  const { user } = useSession();
  const projectsQuery = useProjects(user?.id);
  const storedId = useSyncExternalStore(subscribe, readCurrentProjectId, () => null);
  const projects = projectsQuery.data ?? [];
  const { project, store } = resolveCurrentProject(projects, storedId);

  useEffect(() => {
    if (store !== null) writeStorage(STORAGE_KEYS.currentProjectId, String(store));
  }, [store]);

  return {
    projects,
    project,
    projectId: project?.id,
    /** False until the project list has answered: views wait for it before loading per-project data. */
    isResolved: projectsQuery.isSuccess || projectsQuery.isError,
    query: projectsQuery,
  };
}
