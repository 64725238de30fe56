import { useId } from 'react';
import type { VideoCaption } from '@fanout/contracts';

interface BurnCaptionsFieldProps {
  /** The video's caption tracks. */
  tracks: readonly VideoCaption[];
  /** The track chosen to burn in (its id), or null: none. */
  value: number | null;
  /** Why burning is optional or the only way on this platform, in its words. */
  hint: string;
  onChange(captionId: number | null): void;
}

/** A track as the Captions section lists it: its name for viewers, then its language tag. */
export const trackName = (track: Pick<VideoCaption, 'label' | 'language'>) =>
  track.label ? `${track.label} (${track.language})` : track.language;

/** Burn captions into the copy: a switch, then which track, with what it means on this platform. */
export function BurnCaptionsField({ tracks, value, hint, onChange }: BurnCaptionsFieldProps) {
  const id = useId();
  const chosen = tracks.find((t) => t.id === value);
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm font-medium text-zinc-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={chosen !== undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked ? tracks[0]!.id : null)}
        />
        Burn captions into the copy
      </label>
      {chosen && (
        <div>
          <label htmlFor={`${id}-track`} className="mb-1 block text-sm text-zinc-700">
            Caption track to burn in
          </label>
          <select
            id={`${id}-track`}
            className="rounded-lg border border-zinc-300 px-2 py-1.5 text-sm"
            value={chosen.id}
            onChange={(event) => onChange(Number(event.target.value))}
          >
            {tracks.map((track) => (
              <option key={track.id} value={track.id}>
                {trackName(track)}
              </option>
            ))}
          </select>
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-zinc-600">
        {hint}
      </p>
    </div>
  );
}
