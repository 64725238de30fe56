import type { Connection } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { platformLabel } from '../connect-outcome';

interface DialogProps {
  connection: Connection | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Connecting again may bring another account, which replaces this one: say so before leaving the app. */
export function ReconnectDialog({ connection, busy, onCancel, onConfirm }: DialogProps) {
  const label = connection ? platformLabel(connection.platform) : '';
  return (
    <Modal
      open={connection !== null}
      onClose={onCancel}
      title={`Reconnect ${label}?`}
      description={`You sign in to ${label} again. If you choose another account there, it replaces ${connection?.accountName ?? ''} in this workspace.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button busy={busy} onClick={onConfirm} data-autofocus>
            Continue to {label}
          </Button>
        </>
      }
    >
      <p className="text-sm text-zinc-600">
        Each workspace publishes to one {label} account. Scheduled posts go to whichever account is connected when they
        are published.
      </p>
    </Modal>
  );
}

export function DisconnectDialog({ connection, busy, onCancel, onConfirm }: DialogProps) {
  const label = connection ? platformLabel(connection.platform) : '';
  return (
    <Modal
      open={connection !== null}
      onClose={onCancel}
      title={`Disconnect ${label}?`}
      description={`This workspace stops publishing to ${connection?.accountName ?? ''} until you connect it again.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            Disconnect
          </Button>
        </>
      }
    >
      <p className="text-sm text-zinc-600">Nothing is deleted on {label}; Fanout forgets its access to the account.</p>
    </Modal>
  );
}
