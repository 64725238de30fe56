import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/Toast';
import { useSession } from '@/features/auth';
import { useProductName } from '@/features/config';
import { downloadTextFile } from '@/lib/download';
import { backupCodesFileName, backupCodesText } from '../backup-codes';

/** The backup codes, shown once right after they are made: download or copy them, then hide them. */
export function BackupCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const productName = useProductName();
  const { user } = useSession();
  const text = () => backupCodesText(codes, user?.email ?? user?.username ?? '', productName);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text());
      toast.show('Backup codes copied.', 'success');
    } catch {
      toast.show('Copying is not allowed here: download the codes instead.', 'error');
    }
  }

  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 className="font-medium text-zinc-900">Save your backup codes</h3>
      <p className="mt-1 text-sm text-zinc-700">
        Each code signs you in once when your authenticator app is not at hand. They are shown only now: download or
        copy them and keep them somewhere safe.
      </p>
      <ul aria-label="Backup codes" className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1.5 font-mono text-sm sm:w-max">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-zinc-900 ring-1 ring-amber-200">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => downloadTextFile(backupCodesFileName(productName), text())}>
          Download
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button onClick={onDone}>I have saved these codes</Button>
      </div>
    </div>
  );
}
