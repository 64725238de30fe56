import { useId } from 'react';
import { Link } from 'react-router';
import { missingFeature, YOUTUBE_MAX_PLAYLISTS, type Connection } from '@fanout/contracts';
import { Checkbox } from '@/components/ui/Checkbox';
import { errorMessage } from '@/lib/api-client';
import { useYouTubePlaylists } from '../../api/get-youtube-playlists';
import { describedBy, FieldMessages } from './FieldMessages';

interface YouTubePlaylistsProps {
  id?: string;
  connection: Connection;
  /** The chosen playlist ids (`options.playlistIds`). */
  value: unknown;
  messages: readonly string[];
  onChange(ids: string[] | undefined): void;
}

/**
 * YouTube's "Playlists": the channel's own, each a checkbox, loaded for the chosen channel. A channel connected
 * before Fanout asked for youtube.force-ssl is told to reconnect instead (its post would be refused).
 */
export function YouTubePlaylists({ id: givenId, connection, value, messages, onChange }: YouTubePlaylistsProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const missing = missingFeature(connection, 'playlists');
  const query = useYouTubePlaylists(connection.id, !missing);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  if (missing)
    return (
      <p className="text-sm text-zinc-600">
        Playlists:{' '}
        <Link to="/accounts" className="font-medium text-brand-700 hover:underline">
          Reconnect to allow {missing.label}
        </Link>
      </p>
    );
  const toggle = (playlistId: string, on: boolean) => {
    const next = on ? [...chosen, playlistId] : chosen.filter((p) => p !== playlistId);
    onChange(next.length > 0 ? next : undefined);
  };
  const invalid = messages.length > 0 ? true : undefined;
  const playlists = query.data?.playlists ?? [];
  return (
    <fieldset aria-describedby={describedBy(`${id}-hint`, invalid && `${id}-errors`)} id={id} tabIndex={-1}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">
        Playlists <span className="font-normal text-zinc-500">(optional)</span>
      </legend>
      {query.isPending && <p className="text-sm text-zinc-500">Loading the channel’s playlists…</p>}
      {query.isError && (
        <p className="text-sm text-red-600">
          {errorMessage(query.error, 'YouTube did not list the playlists.')}{' '}
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </p>
      )}
      {query.isSuccess && playlists.length === 0 && (
        <p className="text-sm text-zinc-500">This channel has no playlists yet.</p>
      )}
      {playlists.length > 0 && (
        <ul className="space-y-1">
          {playlists.map((p) => (
            <li key={p.id} className="flex items-center gap-2 text-sm text-zinc-800">
              <Checkbox
                id={`${id}-${p.id}`}
                checked={chosen.includes(p.id)}
                disabled={!chosen.includes(p.id) && chosen.length >= YOUTUBE_MAX_PLAYLISTS}
                onChange={(event) => toggle(p.id, event.target.checked)}
              />
              <label htmlFor={`${id}-${p.id}`}>{p.title}</label>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500">
        The video is added to each chosen playlist once it is up on YouTube.
      </p>
      <FieldMessages id={`${id}-errors`} messages={messages} />
    </fieldset>
  );
}
