import { cn } from '@/components/ui/cn';

interface ProjectBadgeProps {
  initials: string;
  color1: string;
  color2: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-7 text-[11px]', md: 'size-9 text-xs', lg: 'size-14 text-lg' };

export function ProjectBadge({ initials, color1, color2, size = 'md', className }: ProjectBadgeProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold text-white shadow-sm',
        sizes[size],
        className,
      )}
      style={{ backgroundImage: `linear-gradient(135deg, ${color1}, ${color2})` }}
    >
      {initials}
    </span>
  );
}
