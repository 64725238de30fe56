import { useId } from 'react';
import { Link } from 'react-router';
import type { Connection, PlatformKey, PostViolation, Video } from '@fanout/contracts';
import { Checkbox } from '@/components/ui/Checkbox';
import { cn } from '@/components/ui/cn';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { platformName } from '../../platform-names';
import type { CommunityState } from '../../api/get-community-rules';
import type { AccountOptionsState } from '../../api/get-publish-options';
import type { TargetDraft } from '../../publish-draft';
import { violationsOf } from '../../publish-draft';
import { controlsFor } from './account-controls';
import { TargetFit } from '../fit/TargetFit';
import { AccountChoice } from './AccountChoice';
import { CaptionsReconnectNote } from './CaptionsReconnectNote';
import { CaptionField } from './CaptionField';
import { controlForCommunity } from './community-controls';
import { CoverNote } from './CoverNote';
import { FirstCommentField } from './FirstCommentField';
import { OptionField } from './OptionField';
import { hasControl } from './option-controls';
import { TikTokCreator, TikTokDeclaration } from './TikTokNotes';
import { YouTubePlaylists } from './YouTubePlaylists';

interface TargetCardProps {
  video: Video;
  connection: Connection;
  /** Every account of the platform in the project; with several, the person picks which to post to. */
  accounts?: readonly Connection[];
  /** The ids of the accounts chosen (when there are several). */
  chosen?: readonly number[];
  target: TargetDraft;
  caption: string;
  /** What the account may choose, for a platform whose controls depend on it (see asksAccount). */
  account?: AccountOptionsState;
  /** Reddit: the community named in the subreddit field, whose flairs are offered. */
  community?: CommunityState;
  violations: readonly PostViolation[];
  /** The id of the control of a field (`caption`, `options.subreddit`; `other` for the list of the rest). */
  fieldId(field: string): string;
  onChange(change: (target: TargetDraft) => TargetDraft): void;
}

const messagesOf = (violations: readonly PostViolation[], platform: PlatformKey, field: string) =>
  violationsOf(violations, platform, field).map((v) => v.message);

/** One connected account: tick it to post there, then its text and options, each with its rules' messages. */
export function TargetCard(props: TargetCardProps) {
  const { connection, target, caption, account, community, violations, fieldId, onChange } = props;
  const accounts = props.accounts ?? [connection];
  const id = useId();
  const { platform } = connection;
  const name = platformName(platform);
  const unusable = connection.status === 'needs_reconnect';
  const general = violations.filter((v) => v.platform === platform && !hasControl(platform, v.field));
  return (
    <li
      className={cn('rounded-xl border p-4', target.selected ? 'border-brand-300 bg-brand-50/30' : 'border-zinc-200')}
    >
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-target`}
          checked={target.selected && !unusable}
          disabled={unusable}
          onChange={(event) => onChange((t) => ({ ...t, selected: event.target.checked }))}
          aria-describedby={`${id}-account`}
        />
        <PlatformIcon platform={platform} className="size-6" />
        <div className="min-w-0">
          <label htmlFor={`${id}-target`} className="block text-sm font-medium text-zinc-900">
            {name}
          </label>
          <p id={`${id}-account`} className="truncate text-xs text-zinc-500">
            {accounts.length > 1 ? `${accounts.length} accounts` : connection.accountName}
            {connection.sandbox && ' · Sandbox'}
            {unusable && ' · Needs reconnecting'}
          </p>
        </div>
        {unusable && (
          <Link to="/accounts" className="ml-auto text-sm font-medium text-brand-700 hover:underline">
            Reconnect {name}
          </Link>
        )}
      </div>
      {target.selected && !unusable && (
        <div className="mt-4 space-y-4">
          {accounts.length > 1 && (
            <AccountChoice
              name={name}
              accounts={accounts}
              chosen={props.chosen ?? []}
              onChange={(ids) => onChange((t) => ({ ...t, connectionIds: ids }))}
            />
          )}
          {platform === 'tiktok' && <TikTokCreator account={account} />}
          <CaptionField
            id={fieldId('caption')}
            platform={platform}
            value={caption}
            edited={target.caption !== null}
            messages={messagesOf(violations, platform, 'caption')}
            onChange={(text) => onChange((t) => ({ ...t, caption: text }))}
            onReset={() => onChange((t) => ({ ...t, caption: null }))}
          />
          <FirstCommentField
            id={fieldId('firstComment')}
            platform={platform}
            connection={connection}
            value={target.firstComment ?? ''}
            messages={messagesOf(violations, platform, 'firstComment')}
            onChange={(text) => onChange((t) => ({ ...t, firstComment: text }))}
          />
          {account && account.error !== null && <AccountOptionsFailure name={name} account={account} />}
          <div className="grid gap-4 sm:grid-cols-2">
            {controlsFor(platform, target.options, account, name, connection.missingFeatures).map((control) => (
              <OptionField
                key={control.name}
                id={fieldId(`options.${control.name}`)}
                control={controlForCommunity(control, target.options[control.name], community)}
                value={target.options[control.name]}
                messages={messagesOf(violations, platform, `options.${control.name}`)}
                onChange={(value) => onChange((t) => ({ ...t, options: { ...t.options, [control.name]: value } }))}
              />
            ))}
          </div>
          {platform === 'youtube' && (
            <YouTubePlaylists
              id={fieldId('options.playlistIds')}
              connection={connection}
              value={target.options.playlistIds}
              messages={messagesOf(violations, platform, 'options.playlistIds')}
              onChange={(ids) => onChange((t) => ({ ...t, options: { ...t.options, playlistIds: ids } }))}
            />
          )}
          {platform === 'tiktok' && <TikTokDeclaration options={target.options} />}
          <CaptionsReconnectNote
            videoId={props.video.id}
            accounts={accounts.length > 1 ? accounts.filter((a) => props.chosen?.includes(a.id)) : [connection]}
          />
          <CoverNote video={props.video} platform={platform} options={target.options} />
          {general.length > 0 && (
            <ul
              id={fieldId('other')}
              tabIndex={-1}
              aria-label={`Other problems for ${name}`}
              className="space-y-1 text-sm text-red-600 outline-none focus-visible:ring-2 focus-visible:ring-red-300"
            >
              {general.map((v) => (
                <li key={`${v.field}|${v.message}`}>
                  {v.message}
                  {(v.field === 'title' || v.field === 'tags') && " Edit the video's details to change it."}
                </li>
              ))}
            </ul>
          )}
          <TargetFit
            video={props.video}
            connection={accounts.find((a) => props.chosen?.includes(a.id)) ?? connection}
            options={target.options}
            listed={general.map((v) => v.message)}
            onCopy={(copy) => {
              if (
                (copy?.id ?? null) !== (target.copy?.id ?? null) ||
                copy?.facts.sizeBytes !== target.copy?.facts.sizeBytes
              )
                onChange((t) => ({ ...t, copy: copy ?? undefined }));
            }}
          />
        </div>
      )}
    </li>
  );
}

/** The account's own choices could not be loaded: every choice is offered, and the platform checks the one made. */
function AccountOptionsFailure({ name, account }: { name: string; account: AccountOptionsState }) {
  const reason = account.error || `${name} did not say what this account may choose`;
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <p>
        {/[.!?]$/.test(reason) ? reason : `${reason}.`} Every choice is offered instead; {name} checks yours when the
        post is sent.
      </p>
      <button
        type="button"
        onClick={account.retry}
        className="mt-1 font-medium text-amber-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Ask {name} again
      </button>
    </div>
  );
}
