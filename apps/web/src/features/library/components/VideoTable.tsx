import { useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { formatDate, formatViews } from '@/lib/format';
import { useWindowList } from '../hooks/use-window-list';
import { isTempItem, type LibraryItem } from '../library-items';
import type { ItemHandlers } from './item-handlers';
import { PlatformList } from './PlatformList';
import { StatusBadge } from './StatusBadge';
import { VideoThumb } from './VideoThumb';

/** A row's height before it is measured. */
const ROW_ESTIMATE = 73;

const COLUMNS = ['Video', 'Status', 'Platforms', 'Views', 'Size', 'Date', 'Actions'] as const;

const iconButton =
  'rounded-lg p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-600';

interface RowProps {
  item: LibraryItem;
  handlers: ItemHandlers;
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
}

function Row({ item, handlers, index, measure }: RowProps) {
  const temp = isTempItem(item);
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className="border-t border-zinc-100 hover:bg-zinc-50/70"
    >
      {handlers.canChange && (
        <td className="w-10 py-3 pr-1 pl-4">
          <Checkbox
            checked={handlers.isSelected(item.id)}
            disabled={item.status === 'uploading'}
            onChange={() => handlers.onToggle(item.id)}
            aria-label={`Select ${item.title}`}
          />
        </td>
      )}
      <td className="py-3 pr-4 first:pl-4">
        <div className="flex min-w-56 items-center gap-3">
          <VideoThumb item={item} compact className="w-20 shrink-0 rounded-md" />
          <div className="min-w-0">
            {temp ? (
              <span className="line-clamp-2 text-sm font-medium text-zinc-900">{item.title}</span>
            ) : (
              <Link
                to={`/video/${item.id}`}
                className="line-clamp-2 text-sm font-medium text-zinc-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {item.title}
              </Link>
            )}
            <span className="text-xs text-zinc-500 tabular-nums">{item.duration}</span>
          </div>
        </div>
      </td>
      <td className="py-3 pr-4">
        <StatusBadge status={item.status} />
        {item.status === 'uploading' && (
          <ProgressBar
            className="mt-2 w-24"
            value={item.progress}
            label={`Uploading ${item.title}`}
            valueText={`${item.progress}%`}
          />
        )}
        {item.uploadError && <p className="mt-1 max-w-48 text-xs text-red-700">{item.uploadError}</p>}
      </td>
      <td className="py-3 pr-4">
        <PlatformList platforms={item.platforms} posts={item.platformPosts} />
      </td>
      <td className="py-3 pr-4 text-sm text-zinc-700 tabular-nums">{formatViews(item.views)}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap text-zinc-700">{item.size}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap text-zinc-700">{formatDate(item.uploadDate)}</td>
      <td className="py-3 pr-4">
        <div className="flex items-center justify-end gap-1">
          {item.status === 'awaiting-details' && handlers.canChange && (
            <Button size="sm" onClick={() => handlers.onAddDetails(item)}>
              Add Details
            </Button>
          )}
          {temp && item.status === 'failed' && item.retryable && (
            <Button
              size="sm"
              onClick={() => handlers.onRetry(item)}
              {...(item.needsFile ? { 'aria-label': `Resume upload of ${item.title}` } : {})}
            >
              {item.needsFile ? 'Resume' : 'Retry'}
            </Button>
          )}
          {!temp && handlers.canChange && (
            <button
              type="button"
              className={iconButton}
              aria-label={`Edit ${item.title}`}
              title="Edit"
              onClick={() => handlers.onEdit(item)}
            >
              <PencilIcon className="size-4" />
            </button>
          )}
          {item.status !== 'uploading' && handlers.canChange && (
            <button
              type="button"
              className={iconButton}
              aria-label={`Delete ${item.title}`}
              title="Delete"
              onClick={() => handlers.onDelete(item)}
            >
              <TrashIcon className="size-4" />
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

interface VideoTableProps {
  items: readonly LibraryItem[];
  handlers: ItemHandlers;
  /** How many items the whole list has, loaded or not. */
  setSize: number;
  onNearEnd: () => void;
}

/** The list view: a table whose rows near the viewport are drawn; space stands in for the others. */
export function VideoTable({ items, handlers, setSize, onNearEnd }: VideoTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const {
    virtualizer,
    items: rows,
    scrollMargin,
  } = useWindowList({
    ref: body,
    rows: items.length,
    estimate: ROW_ESTIMATE,
    onNearEnd,
  });
  const before = rows.length > 0 ? rows[0]!.start - scrollMargin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)!.end - scrollMargin) : 0;
  return (
    // `relative`: the table's visually hidden texts are placed inside the scroller, not past the page's edge.
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm">
      <table className="w-full min-w-[860px] text-left" aria-rowcount={setSize + 1}>
        <caption className="sr-only">Videos</caption>
        <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr aria-rowindex={1}>
            {handlers.canChange && (
              <th scope="col" className="w-10 py-3 pl-4">
                <span className="sr-only">Selected</span>
              </th>
            )}
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={column === 'Actions' ? 'py-3 pr-4 text-right' : 'py-3 pr-4 first:pl-4'}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS.length + (handlers.canChange ? 1 : 0)} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => (
            <Row
              key={items[row.index]!.id}
              item={items[row.index]!}
              handlers={handlers}
              index={row.index}
              measure={virtualizer.measureElement}
            />
          ))}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS.length + (handlers.canChange ? 1 : 0)} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
