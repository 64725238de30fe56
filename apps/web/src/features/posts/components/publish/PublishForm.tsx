import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PLATFORM_KEYS,
  redditCommunityViolations,
  type Connection,
  type PlatformKey,
  type PostViolation,
  type Video,
} from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { DraftRestoredNote } from '@/components/ui/DraftNote';
import { ComposerBestTimes } from '@/features/slots';
import { useMe, useSession, useUpdateMe } from '@/features/auth';
import { FormAlert } from '@/components/ui/FormAlert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreatePosts } from '../../api/create-posts';
import { useCommunityRules, type CommunityState } from '../../api/get-community-rules';
import { useAccountPublishOptions } from '../../api/get-publish-options';
import { postViolations } from '../../api/violations';
import { usePublishDraft } from '../../hooks/use-publish-draft';
import { platformName } from '../../platform-names';
import {
  chosenAccounts,
  createBody,
  draftViolations,
  mergeViolations,
  selectedPlatforms,
  shownCaption,
  withTicks,
  type PublishDraft,
  type TargetDraft,
} from '../../publish-draft';
import { formatInZone } from '../../zoned-time';
import { asksAccount, hasControl } from './option-controls';
import { ProblemSummary } from './ProblemSummary';
import { listNames, passingLabel, questionFor, type When } from './publish-question';
import { PublishQuestion, type Question } from './PublishQuestion';
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

/** One card per platform, in the platforms' order: its first account stands for it, the others are chosen inside. */
const byPlatformOrder = (connections: readonly Connection[]) =>
  [...connections]
    .sort((a, b) => PLATFORM_KEYS.indexOf(a.platform) - PLATFORM_KEYS.indexOf(b.platform))
    .filter((c, i, all) => all.findIndex((d) => d.platform === c.platform) === i);

const ACTION_LABELS: Record<When, string> = { now: 'Publish now', schedule: 'Schedule', queue: 'Add to queue' };
/** With a date filled in, Schedule is the main action; otherwise Publish now. */
const NOW_FIRST: readonly When[] = ['now', 'schedule', 'queue'];
const SCHEDULE_FIRST: readonly When[] = ['schedule', 'now', 'queue'];

/** A question waiting for the person's answer, with what is sent once they say yes. */
interface Pending {
  question: Question;
  when: When;
  draft: PublishDraft;
}

/**
 * Choose platforms, write each one's text and options, then publish now or at a time in the person's zone.
 * Enter never sends anything: only the buttons do, and with a date filled in Schedule is the main one. What
 * the platforms would refuse is listed by platform, with a way to send to the ones that pass; "Publish now"
 * to a live account asks first, until the person turns that off.
 */
export function PublishForm({ video, connections, zone, initialLocal }: PublishFormProps) {
  const formId = useId();
  const { draft, setDraft, reset, restoredShown } = usePublishDraft(video, connections, initialLocal);
  const [serverViolations, setServerViolations] = useState<PostViolation[]>([]);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState<When | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState<When | null>(null);
  const create = useCreatePosts(video.id);
  const queryClient = useQueryClient();
  const me = useMe(useSession().isLoggedIn);
  const updateMe = useUpdateMe();
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  // What each ticked account may choose (TikTok's creator_info, Reddit's communities), asked once it is ticked.
  const accounts = useAccountPublishOptions(
    connections.filter(
      (c) => draft.targets[c.platform].selected && c.status !== 'needs_reconnect' && asksAccount(c.platform),
    ),
  );
  const accountFacts = Object.fromEntries(
    Object.entries(accounts).map(([platform, account]) => [platform, account.options ?? {}]),
  );
  // The community named for Reddit: its flairs to choose from, and what it would refuse, checked as one types.
  const reddit = connections.find((c) => c.platform === 'reddit' && c.status !== 'needs_reconnect');
  const community = useCommunityRules(
    draft.targets.reddit.selected ? reddit?.id : undefined,
    draft.targets.reddit.options.subreddit,
  );
  const violations = mergeViolations(
    [...draftViolations(draft, video, accountFacts), ...communityProblems(draft, video, community)],
    serverViolations,
  );
  const failing = [...new Set(violations.map((v) => v.platform))];
  const passing = selectedPlatforms(draft).filter((platform) => !failing.includes(platform));
  const check = checkWhen(draft.local, zone, draft.disambiguation);
  const readings = repeatedReadings(draft.local, zone);
  // A time the clocks skip is refused as soon as it is entered, not only when sending.
  const shownTimeError = timeError ?? (check?.kind === 'nonexistent' ? timeProblem(check, draft.local, zone) : null);
  const scheduleFirst = draft.local !== '';

  const fieldId = (platform: PlatformKey, field: string) => `${formId}-${platform}-${field.replace(/\W/g, '-')}`;
  const fieldOf = (v: PostViolation) => fieldId(v.platform, hasControl(v.platform, v.field) ? v.field : 'other');

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

  const focusSummary = () => requestAnimationFrame(() => summary.current?.focus());
  function focusFirstProblem() {
    requestAnimationFrame(() => {
      const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], input[type="radio"]');
      invalid?.focus();
    });
  }

  /** The time is needed and wrong: said at its field. */
  function timeRefused(when: When): boolean {
    if (when !== 'schedule') return false;
    const problem = timeProblem(checkWhen(draft.local, zone, draft.disambiguation), draft.local, zone);
    setTimeError(problem);
    if (problem) focusFirstProblem();
    return problem !== null;
  }

  /** Sends `next` to its ticked platforms, after the one question when there is something to ask. */
  function ask(when: When, next: PublishDraft, leaveOut: readonly PlatformKey[]) {
    const to = selectedPlatforms(next);
    const askLive = me.data?.user.askBeforeLivePublish ?? true;
    const live = askLive ? connections.filter((c) => !c.sandbox && to.includes(c.platform)).map((c) => c.platform) : [];
    const at = when === 'schedule' && check?.kind === 'ok' ? `for ${formatInZone(check.instant, zone)}` : undefined;
    const question = questionFor({ when, send: to, leaveOut, live, at });
    if (question) setPending({ question, when, draft: next });
    else sendPosts(when, next);
  }

  function submit(when: When) {
    setFormError(null);
    setDone(null);
    if (selectedPlatforms(draft).length === 0) {
      setFormError('Choose at least one platform to publish to.');
      return;
    }
    if (violations.length > 0) {
      setRefused(when);
      return focusSummary();
    }
    setRefused(null);
    if (timeRefused(when)) return;
    if (when !== 'schedule') setTimeError(null);
    ask(when, draft, []);
  }

  /** "Publish to the N that pass": the failing platforms are left out, once the person agrees. */
  function submitPassing() {
    const when = refused ?? 'now';
    if (passing.length === 0 || timeRefused(when)) return;
    ask(when, withTicks(draft, failing, false), failing);
  }

  function answer(yes: boolean, stopAsking: boolean) {
    const asked = pending;
    setPending(null);
    if (!yes || !asked) return;
    if (stopAsking) updateMe.mutate({ askBeforeLivePublish: false });
    setDraft(asked.draft);
    setRefused(null);
    sendPosts(asked.when, asked.draft);
  }

  function sendPosts(when: When, next: PublishDraft) {
    setSending(when);
    create.mutate(createBody(next, video, when, connections), {
      onSettled: () => setSending(null),
      onSuccess: ({ posts }) => {
        const where = listNames(posts.map((p) => p.platform));
        const at = posts[0] && when === 'schedule' ? ` for ${formatInZone(posts[0].scheduledAt, zone)}` : '';
        const slots = posts.map((p) => `${platformName(p.platform)} ${formatInZone(p.scheduledAt, zone)}`).join(', ');
        setDone(
          when === 'now'
            ? `Publishing to ${where}.`
            : when === 'queue'
              ? `Added to the queue: ${slots}.`
              : `Scheduled on ${where}${at}.`,
        );
        reset();
      },
      onError: (err) => onServerError(err, when),
    });
  }

  function onServerError(err: unknown, when: When) {
    const listed = postViolations(err);
    if (listed.length > 0) {
      setServerViolations(listed);
      setRefused(when);
      return focusSummary();
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
      // Enter in a field sends nothing: publishing is always a button the person chose.
      onSubmit={(event) => event.preventDefault()}
      className="space-y-5"
    >
      {restoredShown && <DraftRestoredNote onDiscard={reset} />}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800">Platforms</legend>
        <ul className="space-y-3">
          {byPlatformOrder(connections).map((connection) => (
            <TargetCard
              key={connection.id}
              video={video}
              connection={connection}
              accounts={connections.filter((c) => c.platform === connection.platform)}
              chosen={chosenAccounts(draft, connection.platform, connections).map((c) => c.id)}
              target={draft.targets[connection.platform]}
              caption={shownCaption(draft, connection.platform, video)}
              account={accounts[connection.platform]}
              community={connection.platform === 'reddit' ? community : undefined}
              violations={violations}
              fieldId={(field) => fieldId(connection.platform, field)}
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
      {refused && violations.length > 0 && (
        <ProblemSummary
          ref={summary}
          violations={violations}
          fieldOf={fieldOf}
          passingLabel={passing.length > 0 ? passingLabel(refused, passing.length) : undefined}
          onPassing={submitPassing}
        />
      )}
      <FormAlert message={formError ?? undefined} className="mb-0" />
      <div className="flex flex-wrap items-center gap-2">
        {(scheduleFirst ? SCHEDULE_FIRST : NOW_FIRST).map((when) => (
          <Button
            key={when}
            variant={when === (scheduleFirst ? 'schedule' : 'now') ? 'primary' : 'secondary'}
            busy={sending === when}
            disabled={sending !== null}
            onClick={() => submit(when)}
          >
            {ACTION_LABELS[when]}
          </Button>
        ))}
        <p role="status" className="text-sm text-emerald-700">
          {done}
        </p>
      </div>
      {pending && (
        <PublishQuestion
          question={pending.question}
          onConfirm={(stopAsking) => answer(true, stopAsking)}
          onCancel={() => answer(false, false)}
        />
      )}
    </form>
  );
}

/** What the community named for Reddit would refuse in the post, once its rules for that very name are known. */
function communityProblems(draft: PublishDraft, video: Video, community: CommunityState | undefined): PostViolation[] {
  const target = draft.targets.reddit;
  const named = typeof target.options.subreddit === 'string' ? target.options.subreddit.trim() : '';
  const rules = community?.rules;
  if (!target.selected || !rules || rules.community.toLowerCase() !== named.toLowerCase()) return [];
  const flairId = typeof target.options.flairId === 'string' ? target.options.flairId : null;
  return redditCommunityViolations(rules, { title: shownCaption(draft, 'reddit', video), flairId });
}
