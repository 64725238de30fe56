import { useId, type ReactNode } from 'react';
import type { FitResponse, Rendition, Video } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { FitControls } from './FitControls';
import { FitPreview } from './FitPreview';
import type { FitSettings } from './fit-settings';
import { planText, plannedTrim, previewMode } from './fit-words';
import { RenditionProgress } from './RenditionProgress';

interface FitPanelProps {
  video: Video;
  name: string;
  fit: FitResponse;
  settings: FitSettings;
  verticalOffered: boolean;
  /** Burn captions into the copy, when the video has caption tracks. */
  captions?: ReactNode;
  /** The copy made with these very settings, once asked for. */
  rendition: Rendition | undefined;
  making: boolean;
  /** Why the copy could not be asked for, in words. */
  makeError: string | null;
  onChange(settings: FitSettings): void;
  onMake(): void;
}

/** Make it fit: the settings, the plan in words with what would still break, a still of the copy, then the copy. */
export function FitPanel(props: FitPanelProps) {
  const { video, name, fit, settings, rendition } = props;
  const id = useId();
  const { plan } = fit;
  const width = plan.output.width ?? video.width ?? 16;
  const height = plan.output.height ?? video.height ?? 9;
  const nothingToDo = plan.steps.length === 0;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-zinc-900">
        A copy for {name}
      </h3>
      <FitControls
        settings={settings}
        verticalOffered={props.verticalOffered}
        trim={settings.trim ?? plannedTrim(plan)}
        durationMs={video.durationSeconds ? Math.round(video.durationSeconds * 1000) : null}
        onChange={props.onChange}
      />
      {props.captions}
      <div className="flex flex-wrap items-start gap-4">
        <FitPreview
          thumbnail={video.thumbnail}
          width={width}
          height={height}
          mode={previewMode(plan)}
          cropX={settings.cropX}
        />
        <div className="min-w-0 flex-1 space-y-2 text-sm">
          <p className="text-zinc-800" aria-live="polite">
            {planText(plan)}
          </p>
          {plan.remaining.length > 0 && (
            <ul aria-label={`The copy would still break on ${name}`} className="space-y-1 text-amber-800">
              {plan.remaining.map((v) => (
                <li key={`${v.rule}|${v.message}`}>{v.message}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {rendition ? (
        <RenditionProgress rendition={rendition} name={name} retrying={props.making} onRetry={props.onMake} />
      ) : (
        <Button size="sm" busy={props.making} disabled={nothingToDo} onClick={props.onMake}>
          Make the copy
        </Button>
      )}
      {props.makeError && <p className="text-sm text-red-600">{props.makeError}</p>}
    </section>
  );
}
