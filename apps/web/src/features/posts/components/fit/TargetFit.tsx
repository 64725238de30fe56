import { useEffect, useId, useState } from 'react';
import {
  copyFacts,
  targetVideoLimits,
  verticalSurface,
  type Connection,
  type Video,
  type VideoFacts,
} from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { CheckIcon } from '@/components/ui/icons';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCaptions } from '@/features/video/api/captions';
import { useVideoFit } from '../../api/fit';
import { useMakeRendition, useRenditions } from '../../api/renditions';
import { platformName } from '../../platform-names';
import { cleanOptions, videoFacts } from '../../publish-draft';
import { BurnCaptionsField } from './BurnCaptionsField';
import { burnHint } from './burn-words';
import { copyFor } from './copy-match';
import { FitPanel } from './FitPanel';
import { DEFAULT_FIT, fitRequest, type FitSettings } from './fit-settings';

interface TargetFitProps {
  video: Video;
  /** The account the video would go to. */
  connection: Connection;
  options: Record<string, unknown>;
  /** Problems the card already lists (the browser's own check): said once, not twice. */
  listed?: readonly string[];
  /** The copy the posts send (made or being made with these settings), or null: the video as uploaded. */
  onCopy?(copy: { id: number; facts: VideoFacts } | null): void;
}

/**
 * Whether the video fits one target as uploaded ("Fits TikTok", or what does not), with Make it fit (or Make
 * vertical on the short-video surfaces) opening the settings, the plan, a preview and the copy.
 */
export function TargetFit({ video, connection, options, listed = [], onCopy }: TargetFitProps) {
  const id = useId();
  const name = platformName(connection.platform);
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState<FitSettings>(DEFAULT_FIT);
  const body = fitRequest(connection.id, options, settings);
  const fit = useVideoFit(video.id, body);
  const renditions = useRenditions(video.id, fit.data !== undefined);
  const make = useMakeRendition(video.id);
  const verticalOffered = verticalSurface(connection.platform, targetVideoLimits(connection.platform, options));
  const tracks = useCaptions(video.id).data?.captions ?? [];
  const burn = tracks.find((t) => t.id === settings.burnCaptions);
  const rendition = copyFor(renditions.data?.renditions, fit.data?.plan.steps, burn);
  // A copy ready or on its way is what the posts send; a failed one is not (the video as uploaded is refused).
  const sent = rendition && rendition.status !== 'failed' && fit.data ? rendition : undefined;
  const sentFacts =
    sent && fit.data
      ? JSON.stringify(copyFacts(videoFacts(video), fit.data.plan.output, sent.status === 'ready' ? sent : null))
      : null;
  useEffect(() => {
    onCopy?.(sent && sentFacts ? { id: sent.id, facts: JSON.parse(sentFacts) as VideoFacts } : null);
    // onCopy changes with every render of the form; the copy and its facts are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent?.id, sentFacts]);

  if (fit.isPending) return <p className="text-sm text-zinc-600">Checking whether it fits {name}…</p>;
  if (fit.isError) {
    return (
      <p className="text-sm text-zinc-600">
        {errorMessage(fit.error, `Could not check whether the video fits ${name}.`)}{' '}
        <button type="button" onClick={() => void fit.refetch()} className="font-medium text-brand-700 underline">
          Check again
        </button>
      </p>
    );
  }
  const { fits } = fit.data;
  const violations = fit.data.violations.filter((v) => !listed.includes(v.message));
  // A video that fits is still offered 9:16 where those feeds show video that way, unless it already is, and a
  // copy with its captions burned in when it has caption tracks.
  const offer = !fits
    ? 'Make it fit'
    : verticalOffered && !isVertical(video)
      ? 'Make vertical'
      : tracks.length > 0
        ? 'Burn captions'
        : null;

  function toggle() {
    if (!open && offer === 'Make vertical') setSettings((s) => ({ ...s, vertical: true }));
    if (!open && offer === 'Burn captions')
      setSettings((s) => ({ ...s, burnCaptions: s.burnCaptions ?? tracks[0]!.id }));
    setOpen(!open);
  }

  function makeCopy() {
    make.mutate(body);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {fits ? (
          <p className="flex items-center gap-1.5 text-sm text-emerald-700">
            <CheckIcon className="size-4" /> Fits {name}
            {rendition?.status === 'ready' && ' · Fitting copy ready'}
          </p>
        ) : (
          <div className="text-sm">
            <p className="font-medium text-zinc-900">
              Does not fit {name} as uploaded{rendition?.status === 'ready' && ' · Fitting copy ready'}
            </p>
            {violations.length > 0 && (
              <ul aria-label={`What does not fit ${name}`} className="mt-1 space-y-0.5 text-zinc-700">
                {violations.map((v) => (
                  <li key={`${v.rule}|${v.message}`}>{v.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {offer && (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={open ? `${id}-panel` : undefined}
            onClick={toggle}
          >
            {offer}
          </Button>
        )}
      </div>
      {open && (
        <div id={`${id}-panel`}>
          <FitPanel
            video={video}
            name={name}
            fit={fit.data}
            settings={settings}
            verticalOffered={verticalOffered}
            rendition={rendition}
            captions={
              tracks.length > 0 && (
                <BurnCaptionsField
                  tracks={tracks}
                  value={burn?.id ?? null}
                  hint={burnHint(connection.platform, cleanOptions(options).kind === 'reel')}
                  onChange={(burnCaptions) => {
                    make.reset();
                    setSettings({ ...settings, burnCaptions });
                  }}
                />
              )
            }
            making={make.isPending}
            makeError={make.isError ? makeProblem(make.error, name) : null}
            onChange={(next) => {
              make.reset();
              setSettings(next);
            }}
            onMake={makeCopy}
          />
        </div>
      )}
    </div>
  );
}

/** 9:16 or narrower (within the 1 % the limits allow for rounded sizes). */
const isVertical = ({ width, height }: Video) => width !== null && height !== null && width / height <= (9 / 16) * 1.01;

function makeProblem(err: unknown, name: string): string {
  if (err instanceof ApiError && err.code === 'video_already_fits')
    return `The video already fits ${name}: no copy is needed.`;
  return errorMessage(err, 'The copy could not be asked for. Try again.');
}
