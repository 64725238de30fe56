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

/** Connecting again renews this account only when the person signs in to it there: say so before leaving. */
export function ReconnectDialog({ connection, busy, onCancel, onConfirm }: DialogProps) {
  const label = connection ? platformLabel(connection.platform) : '';
  return (
    <Modal
      open={connection !== null}
      onClose={onCancel}
      title={`Reconnect ${label}?`}
      description={`You sign in to ${label} again as ${connection?.accountName ?? ''}. If you choose another account there, it is added beside this one.`}
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
        Posts already scheduled to {connection?.accountName ?? ''} go out once it is connected again.
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
