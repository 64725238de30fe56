import { cn } from './cn';

interface ProgressBarProps {
  /** 0–100 */
  value: number;
  label: string;
  /** Width actually drawn, when it differs from the value (e.g. a minimum width). */
  drawnWidth?: number;
  valueText?: string;
  tone?: 'brand' | 'red' | 'amber';
  className?: string;
}

const tones = { brand: 'bg-brand-600', red: 'bg-red-600', amber: 'bg-amber-500' };

export function ProgressBar({ value, label, drawnWidth, valueText, tone = 'brand', className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-zinc-200', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-300', tones[tone])}
        style={{ width: `${drawnWidth ?? clamped}%` }}
      />
    </div>
  );
}
