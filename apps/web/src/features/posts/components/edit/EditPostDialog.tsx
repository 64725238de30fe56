import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Post, PostViolation, RetryPostBody, UpdatePostBody } from '@fanout/contracts';
import { useConnections } from '@/features/accounts';
import { useVideo } from '@/features/library';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/Toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAccountPublishOptions } from '../../api/get-publish-options';
import { useRetryPost } from '../../api/retry-post';
import { useUpdatePost } from '../../api/update-post';
import { postViolations } from '../../api/violations';
import { useUserTimeZone } from '../../hooks/use-user-time-zone';
import { platformName } from '../../platform-names';
import { mergeViolations } from '../../publish-draft';
import { formatInZone, toLocalInput } from '../../zoned-time';
import { PostErrorText } from '../PostErrorText';
import { asksAccount } from '../publish/option-controls';
import { checkWhen, readingOf, repeatedReadings, timeProblem } from '../publish/when-check';
import { FirstCommentField } from '../publish/FirstCommentField';
import { WhenFields } from '../publish/WhenFields';
import { EditCaption } from './EditCaption';
import { EditOptions } from './EditOptions';
import {
  captionChange,
  commentChange,
  commentEditable,
  editViolations,
  optionsChange,
  startOptions,
} from './post-edit';

interface EditPostDialogProps {
  post: Post;
  onClose(): void;
}

const TIME_CODES = new Set(['ambiguous_local_time', 'nonexistent_local_time']);
/** 409s after which this post can no longer be changed at all. */
const FINAL_CODES = new Set(['post_started', 'post_cancelled', 'not_retryable', 'post_on_platform']);
const problems = (n: number) => (n === 1 ? 'one problem' : `${n} problems`);
const retryable = (post: Post) => post.status === 'failed' || post.status === 'unconfirmed';

/**
 * Changing a post before it goes out: a scheduled one (PATCH /api/posts/:id, saved as it is), or a failed or
 * unconfirmed one, corrected and retried (POST /api/posts/:id/retry: now, or at the time given). Its time is
 * on the person's clock (the repeated hour asked, the skipped one refused, as in the publish panel), its text
 * has the platform's live count, and its options the account's own choices. Only what changed is sent; the
 * platform's rules refused, or a post that moved on meanwhile, are said in the dialog. A retry is sent by its
 * button only, never by Enter.
 */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const formId = useId();
  const zone = useUserTimeZone();
  const name = platformName(post.platform);
  const [retrying] = useState(() => retryable(post));
  const video = useVideo(post.videoId);
  const update = useUpdatePost();
  const retry = useRetryPost();
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);

  // A retry goes now unless a time is given; a scheduled post starts from its own time.
  const [initial] = useState(() => {
    if (retrying) return { local: '', disambiguation: undefined };
    const local = toLocalInput(post.scheduledAt, zone);
    return { local, disambiguation: readingOf(post.scheduledAt, local, zone) };
  });
  const [local, setLocal] = useState(initial.local);
  const [disambiguation, setDisambiguation] = useState(initial.disambiguation);
  const [caption, setCaption] = useState<string | null>(post.caption);
  const [options, setOptions] = useState(() => startOptions(post));
  const [firstComment, setFirstComment] = useState(post.firstComment?.text ?? '');
  // A scheduled post's first comment is edited here too, until it is sent (a retry keeps it as it is).
  const [editsComment] = useState(() => !retrying && commentEditable(post));
  const connection = useConnections(post.projectId).data?.connections.find((c) => c.id === post.connectionId);
  const [serverViolations, setServerViolations] = useState<PostViolation[]>([]);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [final, setFinal] = useState(false);

  const accounts = useAccountPublishOptions(
    post.connectionId !== null && asksAccount(post.platform)
      ? [{ id: post.connectionId, platform: post.platform }]
      : [],
  );
  const account = accounts[post.platform];
  const timeChanged = local !== initial.local || disambiguation !== initial.disambiguation;
  const check = timeChanged ? checkWhen(local, zone, disambiguation) : null;
  const shownTimeError = timeError ?? (check?.kind === 'nonexistent' ? timeProblem(check, local, zone) : null);
  const violations = mergeViolations(
    editViolations(post, video.data, caption, options, account?.options ?? {}, editsComment ? firstComment : ''),
    serverViolations,
  );
  // The post may move on (start, be cancelled, be retried elsewhere) while the dialog is open: the live lists say so.
  const closed = final || (retrying ? !retryable(post) : post.status !== 'scheduled');
  const busy = update.isPending || retry.isPending;

  function focusFirstProblem() {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function changed() {
    setServerViolations([]);
    setFormError(null);
  }

  function save() {
    setFormError(null);
    const body: RetryPostBody & Pick<UpdatePostBody, 'firstComment'> = {};
    const newCaption = captionChange(post, video.data, caption);
    if (newCaption !== undefined) body.caption = newCaption;
    const newOptions = optionsChange(post, options);
    if (newOptions !== undefined) body.options = newOptions;
    const newComment = editsComment ? commentChange(post, firstComment) : undefined;
    if (newComment !== undefined) body.firstComment = newComment;
    if (timeChanged && local !== '') {
      const problem = timeProblem(checkWhen(local, zone, disambiguation), local, zone);
      setTimeError(problem);
      if (problem) return focusFirstProblem();
      Object.assign(body, { scheduledLocal: local }, disambiguation ? { disambiguation } : {});
    }
    if (violations.length > 0) {
      setFormError(`Fix ${problems(violations.length)} first: ${name} would refuse this post.`);
      return focusFirstProblem();
    }
    if (retrying) {
      return retry.mutate(
        { id: post.id, body },
        {
          onSuccess: ({ post: sent }) => {
            const when = sent.status === 'scheduled' ? ` on ${formatInZone(sent.scheduledAt, zone)}` : ' now';
            toast.show(`The ${name} post will be retried${when}.`, 'success');
            onClose();
          },
          onError: onServerError,
        },
      );
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

  const whenFields = (
    <WhenFields
      zone={zone}
      local={local}
      error={shownTimeError}
      readings={repeatedReadings(local, zone)}
      disambiguation={disambiguation}
      purpose={retrying ? 'Leave it empty to retry now, or choose when.' : 'When it is published.'}
      autoFocus={!retrying}
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
  );

  const title = retrying ? `Correct and retry the ${name} post` : `Edit the ${name} post`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={`“${post.videoTitle}” on ${post.accountName}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {closed ? 'Done' : 'Keep as it was'}
          </Button>
          <Button
            type={retrying ? 'button' : 'submit'}
            form={formId}
            onClick={retrying ? save : undefined}
            busy={busy}
            disabled={closed || busy}
          >
            {!retrying ? 'Save changes' : local ? 'Schedule the retry' : 'Retry now'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={form}
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          // Enter saves a scheduled post's changes; it never publishes.
          if (!retrying) save();
        }}
        className="space-y-5"
      >
        {closed && !formError && (
          <FormAlert message={`This post is ${post.status} now; it can no longer be changed.`} className="mb-0" />
        )}
        {!retrying && whenFields}
        {retrying && post.error && !closed && (
          <div className="space-y-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2.5">
            <PostErrorText error={post.error} platform={post.platform} />
            {post.status === 'unconfirmed' && (
              <p className="text-sm text-zinc-700">
                If {name} has the post after all, it is not sent again: it is shown as published, as {name} has it, and
                these changes are not used.
              </p>
            )}
          </div>
        )}
        <EditCaption
          post={post}
          video={video}
          caption={caption}
          violations={violations.filter((v) => !v.field.startsWith('options.') && v.field !== 'firstComment')}
          onChange={(text) => {
            setCaption(text);
            changed();
          }}
        />
        {editsComment && connection && (
          <FirstCommentField
            platform={post.platform}
            connection={connection}
            value={firstComment}
            messages={violations.filter((v) => v.field === 'firstComment').map((v) => v.message)}
            onChange={(text) => {
              setFirstComment(text);
              changed();
            }}
          />
        )}
        <EditOptions
          platform={post.platform}
          options={options}
          account={account}
          connectionId={post.connectionId}
          violations={violations}
          onChange={(option, value) => {
            setOptions((o) => ({ ...o, [option]: value }));
            changed();
          }}
        />
        {retrying && whenFields}
        <FormAlert message={formError ?? undefined} className="mb-0" />
      </form>
    </Modal>
  );
}
