import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Post, PostViolation, UpdatePostBody } from '@fanout/contracts';
import { useVideo } from '@/features/library';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/Toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdatePost } from '../../api/update-post';
import { postViolations } from '../../api/violations';
import { useUserTimeZone } from '../../hooks/use-user-time-zone';
import { platformName } from '../../platform-names';
import { mergeViolations } from '../../publish-draft';
import { formatInZone, toLocalInput } from '../../zoned-time';
import { checkWhen, readingOf, repeatedReadings, timeProblem } from '../publish/when-check';
import { WhenFields } from '../publish/WhenFields';
import { EditCaption } from './EditCaption';
import { captionChange, captionViolations } from './post-edit';

interface EditPostDialogProps {
  post: Post;
  onClose(): void;
}

const TIME_CODES = new Set(['ambiguous_local_time', 'nonexistent_local_time']);
/** 409s after which this post can no longer be changed at all. */
const FINAL_CODES = new Set(['post_started', 'post_cancelled']);
const problems = (n: number) => (n === 1 ? 'one problem' : `${n} problems`);

/**
 * Changing a scheduled post: its time on the person's clock (the repeated hour asked, the skipped one refused,
 * as in the publish panel) and its text with the platform's live count. PATCH /api/posts/:id sends only what
 * changed; the platform's rules refused, or a post that started meanwhile, are said in the dialog.
 */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const formId = useId();
  const zone = useUserTimeZone();
  const name = platformName(post.platform);
  const video = useVideo(post.videoId);
  const update = useUpdatePost();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);

  const [initial] = useState(() => {
    const local = toLocalInput(post.scheduledAt, zone);
    return { local, disambiguation: readingOf(post.scheduledAt, local, zone) };
  });
  const [local, setLocal] = useState(initial.local);
  const [disambiguation, setDisambiguation] = useState(initial.disambiguation);
  const [caption, setCaption] = useState<string | null>(post.caption);
  const [serverViolations, setServerViolations] = useState<PostViolation[]>([]);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [final, setFinal] = useState(false);

  const timeChanged = local !== initial.local || disambiguation !== initial.disambiguation;
  const check = timeChanged ? checkWhen(local, zone, disambiguation) : null;
  const shownTimeError = timeError ?? (check?.kind === 'nonexistent' ? timeProblem(check, local, zone) : null);
  const violations = mergeViolations(captionViolations(post, video.data, caption), serverViolations);
  // The post may start (or be cancelled elsewhere) while the dialog is open: the live lists say so.
  const closed = final || post.status !== 'scheduled';

  function focusFirstProblem() {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function save() {
    setFormError(null);
    const body: UpdatePostBody = {};
    const newCaption = captionChange(post, video.data, caption);
    if (newCaption !== undefined) body.caption = newCaption;
    if (timeChanged) {
      const problem = timeProblem(checkWhen(local, zone, disambiguation), local, zone);
      setTimeError(problem);
      if (problem) return focusFirstProblem();
      Object.assign(body, { scheduledLocal: local }, disambiguation ? { disambiguation } : {});
    }
    if (violations.length > 0) {
      setFormError(`Fix ${problems(violations.length)} first: ${name} would refuse this post.`);
      return focusFirstProblem();
    }
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: post.id, body },
      {
        onSuccess: ({ post: saved }) => {
          toast.show(`The ${name} post is scheduled for ${formatInZone(saved.scheduledAt, zone)}.`, 'success');
          onClose();
        },
        onError: onServerError,
      },
    );
  }

  function onServerError(err: unknown) {
    const listed = postViolations(err);
    if (listed.length > 0) {
      setServerViolations(listed);
      setFormError(`${name}'s rules refuse this change: ${problems(listed.length)} to fix.`);
      return focusFirstProblem();
    }
    if (err instanceof ApiError && TIME_CODES.has(err.code)) {
      // The server reads the time in the zone it holds for the person; it may have changed elsewhere.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
      setTimeError(err.message || timeProblem({ kind: 'nonexistent' }, local, zone));
      return focusFirstProblem();
    }
    if (err instanceof ApiError && FINAL_CODES.has(err.code)) setFinal(true);
    setFormError(errorMessage(err, `The ${name} post could not be changed. Try again.`));
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit the ${name} post`}
      description={`“${post.videoTitle}” on ${post.accountName}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {closed ? 'Done' : 'Keep as it was'}
          </Button>
          <Button type="submit" form={formId} busy={update.isPending} disabled={closed || update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={form}
        noValidate
        aria-label={`Edit the ${name} post`}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        className="space-y-5"
      >
        {closed && !formError && (
          <FormAlert message={`This post is ${post.status} now; it can no longer be changed.`} className="mb-0" />
        )}
        <WhenFields
          zone={zone}
          local={local}
          error={shownTimeError}
          readings={repeatedReadings(local, zone)}
          disambiguation={disambiguation}
          purpose="When it is published."
          autoFocus
          onLocalChange={(value) => {
            setLocal(value);
            setDisambiguation(undefined);
            setTimeError(null);
          }}
          onDisambiguationChange={(choice) => {
            setDisambiguation(choice);
            setTimeError(null);
          }}
        />
        <EditCaption
          post={post}
          video={video}
          caption={caption}
          violations={violations}
          onChange={(text) => {
            setCaption(text);
            setServerViolations([]);
            setFormError(null);
          }}
        />
        <FormAlert message={formError ?? undefined} className="mb-0" />
      </form>
    </Modal>
  );
}
