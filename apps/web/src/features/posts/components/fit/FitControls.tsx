import { useId } from 'react';
import type { FitSettings } from './fit-settings';
import { TrimFields } from './TrimFields';

interface FitControlsProps {
  settings: FitSettings;
  /** Offer Make vertical: the short-video surfaces (TikTok, Instagram Reels, YouTube Shorts, Facebook Reels). */
  verticalOffered: boolean;
  /** The range the plan keeps, when the video is too long (or a range was chosen); null hides the trim. */
  trim: { startMs: number; endMs: number } | null;
  /** The video's length, the end of any range. */
  durationMs: number | null;
  onChange(settings: FitSettings): void;
}

const ASPECTS = [
  { value: 'pad', label: 'Pad', hint: 'the whole picture over a blurred copy' },
  { value: 'crop', label: 'Crop', hint: 'fill the frame, cutting the sides' },
  { value: 'keep', label: 'Keep the shape', hint: 'change no shape' },
] as const;

/** How the copy is made: its shape (crop, pad or keep, and where a crop sits), Make vertical, and the range kept. */
export function FitControls({ settings, verticalOffered, trim, durationMs, onChange }: FitControlsProps) {
  const id = useId();
  const set = (change: Partial<FitSettings>) => onChange({ ...settings, ...change });
  const percent = Math.round(settings.cropX * 100);
  return (
    <div className="space-y-4">
      {verticalOffered && (
        <label className="flex items-center gap-2 text-sm font-medium text-zinc-800">
          <input
            type="checkbox"
            role="switch"
            className="size-4 accent-brand-600"
            checked={settings.vertical}
            onChange={(event) => set({ vertical: event.target.checked })}
          />
          Make vertical (9:16)
        </label>
      )}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-zinc-800">When the shape changes</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1.5">
          {ASPECTS.map((aspect) => (
            <label key={aspect.value} className="flex items-center gap-2 text-sm text-zinc-700" title={aspect.hint}>
              <input
                type="radio"
                name={`${id}-aspect`}
                className="accent-brand-600"
                checked={settings.aspect === aspect.value}
                onChange={() => set({ aspect: aspect.value })}
              />
              {aspect.label}
            </label>
          ))}
        </div>
      </fieldset>
      {settings.aspect === 'crop' && (
        <div>
          <label htmlFor={`${id}-crop`} className="mb-1 block text-sm font-medium text-zinc-800">
            Crop position
          </label>
          <input
            id={`${id}-crop`}
            type="range"
            min={0}
            max={100}
            step={1}
            value={percent}
            aria-valuetext={percent === 50 ? 'Centre' : `${percent} % from the left`}
            onChange={(event) => set({ cropX: Number(event.target.value) / 100 })}
            className="w-full max-w-xs accent-brand-600"
          />
        </div>
      )}
      {trim && <TrimFields trim={trim} durationMs={durationMs} onChange={(range) => set({ trim: range })} />}
    </div>
  );
}
