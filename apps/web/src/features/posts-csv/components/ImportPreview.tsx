import type { ImportRow, PlatformKey } from '@fanout/contracts';
import { formatInZone, platformName } from '@/features/posts';

/** Rows shown at most; the counts above the table cover every row. */
const SHOWN_ROWS = 500;

function RowPosts({ row, zone }: { row: ImportRow; zone: string }) {
  return (
    <ul className="space-y-0.5">
      {(row.posts ?? []).map((post) => (
        <li key={post.platform}>
          <span className="font-medium text-zinc-900">{post.videoTitle}</span> on {platformName(post.platform)},{' '}
          {formatInZone(post.scheduledAt, zone)}
          {post.queued && ' (next free slot)'}
        </li>
      ))}
    </ul>
  );
}

function RowProblems({ row }: { row: ImportRow }) {
  return (
    <ul className="space-y-0.5 text-red-700">
      {row.violations.map((v, i) => (
        <li key={i}>
          {v.platform ? `${platformName(v.platform as PlatformKey)}: ` : ''}
          {v.message}
        </li>
      ))}
    </ul>
  );
}

/** Each line of the file with its verdict: the posts it makes, or what is wrong with it. */
export function ImportPreview({ rows, zone }: { rows: readonly ImportRow[]; zone: string }) {
  const broken = rows.filter((row) => !row.ok).length;
  const posts = rows.reduce((sum, row) => sum + (row.posts?.length ?? 0), 0);
  const shown = broken > 0 ? [...rows.filter((r) => !r.ok), ...rows.filter((r) => r.ok)] : rows;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-zinc-700">
        {broken === 0
          ? `All ${rows.length} rows are fine: ${posts} post${posts === 1 ? '' : 's'} to create.`
          : `${broken} of ${rows.length} rows have problems. Fix them in the file and choose it again: nothing is created until every row is fine.`}
      </p>
      <div className="max-h-80 overflow-auto rounded-lg border border-zinc-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the file</caption>
          <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Details
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {shown.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.line} className="align-top">
                <td className="px-3 py-2 tabular-nums text-zinc-700">{row.line}</td>
                <td className={row.ok ? 'px-3 py-2 text-emerald-700' : 'px-3 py-2 text-red-700'}>
                  {row.ok ? 'OK' : 'Problem'}
                </td>
                <td className="px-3 py-2 text-zinc-700">
                  {row.ok ? <RowPosts row={row} zone={zone} /> : <RowProblems row={row} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length > SHOWN_ROWS && (
        <p className="text-xs text-zinc-500">
          The first {SHOWN_ROWS} of {shown.length} rows are shown{broken > 0 ? ', rows with problems first' : ''}.
        </p>
      )}
    </div>
  );
}
