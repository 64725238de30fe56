import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPost } from '@/test/post-factories';
import { PostNote } from './PostNote';
import { PostProgress } from './PostProgress';

function show(post: ReturnType<typeof buildPost>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PostProgress post={post} zone="UTC" />
      <PostNote post={post} id="note" />
    </QueryClientProvider>,
  );
}

describe("a post's fitting copy, on the post", () => {
  it('shows how far the copy is while the due post waits for it, not as a failure', () => {
    show(
      buildPost('x', {
        status: 'scheduled',
        progress: { step: 'rendering', bytesSent: 0, bytesTotal: 0 },
        rendition: { id: 9, status: 'rendering', progress: 0.4 },
        error: {
          code: 'waiting_for_copy',
          message: 'Waiting for its fitting copy for X (Twitter) to be made: the post goes out as soon as it is.',
          platformCode: null,
          platformMessage: null,
        },
      }),
    );
    expect(screen.getByText('Making the copy for X (Twitter)… 40 %')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Fitting copy for X (Twitter)' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.queryByText(/^Waiting for its fitting copy/)).not.toBeInTheDocument();
  });

  it("says why the copy failed in ffmpeg's words on the failed post", () => {
    const message =
      'The fitting copy for X (Twitter) could not be made, so the post was not published. ' +
      'ffmpeg could not make the copy: Invalid data found when processing input';
    show(
      buildPost('x', {
        status: 'failed',
        rendition: { id: 9, status: 'failed', progress: 0 },
        error: { code: 'rendition_failed', message, platformCode: null, platformMessage: null },
      }),
    );
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
