import type { TwoFactorSetupResponse } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

interface TwoFactorSetupProps {
  setup: TwoFactorSetupResponse;
  onEnabled: (backupCodes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the key), then prove it works with a code: only then is two-factor on. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const enable = useEnableTwoFactor();
  const toast = useToast();

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.show('Setup key copied.', 'success');
    } catch {
      toast.show('Copying is not allowed here: select the key and copy it yourself.', 'error');
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <div>
        <p className="mb-2 text-sm font-medium text-zinc-800">1. Scan this with an authenticator app</p>
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg border border-zinc-200 bg-white p-1"
        />
      </div>
      <div className="min-w-0 space-y-5">
        <div>
          <p className="mb-2 text-sm text-zinc-700">
            No camera at hand? Type this key into the app instead (time-based, 6 digits, every 30 seconds).
          </p>
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <TextField
                label="Setup key"
                readOnly
                value={setup.secret}
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-xs"
              />
            </div>
            <Button variant="secondary" onClick={() => void copyKey()} aria-label="Copy key">
              Copy
            </Button>
          </div>
        </div>
        <TwoFactorCodeForm
          label="Turn on two-factor authentication"
          intro="2. Enter the code the app shows now."
          submitLabel="Turn on"
          busyLabel="Turning on…"
          failure="That code did not work. Check the time on your phone and try the newest code."
          onSubmit={async ({ code }) => onEnabled((await enable.mutateAsync({ token: code })).backupCodes)}
          onCancel={onCancel}
        />
      </div>
    </div>
  );
}
