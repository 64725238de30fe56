import { useState } from 'react';
import { useCurrentProject } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { exportPosts, type ExportFormat, type ExportRange } from '../api/export-posts';
import { ImportCsvDialog } from './ImportCsvDialog';

/** "Import CSV", "Export CSV" and "Export JSON" for the current project (and the range shown, when given). */
export function PostsCsvActions({ range }: { range?: ExportRange }) {
  const { projectId } = useCurrentProject();
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
      <Button variant="secondary" onClick={() => setImporting(true)}>
        Import CSV
      </Button>
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
      <ImportCsvDialog projectId={projectId} open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
