import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PLATFORM_KEYS, type Connection, type PlatformKey, type PostViolation, type Video } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { ComposerBestTimes } from '@/features/slots';
import { FormAlert } from '@/components/ui/FormAlert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreatePosts } from '../../api/create-posts';
import { useAccountPublishOptions } from '../../api/get-publish-options';
import { postViolations } from '../../api/violations';
import { platformName } from '../../platform-names';
import {
  createBody,
  draftViolations,
  initialDraft,
  mergeViolations,
  selectedPlatforms,
  shownCaption,
  type PublishDraft,
  type TargetDraft,
} from '../../publish-draft';
import { formatInZone } from '../../zoned-time';
import { asksAccount } from './option-controls';
import { TargetCard } from './TargetCard';
import { checkWhen, repeatedReadings, timeProblem } from './when-check';
import { WhenFields } from './WhenFields';

interface PublishFormProps {
  video: Video;
  connections: readonly Connection[];
  zone: string;
  /** The date-time field's first value (`2026-11-12T09:00`), e.g. the calendar day a video was dropped on. */
  initialLocal?: string;
}

const byPlatformOrder = (connections: readonly Connection[]) =>
  [...connections].sort((a, b) => PLATFORM_KEYS.indexOf(a.platform) - PLATFORM_KEYS.indexOf(b.platform));

const names = (platforms: readonly PlatformKey[]) => platforms.map(platformName).join(', ');

/** Choose platforms, write each one's text and options, then publish now or at a time in the person's zone. */
export function PublishForm({ video, connections, zone, initialLocal }: PublishFormProps) {
  const [draft, setDraft] = useState<PublishDraft>(() => ({ ...initialDraft(), local: initialLocal ?? '' }));
  const [serverViolations, setServerViolations] = useState<PostViolation[]>([]);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState<'now' | 'schedule' | 'queue' | null>(null);
  const create = useCreatePosts(video.id);
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);

  // What each ticked account may choose (TikTok's creator_info), asked once it is ticked.
  const accounts = useAccountPublishOptions(
    connections.filter(
      (c) => draft.targets[c.platform].selected && c.status !== 'needs_reconnect' && asksAccount(c.platform),
    ),
  );
  const accountFacts = Object.fromEntries(
    Object.entries(accounts).map(([platform, account]) => [platform, account.options ?? {}]),
  );
  const violations = mergeViolations(draftViolations(draft, video, accountFacts), serverViolations);
  const check = checkWhen(draft.local, zone, draft.disambiguation);
  const readings = repeatedReadings(draft.local, zone);
  // A time the clocks skip is refused as soon as it is entered, not only when sending.
  const shownTimeError = timeError ?? (check?.kind === 'nonexistent' ? timeProblem(check, draft.local, zone) : null);

  function changeTarget(platform: PlatformKey, change: (target: TargetDraft) => TargetDraft) {
    setDraft((d) => ({ ...d, targets: { ...d.targets, [platform]: change(d.targets[platform]) } }));
    setServerViolations((list) => list.filter((v) => v.platform !== platform));
    setFormError(null);
    setDone(null);
  }

  function changeLocal(local: string) {
    setDraft((d) => ({ ...d, local, disambiguation: undefined }));
    setTimeError(null);
    setDone(null);
  }

  function focusFirstProblem() {
    requestAnimationFrame(() => {
      const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], input[type="radio"]');
      invalid?.focus();
    });
  }

  function submit(when: 'now' | 'schedule' | 'queue') {
    setFormError(null);
    setDone(null);
    const platforms = selectedPlatforms(draft);
    if (platforms.length === 0) {
      setFormError('Choose at least one platform to publish to.');
      return;
    }
    if (violations.length > 0) {
      const count = violations.length === 1 ? 'one problem' : `${violations.length} problems`;
      setFormError(`Fix ${count} before publishing: the platforms would refuse this post.`);
      focusFirstProblem();
      return;
    }
    if (when === 'schedule') {
      const problem = timeProblem(checkWhen(draft.local, zone, draft.disambiguation), draft.local, zone);
      setTimeError(problem);
      if (problem) return focusFirstProblem();
    } else {
      setTimeError(null);
    }
    setSending(when);
    create.mutate(createBody(draft, video, when), {
      onSettled: () => setSending(null),
      onSuccess: ({ posts }) => {
        const where = names(posts.map((p) => p.platform));
        const at = posts[0] && when === 'schedule' ? ` for ${formatInZone(posts[0].scheduledAt, zone)}` : '';
        const slots = posts.map((p) => `${platformName(p.platform)} ${formatInZone(p.scheduledAt, zone)}`).join(', ');
        setDone(
          when === 'now'
            ? `Publishing to ${where}.`
            : when === 'queue'
              ? `Added to the queue: ${slots}.`
              : `Scheduled on ${where}${at}.`,
        );
        setDraft(initialDraft());
      },
      onError: (err) => onServerError(err),
    });
  }

  function onServerError(err: unknown) {
    const listed = postViolations(err);
    if (listed.length > 0) {
      setServerViolations(listed);
      setFormError(
        `The platforms' rules refuse this post: ${listed.length === 1 ? 'one problem' : `${listed.length} problems`} to fix.`,
      );
      return focusFirstProblem();
    }
    if (err instanceof ApiError && (err.code === 'ambiguous_local_time' || err.code === 'nonexistent_local_time')) {
      // The server reads the time in the zone it holds for the person; it may have changed elsewhere.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
      setTimeError(err.message || timeProblem({ kind: 'nonexistent' }, draft.local, zone));
      return focusFirstProblem();
    }
    setFormError(errorMessage(err, 'The posts could not be created. Try again.'));
  }

  return (
    <form
      ref={form}
      noValidate
      aria-label={`Publish ${video.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit('now');
      }}
      className="space-y-5"
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800">Platforms</legend>
        <ul className="space-y-3">
          {byPlatformOrder(connections).map((connection) => (
            <TargetCard
              key={connection.id}
              connection={connection}
              target={draft.targets[connection.platform]}
              caption={shownCaption(draft, connection.platform, video)}
              account={accounts[connection.platform]}
              violations={violations}
              onChange={(change) => changeTarget(connection.platform, change)}
            />
          ))}
        </ul>
      </fieldset>
      <WhenFields
        zone={zone}
        local={draft.local}
        error={shownTimeError}
        readings={readings}
        disambiguation={draft.disambiguation}
        onLocalChange={changeLocal}
        onDisambiguationChange={(choice) => {
          setDraft((d) => ({ ...d, disambiguation: choice }));
          setTimeError(null);
        }}
      />
      <ComposerBestTimes projectId={video.projectId} platforms={selectedPlatforms(draft)} />
      <FormAlert message={formError ?? undefined} className="mb-0" />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" busy={sending === 'now'} disabled={sending !== null}>
          Publish now
        </Button>
        <Button
          variant="secondary"
          busy={sending === 'schedule'}
          disabled={sending !== null}
          onClick={() => submit('schedule')}
        >
          Schedule
        </Button>
        <Button
          variant="secondary"
          busy={sending === 'queue'}
          disabled={sending !== null}
          onClick={() => submit('queue')}
        >
          Add to queue
        </Button>
        <p role="status" className="text-sm text-emerald-700">
          {done}
        </p>
      </div>
    </form>
  );
}
