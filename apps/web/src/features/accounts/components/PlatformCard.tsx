import { useId } from 'react';
import type { Connection, PlatformInfo } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { Skeleton } from '@/components/ui/States';
import { ConnectionHealth } from './ConnectionHealth';

export interface PlatformCardProps {
  platform: PlatformInfo;
  connection?: Connection;
  loading: boolean;
  /** False when this server can connect no account of the platform. */
  available: boolean;
  /** True when connecting goes to the sandbox (the platform emulator). */
  sandbox: boolean;
  busy: boolean;
  unavailableNoteId: string;
  onConnect(): void;
  onDisconnect(): void;
}

/** One platform: its account when connected (avatar, name, health) and the actions that fit. */
export function PlatformCard(p: PlatformCardProps) {
  const reasonId = useId();
  const { platform, connection } = p;
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
        ) : connection ? (
          <div>
            <p className="mb-1.5 flex min-w-0 items-center gap-2 text-sm font-medium text-zinc-900">
              {connection.avatarUrl && (
                <img src={connection.avatarUrl} alt="" className="size-6 shrink-0 rounded-full bg-zinc-100" />
              )}
              <span className="truncate">{connection.accountName}</span>
            </p>
            <ConnectionHealth connection={connection} reasonId={reasonId} />
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge>Not connected</Badge>
            {p.available && p.sandbox && <Badge tone="violet">Sandbox</Badge>}
          </div>
        )}
      </div>
      {!p.loading && (
        <div className="flex flex-wrap gap-2">
          {connection ? (
            <>
              <Button
                variant={connection.status === 'connected' ? 'secondary' : 'primary'}
                size="sm"
                busy={p.busy}
                disabled={!p.available}
                aria-label={`Reconnect ${platform.label}`}
                aria-describedby={connection.statusReason ? reasonId : undefined}
                onClick={p.onConnect}
              >
                Reconnect
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Disconnect ${platform.label}`} onClick={p.onDisconnect}>
                Disconnect
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              busy={p.busy}
              disabled={!p.available}
              aria-label={`Connect ${platform.label}`}
              aria-describedby={p.available ? undefined : p.unavailableNoteId}
              onClick={p.onConnect}
            >
              Connect
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
