import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useCanEdit } from '@/features/posts';
import { useCaptions, useRemoveCaption, useUploadCaption } from '../api/captions';

/** The languages offered first; any BCP-47 tag can be sent through the API. */
const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt-BR', 'Portuguese (Brazil)'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['zh-Hans', 'Chinese (Simplified)'],
  ['hi', 'Hindi'],
  ['ar', 'Arabic'],
];

/**
 * The video's caption tracks: list, upload (.srt/.vtt) per language, remove (those who may edit). Their text is
 * shown only as text.
 */
export function CaptionsSection({ videoId }: { videoId: number }) {
  const captions = useCaptions(videoId);
  const upload = useUploadCaption(videoId);
  const remove = useRemoveCaption(videoId);
  const [language, setLanguage] = useState('en');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A reviewer sees the tracks and is offered no change.
  const canEdit = useCanEdit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ language, label, file }, { onSuccess: () => setFile(null) });
  };
  const tracks = captions.data?.captions ?? [];
  const failure = upload.error ?? remove.error;

  return (
    <section aria-labelledby="captions-heading" className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id="captions-heading" className="text-sm font-semibold text-zinc-900">
        Captions
      </h2>
      <p className="mt-1 text-xs text-zinc-600">
        YouTube, Facebook Page videos and X: sent as captions with the post (Facebook Reels take none). TikTok,
        Instagram, Reddit: can be burned into a fitting copy.
      </p>
      {tracks.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600">{captions.isLoading ? 'Loading captions…' : 'No captions yet.'}</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Caption tracks">
          {tracks.map((track) => (
            <li key={track.id} className="flex items-center justify-between gap-3 text-sm text-zinc-800">
              <span>
                {track.label ?? track.language} ({track.language}) · {track.format.toUpperCase()} · {track.cueCount}{' '}
                {track.cueCount === 1 ? 'cue' : 'cues'}
              </span>
              {canEdit && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${track.language} captions`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(track.language)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit}>
          <label className="text-sm text-zinc-700">
            Language
            <select
              className="mt-1 block w-full rounded-lg border border-zinc-300 px-2 py-1.5"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            >
              {LANGUAGES.map(([tag, name]) => (
                <option key={tag} value={tag}>
                  {name} ({tag})
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm text-zinc-700">
            Name shown to viewers (optional)
            <input
              className="mt-1 block w-full rounded-lg border border-zinc-300 px-2 py-1.5"
              value={label}
              maxLength={150}
              onChange={(e) => setLabel(e.target.value)}
            />
          </label>
          <label className="text-sm text-zinc-700 sm:col-span-2">
            Caption file (.srt or .vtt)
            <input
              type="file"
              accept=".srt,.vtt,text/vtt,application/x-subrip"
              className="mt-1 block w-full text-sm"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" size="sm" disabled={!file || upload.isPending}>
              {upload.isPending ? 'Uploading…' : 'Upload captions'}
            </Button>
          </div>
        </form>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(failure, 'The captions could not be saved')}
        </p>
      )}
    </section>
  );
}
