import { useId, useState } from 'react';
import { VIDEO_LIMITS, type PlatformKey } from '@fanout/contracts';
import { useConnectedPlatforms } from '@/features/accounts';
import { useSession } from '@/features/auth';
import { Button } from '@/components/ui/Button';
import { DraftRestoredNote } from '@/components/ui/DraftNote';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { Modal } from '@/components/ui/Modal';
import { errorMessage } from '@/lib/api-client';
import { draftKey, useKeepDraft, useRestoredDraft } from '@/lib/form-drafts';
import { useUpdateVideoDetails } from '../api/update-video-details';
import { detailsBody, detailsRules, parseDetailsDraft, sameDetails, savedDetails } from '../details-rules';
import type { LibraryItem } from '../library-items';
import { PlatformToggles } from './PlatformToggles';

interface VideoDetailsModalProps {
  video: LibraryItem & { id: number };
  mode: 'add' | 'edit';
  onClose: () => void;
}

/** 'Add Video Details' (spec section 2); the same form edits a video's details later. */
export function VideoDetailsModal({ video, mode, onClose }: VideoDetailsModalProps) {
  const { user } = useSession();
  const saved = savedDetails(video);
  // Save waits for a title and a platform (spec section 5): what is typed meanwhile is kept as a draft, so
  // going to connect an account and coming back loses nothing.
  const key = user ? draftKey('video-details', user.id, video.id) : null;
  const restored = useRestoredDraft(key, parseDetailsDraft);
  const [title, setTitle] = useState((restored ?? saved).title);
  const [description, setDescription] = useState((restored ?? saved).description);
  const [tags, setTags] = useState((restored ?? saved).tags);
  const [platforms, setPlatforms] = useState<PlatformKey[]>([...(restored ?? saved).platforms]);
  const [showRestored, setShowRestored] = useState(restored !== null);
  const typed = { title, description, tags, platforms };
  const draftSaved = useKeepDraft(key, typed, !sameDetails(typed, saved));
  const connected = useConnectedPlatforms(video.projectId);
  const save = useUpdateVideoDetails();
  const toast = useToast();
  const platformsLabelId = useId();
  const platformErrorId = useId();

  const connectedKeys = connected.data?.platforms ?? [];
  // Platforms chosen earlier stay visible even if their account was disconnected since.
  const available = [...new Set([...connectedKeys, ...video.platforms])];
  const rules = detailsRules({ title, platforms }, available.length);
  const markReady = mode === 'add' || video.status === 'awaiting-details';

  function discardDraft() {
    setTitle(saved.title);
    setDescription(saved.description);
    setTags(saved.tags);
    setPlatforms([...saved.platforms]);
    setShowRestored(false);
  }

  const toggle = (platform: PlatformKey) =>
    setPlatforms((list) => (list.includes(platform) ? list.filter((k) => k !== platform) : [...list, platform]));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!rules.canSave) return;
    try {
      await save.mutateAsync({ id: video.id, body: detailsBody(typed, markReady) });
      draftSaved();
      toast.show(markReady ? 'Details saved. The video is ready.' : 'Details saved.', 'success');
      onClose();
    } catch (error) {
      console.error('Saving video details failed', error);
      toast.show(errorMessage(error, 'The details could not be saved. Try again.'), 'error');
    }
  }

  const formId = `details-${video.id}`;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={mode === 'add' ? 'Add Video Details' : 'Edit Video Details'}
      description="Complete the information for your video"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!rules.canSave} busy={save.isPending}>
            Save &amp; Continue
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-5" noValidate>
        {showRestored && <DraftRestoredNote onDiscard={discardDraft} />}
        <TextField
          label="Video Title *"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={VIDEO_LIMITS.title}
          required
          data-autofocus
          error={title.trim() ? undefined : 'Video title is required'}
        />
        <TextAreaField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={VIDEO_LIMITS.description}
          rows={4}
          placeholder="What is this video about?"
          trailingLabel={
            <span className="text-xs text-zinc-500 tabular-nums" aria-live="polite">
              {description.length}/{VIDEO_LIMITS.description}
            </span>
          }
        />
        <TextField
          label="Tags (comma separated)"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="travel, vlog, summer"
        />
        <div>
          <p id={platformsLabelId} className="mb-1.5 text-sm font-medium text-zinc-800">
            Select Platforms *
          </p>
          {connected.isPending ? (
            <div className="grid gap-2 sm:grid-cols-2" aria-label="Loading connected platforms">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : connected.isError ? (
            <p role="alert" className="text-sm text-red-600">
              Connected platforms could not be loaded.{' '}
              <button type="button" className="font-medium underline" onClick={() => connected.refetch()}>
                Retry
              </button>
            </p>
          ) : (
            <PlatformToggles
              available={available}
              selected={platforms}
              onToggle={toggle}
              labelId={platformsLabelId}
              errorId={rules.platformMessage ? platformErrorId : undefined}
            />
          )}
          {rules.platformMessage && !connected.isPending && (
            <p id={platformErrorId} className="mt-2 text-sm text-red-600">
              {rules.platformMessage}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
