import { useState } from 'react';
import { useCanChangeProject, useCurrentProject } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { exportPosts, type ExportFormat, type ExportRange } from '../api/export-posts';
import { ImportCsvDialog } from './ImportCsvDialog';

/**
 * "Import CSV", "Export CSV" and "Export JSON" for the current project (and the range shown, when given). Importing
 * makes posts: a reviewer or a client, who may not, is offered only the exports.
 */
export function PostsCsvActions({ range }: { range?: ExportRange }) {
  const { projectId } = useCurrentProject();
  const { canChange } = useCanChangeProject();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (projectId === undefined) return null;

  async function download(format: ExportFormat) {
    setExporting(format);
    setFailure(null);
    try {
      await exportPosts(projectId!, format, range);
    } catch (err) {
      setFailure(errorMessage(err, 'The export failed. Try again.'));
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      {canChange && (
        <Button variant="secondary" onClick={() => setImporting(true)}>
          Import CSV
        </Button>
      )}
      <Button variant="secondary" busy={exporting === 'csv'} onClick={() => void download('csv')}>
        Export CSV
      </Button>
      <Button variant="secondary" busy={exporting === 'json'} onClick={() => void download('json')}>
        Export JSON
      </Button>
      {failure && (
        <p role="alert" className="w-full text-sm text-red-600">
          {failure}
        </p>
      )}
      {canChange && <ImportCsvDialog projectId={projectId} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
