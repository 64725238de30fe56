import { useState } from 'react';
import { PLATFORMS, type Connection, type PlatformKey } from '@fanout/contracts';
import { useToast } from '@/components/ui/Toast';
import { ErrorState, PageHeader } from '@/components/ui/States';
import { usePageTitle } from '@/features/config';
import { FALLBACK_PROJECT, ProjectBadge, useCurrentProject } from '@/features/projects';
import { errorMessage } from '@/lib/api-client';
import { useConnections } from '../api/get-connections';
import { usePlatformAvailability } from '../api/get-platform-availability';
import { useDeleteConnection } from '../api/delete-connection';
import { useStartConnection } from '../api/start-connection';
import { platformLabel } from '../connect-outcome';
import { useConnectOutcome } from '../hooks/use-connect-outcome';
import { ChooseAccountsForm } from './ChooseAccountsForm';
import { ConnectOutcomeBanner } from './ConnectOutcomeBanner';
import { DisconnectDialog, ReconnectDialog } from './ConfirmConnectionDialogs';
import { PlatformCard } from './PlatformCard';

const UNAVAILABLE_NOTE_ID = 'platform-unavailable-note';

/** The six platforms with the current workspace's account on each: connect, reconnect, disconnect. */
export function AccountsScreen() {
  usePageTitle('Connected accounts');
  const { project, projectId, isResolved } = useCurrentProject();
  const connections = useConnections(projectId);
  const availability = usePlatformAvailability();
  const start = useStartConnection();
  const remove = useDeleteConnection();
  const toast = useToast();
  const { outcome, dismiss, choice, connectChosen, cancelChoice, connecting } = useConnectOutcome();
  const [reconnecting, setReconnecting] = useState<Connection | null>(null);
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);
  const [starting, setStarting] = useState<PlatformKey | null>(null);
  const shown = project ?? FALLBACK_PROJECT;

  async function connect(platform: PlatformKey) {
    if (projectId === undefined) return;
    setStarting(platform);
    try {
      const { url } = await start.mutateAsync({ platform, projectId });
      window.location.assign(url);
    } catch (error) {
      setStarting(null);
      setReconnecting(null);
      toast.show(errorMessage(error, `${platformLabel(platform)} could not be connected. Try again.`), 'error');
    }
  }

  async function disconnect(connection: Connection) {
    try {
      await remove.mutateAsync(connection.id);
      toast.show(`${platformLabel(connection.platform)} is disconnected.`, 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'The account could not be disconnected.'), 'error');
    } finally {
      setDisconnecting(null);
    }
  }

  const loading = !isResolved || (projectId !== undefined && (connections.isPending || availability.isPending));
  const unavailable = PLATFORMS.filter(
    (p) => availability.data?.platforms.find((a) => a.platform === p.key)?.available === false,
  );

  return (
    <>
      <PageHeader title="Connected accounts" subtitle="Each workspace publishes through its own accounts." />
      <div className="mb-5 flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-3">
        <ProjectBadge initials={shown.initials} color1={shown.color1} color2={shown.color2} />
        <p className="text-sm text-zinc-600">
          Accounts of <span className="font-medium text-zinc-900">{shown.name}</span>
        </p>
      </div>
      <ConnectOutcomeBanner outcome={outcome} onDismiss={dismiss} />
      {choice && (
        <ChooseAccountsForm choice={choice} busy={connecting} onConnect={connectChosen} onCancel={cancelChoice} />
      )}
      <p className="mb-4 text-sm text-zinc-600">
        Connecting an account lets this workspace publish there. You sign in on the platform itself; Fanout never sees
        your password.
        {availability.data?.platforms.some((a) => a.sandbox) &&
          ' Accounts marked Sandbox live on this server’s platform emulator: posts to them reach no real platform.'}
      </p>
      {unavailable.length > 0 && (
        <p id={UNAVAILABLE_NOTE_ID} className="mb-4 text-sm text-zinc-600">
          {unavailable.map((p) => p.label).join(', ')}: not set up on this server (no app credentials, sandbox off).
        </p>
      )}
      {connections.isError || availability.isError ? (
        <ErrorState
          title="Connected accounts could not be loaded"
          onRetry={() => {
            void connections.refetch();
            void availability.refetch();
          }}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Platforms">
          {PLATFORMS.map((platform) => {
            const mine = connections.data?.connections.filter((c) => c.platform === platform.key) ?? [];
            const avail = availability.data?.platforms.find((a) => a.platform === platform.key);
            return (
              <PlatformCard
                key={platform.key}
                platform={platform}
                connections={mine}
                loading={loading}
                available={avail?.available ?? false}
                sandbox={avail?.sandbox ?? false}
                busy={starting === platform.key}
                unavailableNoteId={UNAVAILABLE_NOTE_ID}
                onConnect={() => void connect(platform.key)}
                onReconnect={setReconnecting}
                onDisconnect={setDisconnecting}
              />
            );
          })}
        </ul>
      )}
      <ReconnectDialog
        connection={reconnecting}
        busy={starting !== null}
        onCancel={() => setReconnecting(null)}
        onConfirm={() => reconnecting && void connect(reconnecting.platform)}
      />
      <DisconnectDialog
        connection={disconnecting}
        busy={remove.isPending}
        onCancel={() => setDisconnecting(null)}
        onConfirm={() => disconnecting && void disconnect(disconnecting)}
      />
    </>
  );
}
