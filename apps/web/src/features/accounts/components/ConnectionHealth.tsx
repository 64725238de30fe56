import type { Connection } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { formatDate } from '@/lib/format';

const HEALTH = {
  connected: { tone: 'green', text: 'Connected' },
  expiring: { tone: 'amber', text: 'Expires soon' },
  needs_reconnect: { tone: 'red', text: 'Needs reconnect' },
} as const;

/** The account's health in a word, and why when it is not simply connected. */
export function ConnectionHealth({ connection, reasonId }: { connection: Connection; reasonId: string }) {
  const health = HEALTH[connection.status];
  const reason =
    connection.statusReason ??
    (connection.status === 'expiring' && connection.expiresAt
      ? `Access ends on ${formatDate(connection.expiresAt)} unless you reconnect.`
      : null);
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone={health.tone}>{health.text}</Badge>
        {connection.sandbox && <Badge tone="violet">Sandbox</Badge>}
      </div>
      {reason && (
        <p id={reasonId} className="mt-1.5 text-xs text-zinc-600">
          {reason}
        </p>
      )}
    </>
  );
}
