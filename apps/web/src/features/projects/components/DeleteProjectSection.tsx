import { useState } from 'react';
import type { Project } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { formatVideoCount } from '@/lib/format';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { emitSignal } from '@/lib/signals';
import { useDeleteProject } from '../api/delete-project';
import { switchProject } from '../current-project';

/** What deleting takes with it: "1 video", "N videos", and no video count at all for an empty project. */
function deletesText(project: Project) {
  const count = project.video_count;
  if (count === 0) return `Deletes ${project.name} and its connected accounts.`;
  return `Deletes ${project.name} with its ${formatVideoCount(count)} and its connected accounts.`;
}

export function DeleteProjectSection({ project, nextProjectId }: { project: Project; nextProjectId?: number }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteProject();
  const toast = useToast();

  function close() {
    setOpen(false);
    setTyped('');
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(project.id);
      // Another project becomes current; with none left, the next one created will be.
      if (nextProjectId !== undefined) switchProject(nextProjectId);
      else {
        writeStorage(STORAGE_KEYS.currentProjectId, null);
        emitSignal('project-changed');
      }
      close();
      toast.show(`Project “${project.name}” deleted.`, 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'The project could not be deleted.'), 'error');
    }
  }

  return (
    <section aria-labelledby="danger-heading" className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6">
      <h2 id="danger-heading" className="font-semibold text-red-700">
        Delete project
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{deletesText(project)} This cannot be undone.</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete project
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={`Delete ${project.name}?`}
        description="The project, its videos and its connected accounts are deleted for good."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={typed.trim() !== project.name}
              busy={remove.isPending}
              onClick={() => void onDelete()}
            >
              Delete project
            </Button>
          </>
        }
      >
        <TextField
          label={
            <>
              Type <strong>{project.name}</strong> to confirm
            </>
          }
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          data-autofocus
        />
      </Modal>
    </section>
  );
}
