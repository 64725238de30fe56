import type { VideoStatus } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { STATUS_LABELS, STATUS_TONES } from '../library-items';

export function StatusBadge({ status }: { status: VideoStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {STATUS_LABELS[status]}
    </Badge>
  );
}
