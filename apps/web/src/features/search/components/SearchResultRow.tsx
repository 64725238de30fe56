import type { SearchResult } from '@fanout/contracts';
import { FilmIcon } from '@/components/ui/icons';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { formatDate } from '@/lib/format';
import { platformName, POST_STATUS_LABELS } from '@/features/posts';
import { highlightParts, snippetAround } from '../search-text';

/** The text with every match of the query marked. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 px-0.5 text-zinc-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * One search result: a video (its title, then project, owner and date), or a post of a video (its caption,
 * then what it is, 'TikTok post · Published', the account, the video when the caption is the post's own, the
 * project and date). What the search matched is highlighted: the title or caption, a post's platform and account.
 */
export function SearchResultRow({ result, query }: { result: SearchResult; query: string }) {
  const { post } = result;
  const plain = (text: string) => ({ text, searched: false });
  const line: { text: string; searched: boolean }[] = post
    ? [
        { text: platformName(post.platform), searched: true },
        { text: `post · ${POST_STATUS_LABELS[post.status]}`, searched: false },
        { text: post.accountName, searched: true },
        plain(post.videoTitle !== result.name ? post.videoTitle : ''),
        plain(result.drive),
        plain(formatDate(result.modified)),
      ]
    : [plain(result.drive), plain(result.owner), plain(formatDate(result.modified))];
  const parts = line.filter((part) => part.text);
  return (
    <>
      {post ? (
        <PlatformIcon platform={post.platform} className="size-8 rounded-lg p-1" />
      ) : (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-600">
          <FilmIcon className="size-4" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm text-zinc-900">
          <Highlighted text={post ? snippetAround(result.name, query) : result.name} query={query} />
        </span>
        <span className="block truncate text-xs text-zinc-500">
          {parts.map((part, i) => (
            // The platform's name and 'post · status' read as one: 'TikTok post · Published'.
            <span key={i} className={post && i < 2 ? 'font-medium text-zinc-700' : undefined}>
              {i === 0 ? '' : i === 1 && post ? ' ' : ' · '}
              {part.searched ? <Highlighted text={part.text} query={query} /> : part.text}
            </span>
          ))}
        </span>
      </span>
    </>
  );
}
