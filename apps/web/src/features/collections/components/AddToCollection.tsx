import { useId } from 'react';
import { useToast } from '@/components/ui/Toast';
import { inputClasses } from '@/components/ui/Field';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/api-client';
import { useAddToCollection, useCollections } from '../api/collections';

/** Puts the selected videos in one of the project's collections (shown with the selection). */
export function AddToCollection({ projectId, videoIds }: { projectId: number | undefined; videoIds: number[] }) {
  const collections = useCollections(projectId);
  const add = useAddToCollection(projectId);
  const toast = useToast();
  const id = useId();
  const list = collections.data?.collections ?? [];
  if (list.length === 0 || videoIds.length === 0) return null;

  async function choose(value: string) {
    const collection = list.find((c) => c.id === Number(value));
    if (!collection) return;
    try {
      await add.mutateAsync({ id: collection.id, videoIds });
      toast.show(`Added to “${collection.name}”.`, 'success');
    } catch (err) {
      toast.show(errorMessage(err, 'The videos could not be added.'), 'error');
    }
  }

  return (
    <div className="-mt-2 mb-4 flex items-center justify-end gap-2">
      <label htmlFor={id} className="text-sm text-zinc-700">
        Add selected to
      </label>
      <select
        id={id}
        value=""
        disabled={add.isPending}
        onChange={(event) => void choose(event.target.value)}
        className={cn(inputClasses, 'h-9 w-auto pr-8')}
      >
        <option value="">Choose a collection…</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
