import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { DuplicateChoice } from '@/features/collections';
import { dropFound, keepBoth, skipChecks, type UploadChecks as Checks } from '../upload-checks';

/**
 * The upload dialog while chosen files are compared with the project's videos: the file being read, with its
 * progress and a way to stop reading, and each file found in the project, with its choices. Closing the
 * dialog sends the files still being read and leaves the found ones out.
 */
export function UploadChecks({ checks }: { checks: Checks }) {
  const navigate = useNavigate();
  const { hashing, found } = checks;
  return (
    <div className="space-y-4">
      {hashing && (
        <div className="space-y-2">
          <p role="status" className="text-sm text-zinc-700">
            Checking for duplicates… <span className="font-medium text-zinc-900">{hashing.title}</span>
          </p>
          <div className="flex items-center gap-3">
            <ProgressBar
              value={hashing.percent}
              label={`Checking ${hashing.title} for duplicates`}
              valueText={`${hashing.percent}%`}
            />
            <span className="w-9 text-right text-xs text-zinc-600 tabular-nums">{hashing.percent}%</span>
          </div>
          <Button size="sm" variant="secondary" onClick={skipChecks}>
            Upload without checking
          </Button>
        </div>
      )}
      {found.length > 0 && (
        <>
          <ul
            aria-label="Files already in this project"
            className="divide-y divide-amber-100 rounded-xl border border-amber-200 bg-amber-50"
          >
            {found.map((copy) => (
              <li key={copy.key} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <DuplicateChoice
                  title={copy.title}
                  onOpenFirst={() => {
                    dropFound(copy.key);
                    void navigate(`/video/${copy.firstId}`);
                  }}
                  onKeepBoth={() => keepBoth(copy.key)}
                />
              </li>
            ))}
          </ul>
          <p className="text-xs text-zinc-500">None of these files was sent. Close this to leave them out.</p>
        </>
      )}
    </div>
  );
}
