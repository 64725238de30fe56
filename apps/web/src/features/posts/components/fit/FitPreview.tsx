import type { CSSProperties } from 'react';
import { FilmIcon } from '@/components/ui/icons';

interface FitPreviewProps {
  thumbnail: string | null;
  /** The copy's frame size, whose shape the box takes. */
  width: number;
  height: number;
  mode: 'crop' | 'pad' | 'none';
  cropX: number;
}

const MODE_WORDS = { crop: 'cropped', pad: 'padded over a blurred copy', none: 'as it is' } as const;

/**
 * A still of the copy before it is made: the video's thumbnail in a box of the copy's shape, cut at the crop
 * position, or shown whole over a blurred copy of itself (as the pad draws it).
 */
export function FitPreview({ thumbnail, width, height, mode, cropX }: FitPreviewProps) {
  const box: CSSProperties = { aspectRatio: `${width} / ${height}`, height: '12rem', maxWidth: '100%' };
  return (
    <div
      role="img"
      aria-label={`Preview at ${width}×${height}, ${MODE_WORDS[mode]}`}
      style={box}
      className="relative overflow-hidden rounded-lg bg-zinc-900"
    >
      {!thumbnail ? (
        <div className="flex size-full items-center justify-center text-zinc-500">
          <FilmIcon className="size-8" />
        </div>
      ) : mode === 'pad' ? (
        <>
          <img
            src={thumbnail}
            alt=""
            className="absolute inset-0 size-full object-cover"
            style={{ filter: 'blur(12px)', transform: 'scale(1.15)' }}
          />
          <img src={thumbnail} alt="" className="relative size-full object-contain" />
        </>
      ) : (
        <img
          src={thumbnail}
          alt=""
          className="size-full object-cover"
          style={{ objectPosition: `${Math.round(cropX * 100)}% 50%` }}
        />
      )}
    </div>
  );
}
