import { useState, type FormEvent } from 'react';
import { inputClasses } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { TrashIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/api-client';
import { useCollections, useCreateCollection, useDeleteCollection } from '../api/collections';

interface CollectionFiltersProps {
  projectId: number | undefined;
  tag: string;
  onTag: (tag: string) => void;
  collectionId: number | null;
  onCollection: (id: number | null) => void;
  /** Whether "Collections…" (create and delete them) is offered: not to a reviewer or a client. */
  canManage?: boolean;
}

/** The library's content filters: a tag, and one of the project's collections (with a way to manage them). */
export function CollectionFilters({
  projectId,
  tag,
  onTag,
  collectionId,
  onCollection,
  canManage = true,
}: CollectionFiltersProps) {
  const collections = useCollections(projectId);
  const [managing, setManaging] = useState(false);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <label className="sr-only" htmlFor="tag-filter">
        Tag
      </label>
      <input
        id="tag-filter"
        type="search"
        value={tag}
        onChange={(event) => onTag(event.target.value)}
        placeholder="Filter by tag"
        className={cn(inputClasses, 'h-10 w-44')}
      />
      <label className="sr-only" htmlFor="collection-filter">
        Collection
      </label>
      <select
        id="collection-filter"
        value={collectionId ?? ''}
        onChange={(event) => onCollection(event.target.value ? Number(event.target.value) : null)}
        className={cn(inputClasses, 'h-10 w-auto pr-8 sm:w-52')}
      >
        <option value="">All collections</option>
        {collections.data?.collections.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.videoCount})
          </option>
        ))}
      </select>
      {canManage && (
        <Button variant="secondary" size="sm" onClick={() => setManaging(true)} disabled={projectId === undefined}>
          Collections…
        </Button>
      )}
      {canManage && managing && (
        <ManageCollections
          projectId={projectId}
          onClose={() => setManaging(false)}
          onDeleted={(id) => id === collectionId && onCollection(null)}
        />
      )}
    </div>
  );
}

function ManageCollections({
  projectId,
  onClose,
  onDeleted,
}: {
  projectId: number | undefined;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const collections = useCollections(projectId);
  const create = useCreateCollection(projectId);
  const remove = useDeleteCollection(projectId);
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await create.mutateAsync(name.trim());
      setName('');
    } catch (err) {
      setError(errorMessage(err, 'The collection could not be made.'));
    }
  }

  async function drop(id: number) {
    try {
      await remove.mutateAsync(id);
      onDeleted(id);
    } catch (err) {
      toast.show(errorMessage(err, 'The collection could not be deleted.'), 'error');
    }
  }

  return (
    <Modal open onClose={onClose} title="Collections" description="Group videos; a video may be in many collections.">
      <form onSubmit={(event) => void add(event)} className="flex gap-2">
        <label className="sr-only" htmlFor="new-collection">
          New collection name
        </label>
        <input
          id="new-collection"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          placeholder="New collection"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-collection-error' : undefined}
          className={cn(inputClasses, 'h-10 flex-1')}
        />
        <Button type="submit" busy={create.isPending} disabled={!name.trim()}>
          Add
        </Button>
      </form>
      {error && (
        <p id="new-collection-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ul aria-label="Collections" className="mt-4 divide-y divide-zinc-100">
        {collections.data?.collections.map((c) => (
          <li key={c.id} className="flex items-center gap-3 py-2">
            <span className="flex-1 text-sm text-zinc-900">
              {c.name} <span className="text-zinc-500">· {c.videoCount} videos</span>
            </span>
            <Button
              size="sm"
              variant="secondary"
              icon={<TrashIcon className="size-4" />}
              aria-label={`Delete collection ${c.name}`}
              onClick={() => void drop(c.id)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
