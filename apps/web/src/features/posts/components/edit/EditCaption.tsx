import type { UseQueryResult } from '@tanstack/react-query';
import type { Post, PostViolation, Video } from '@fanout/contracts';
import { Skeleton } from '@/components/ui/States';
import { platformName } from '../../platform-names';
import { CaptionField } from '../publish/CaptionField';
import { shownCaption } from './post-edit';

interface EditCaptionProps {
  post: Post;
  video: UseQueryResult<Video>;
  /** The person's own text; null: the one built from the video's details. */
  caption: string | null;
  violations: readonly PostViolation[];
  onChange(caption: string | null): void;
}

/** The post's text with the platform's live count; the video's details give the text built from them. */
export function EditCaption({ post, video, caption, violations, onChange }: EditCaptionProps) {
  const name = platformName(post.platform);
  if (video.isPending) return <Skeleton className="h-28 w-full" />;
  if (video.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        The video's details could not be loaded, so the text of this post cannot be changed now. Its time can.
      </p>
    );
  }
  const general = violations.filter((v) => v.field !== 'caption');
  return (
    <div className="space-y-3">
      <CaptionField
        platform={post.platform}
        value={shownCaption(post, video.data, caption)}
        edited={caption !== null}
        messages={violations.filter((v) => v.field === 'caption').map((v) => v.message)}
        onChange={onChange}
        onReset={() => onChange(null)}
      />
      {general.length > 0 && (
        <ul aria-label={`Other problems for ${name}`} className="space-y-1 text-sm text-red-600">
          {general.map((v) => (
            <li key={`${v.field}|${v.message}`}>{v.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
