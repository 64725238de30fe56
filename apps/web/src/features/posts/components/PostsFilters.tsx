import { useId, type ReactNode } from 'react';
import { PLATFORMS, POST_STATUSES, type PlatformKey, type PostStatus } from '@fanout/contracts';
import { inputClasses } from '@/components/ui/Field';
import { cn } from '@/components/ui/cn';
import { POST_STATUS_LABELS } from '../post-status';
import type { PostsFilter } from '../posts-page';

interface PostsFiltersProps {
  filter: PostsFilter;
  onChange: (filter: PostsFilter) => void;
  /** More filters after these (the account select). */
  children?: ReactNode;
}

export const postsSelectClasses = cn(inputClasses, 'h-10 w-full pr-8 sm:w-48');

/** Narrows My Posts to one status and/or one platform (and, through `children`, one account). */
export function PostsFilters({ filter, onChange, children }: PostsFiltersProps) {
  const statusId = useId();
  const platformId = useId();
  return (
    <div role="search" aria-label="Filter posts" className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div>
        <label htmlFor={statusId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Status
        </label>
        <select
          id={statusId}
          value={filter.status}
          onChange={(e) => onChange({ ...filter, status: e.target.value as PostStatus | '' })}
          className={postsSelectClasses}
        >
          <option value="">All statuses</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {POST_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={platformId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Platform
        </label>
        <select
          id={platformId}
          value={filter.platform}
          onChange={(e) => onChange({ ...filter, platform: e.target.value as PlatformKey | '' })}
          className={postsSelectClasses}
        >
          <option value="">All platforms</option>
          {PLATFORMS.map((platform) => (
            <option key={platform.key} value={platform.key}>
              {platform.label}
            </option>
          ))}
        </select>
      </div>
      {children}
    </div>
  );
}
