import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dropdown, DropdownItem } from '@/components/ui/Dropdown';
import { EyeIcon, MoreIcon, PencilIcon, PlayIcon, TrashIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { cn } from '@/components/ui/cn';
import { formatDate, formatViews } from '@/lib/format';
import { isTempItem, type LibraryItem } from '../library-items';
import type { ItemHandlers } from './item-handlers';
import { PlatformList } from './PlatformList';
import { StatusBadge } from './StatusBadge';
import { VideoThumb } from './VideoThumb';

export function VideoCard({ item, handlers }: { item: LibraryItem; handlers: ItemHandlers }) {
  const temp = isTempItem(item);
  const selected = handlers.isSelected(item.id);
  const href = temp ? undefined : `/video/${item.id}`;
  const titleId = `video-title-${item.id}`;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group flex w-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md',
        selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-zinc-200',
      )}
    >
      <div className="relative">
        <VideoThumb item={item} />
        {href && (
          <Link
            to={href}
            aria-label={`Play ${item.title}`}
            className="absolute inset-0 flex items-center justify-center bg-black/0 transition-colors group-hover:bg-black/25 focus-visible:bg-black/25 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-white/90 text-zinc-900 opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">
              <PlayIcon className="ml-0.5 size-5 fill-current" />
            </span>
          </Link>
        )}
        {handlers.canChange && (
          <label className="absolute top-2 left-2 flex size-8 cursor-pointer items-center justify-center rounded-lg bg-white/90 shadow-sm">
            <Checkbox
              checked={selected}
              disabled={item.status === 'uploading'}
              onChange={() => handlers.onToggle(item.id)}
              aria-label={`Select ${item.title}`}
            />
          </label>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 id={titleId} className="min-w-0 flex-1 text-sm leading-snug font-semibold text-zinc-900">
            {href ? (
              <Link
                to={href}
                className="line-clamp-2 break-words hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {item.title}
              </Link>
            ) : (
              <span className="line-clamp-2 break-words">{item.title}</span>
            )}
          </h2>
          {!temp && handlers.canChange && (
            <Dropdown
              align="right"
              triggerLabel={`More actions for ${item.title}`}
              triggerClassName="-mt-1 -mr-2 rounded-lg p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              trigger={<MoreIcon className="size-4" />}
              menuClassName="min-w-40"
            >
              <DropdownItem onSelect={() => handlers.onEdit(item)}>
                <PencilIcon className="size-4" /> Edit
              </DropdownItem>
              <DropdownItem onSelect={() => handlers.onDelete(item)} className="text-red-700">
                <TrashIcon className="size-4" /> Delete
              </DropdownItem>
            </Dropdown>
          )}
        </div>

        <div className="flex items-center justify-between gap-2">
          <StatusBadge status={item.status} />
          <span className="inline-flex items-center gap-1 text-xs text-zinc-500" title="Views">
            <EyeIcon className="size-3.5" />
            <span className="sr-only">Views:</span> {formatViews(item.views)}
          </span>
        </div>

        {item.status === 'uploading' && (
          <div className="flex items-center gap-2">
            <ProgressBar value={item.progress} label={`Uploading ${item.title}`} valueText={`${item.progress}%`} />
            <span className="w-9 text-right text-xs text-zinc-600 tabular-nums">{item.progress}%</span>
          </div>
        )}
        {item.uploadError && <p className="text-xs text-red-700">{item.uploadError}</p>}

        <PlatformList platforms={item.platforms} posts={item.platformPosts} />

        <p className="mt-auto flex items-center justify-between text-xs text-zinc-500">
          <span>{item.size}</span>
          <span>{formatDate(item.uploadDate)}</span>
        </p>

        {item.status === 'awaiting-details' && handlers.canChange && (
          <Button size="sm" className="w-full" onClick={() => handlers.onAddDetails(item)}>
            Add Details
          </Button>
        )}
        {temp && item.status === 'failed' && (
          <div className="flex gap-2">
            {item.retryable && (
              <Button
                size="sm"
                className="flex-1"
                onClick={() => handlers.onRetry(item)}
                {...(item.needsFile ? { 'aria-label': `Resume upload of ${item.title}` } : {})}
              >
                {item.needsFile ? 'Resume' : 'Retry'}
              </Button>
            )}
            <Button size="sm" variant="secondary" className="flex-1" onClick={() => handlers.onDelete(item)}>
              Remove
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
