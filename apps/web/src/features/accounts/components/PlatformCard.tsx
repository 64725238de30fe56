import type { Connection, PlatformInfo } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { Skeleton } from '@/components/ui/States';
import { AccountRow } from './AccountRow';

export interface PlatformCardProps {
  platform: PlatformInfo;
  /** The project's accounts of this platform (a project may connect several: two channels, several Pages). */
  connections: readonly Connection[];
  loading: boolean;
  /** False when this server can connect no account of the platform. */
  available: boolean;
  /** True when connecting goes to the sandbox (the platform emulator). */
  sandbox: boolean;
  busy: boolean;
  unavailableNoteId: string;
  onConnect(): void;
  onReconnect(connection: Connection): void;
  onDisconnect(connection: Connection): void;
}

/** One platform: each account connected (avatar, name, health), and Connect, or Connect another. */
export function PlatformCard(p: PlatformCardProps) {
  const { platform, connections } = p;
  // Buttons name the platform alone while it has one account, and the account too once it has several.
  const nameOf = (c: Connection) => (connections.length > 1 ? `${c.accountName} on ${platform.label}` : platform.label);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm">
      <div className="flex items-center gap-4">
        <PlatformIcon platform={platform.key} className="size-11 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-zinc-900">{platform.label}</h2>
          <p className="text-sm text-zinc-500">{platform.subtitle}</p>
        </div>
      </div>
      <div className="min-h-12">
        {p.loading ? (
          <Skeleton className="h-5 w-24" />
        ) : connections.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={`${platform.label} accounts`}>
            {connections.map((connection) => (
              <AccountRow
                key={connection.id}
                connection={connection}
                name={nameOf(connection)}
                available={p.available}
                busy={p.busy}
                onReconnect={() => p.onReconnect(connection)}
                onDisconnect={() => p.onDisconnect(connection)}
              />
            ))}
          </ul>
        ) : (
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge>Not connected</Badge>
            {p.available && p.sandbox && <Badge tone="violet">Sandbox</Badge>}
          </div>
        )}
      </div>
      {!p.loading && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            busy={p.busy}
            disabled={!p.available}
            aria-label={
              connections.length > 0 ? `Connect another ${platform.label} account` : `Connect ${platform.label}`
            }
            aria-describedby={p.available ? undefined : p.unavailableNoteId}
            onClick={p.onConnect}
          >
            {connections.length > 0 ? 'Connect another' : 'Connect'}
          </Button>
        </div>
      )}
    </li>
  );
}
