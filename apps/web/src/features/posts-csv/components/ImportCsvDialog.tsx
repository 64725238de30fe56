import { useRef, useState } from 'react';
import type { PostsImportResult } from '@fanout/contracts';
import { useUserTimeZone } from '@/features/posts';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { errorMessage } from '@/lib/api-client';
import { useImportPostsCsv } from '../api/import-posts';
import { ImportPreview } from './ImportPreview';

interface Props {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

const COLUMNS_HELP =
  'Columns: video_id or video_title, platforms (e.g. tiktok|youtube), scheduled_at (empty: the next free posting slot), caption, and options such as tiktok.privacyLevel.';

/** Choose a CSV file → every row checked (nothing made) → "Create N posts" → how many were made. */
export function ImportCsvDialog({ projectId, open, onClose }: Props) {
  const zone = useUserTimeZone();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<PostsImportResult | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const check = useImportPostsCsv();
  const create = useImportPostsCsv();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setDone(null);
    check.reset();
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  async function choose(files: FileList | null) {
    const chosen = files?.[0];
    if (!chosen) return;
    reset();
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    check.mutate({ projectId, csv: text, dryRun: true }, { onSuccess: setPreview });
  }

  function createAll() {
    if (!file) return;
    create.mutate(
      { projectId, csv: file.text, dryRun: false },
      { onSuccess: (result) => (result.created > 0 ? setDone(result.created) : setPreview(result)) },
    );
  }

  const toCreate = preview?.rows.reduce((sum, row) => sum + (row.posts?.length ?? 0), 0) ?? 0;
  const allFine = preview !== null && preview.rows.every((row) => row.ok);
  const failure = check.error ?? create.error;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Import posts from CSV"
      description={COLUMNS_HELP}
      size="lg"
      footer={
        done === null ? (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button disabled={!allFine || toCreate === 0} busy={create.isPending} onClick={createAll}>
              {`Create ${toCreate} post${toCreate === 1 ? '' : 's'}`}
            </Button>
          </>
        ) : (
          <Button onClick={close}>Done</Button>
        )
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => input.current?.click()} disabled={create.isPending}>
            {file ? 'Choose another file' : 'Choose a CSV file'}
          </Button>
          {file && <span className="text-sm text-zinc-600">{file.name}</span>}
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            tabIndex={-1}
            aria-label="CSV file"
            onChange={(event) => {
              void choose(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        {check.isPending && (
          <p role="status" className="text-sm text-zinc-600">
            Checking every row…
          </p>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(failure, 'The file could not be checked. Try again.')}
          </p>
        )}
        {done !== null ? (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {`Created ${done} post${done === 1 ? '' : 's'}.`} They are on the Schedule and in My Posts.
          </p>
        ) : (
          preview && <ImportPreview rows={preview.rows} zone={zone} />
        )}
      </div>
    </Modal>
  );
}
