import { cn } from './cn';

/** One source fanning out to several destinations. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="fanout-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#fanout-logo)" />
      <g stroke="#fff" strokeWidth="2.2" strokeLinecap="round" fill="none">
        <path d="M10 16h4M14 16c3 0 4-6 8-6M14 16h8M14 16c3 0 4 6 8 6" />
      </g>
      <circle cx="9.5" cy="16" r="2.6" fill="#fff" />
    </svg>
  );
}
