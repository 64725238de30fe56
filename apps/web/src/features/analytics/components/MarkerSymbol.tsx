import { Symbols } from 'recharts';
import type { PlatformKey } from '@fanout/contracts';
import { LINE_STYLES } from '../line-styles';
import { PLATFORM_COLORS } from '../platform-colors';

/** A platform's marker: hollow, so that two on one point both show. */
export function MarkerSymbol({ platform, cx, cy }: { platform: PlatformKey; cx: number; cy: number }) {
  const shape = LINE_STYLES[platform].marker;
  return (
    <Symbols
      cx={cx}
      cy={cy}
      type={shape}
      size={shape === 'star' || shape === 'cross' ? 48 : 36}
      fill="#ffffff"
      stroke={PLATFORM_COLORS[platform]}
      strokeWidth={1.5}
      className={`chart-marker chart-marker-${shape}`}
    />
  );
}
