import { useState } from 'react';
import { useParams } from 'react-router';
import { TextField } from '@/components/ui/Field';
import { LogoMark } from '@/components/ui/Logo';
import { ProductNameText, usePageTitle } from '@/features/config';
import { ApiError } from '@/lib/api-client';
import { usePreviewPage } from '../api/preview';
import { formatWhen, PreviewPostCard } from './PreviewPostCard';

/** /preview/:token — a client's look at planned posts, without an account and without the app around it. */
export function PreviewScreen() {
  const { token = '' } = useParams();
  const page = usePreviewPage(token);
  const [name, setName] = useState('');
  usePageTitle(page.data ? `Preview: ${page.data.projectName}` : 'Preview');

  let body;
  if (page.isPending) body = <p role="status">Loading the preview…</p>;
  else if (page.isError) {
    const gone = page.error instanceof ApiError && page.error.status === 410;
    body = (
      <div className="py-12 text-center">
        <h1 className="text-xl font-semibold text-zinc-900">
          {gone ? 'This preview link is no longer valid' : 'Preview not found'}
        </h1>
        <p className="mt-2 text-sm text-zinc-700">
          {gone ? 'It has expired or was revoked. Ask for a new link.' : 'Check that the whole link was copied.'}
        </p>
      </div>
    );
  } else {
    const p = page.data;
    body = (
      <>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{p.projectName}: posts to review</h1>
        <p className="mt-1 text-sm text-zinc-700">
          Times are shown in your time zone. This link works until {formatWhen(p.expiresAt)}.
          {!p.allowNotes && !p.allowApproval && ' It is read-only.'}
        </p>
        {(p.allowNotes || p.allowApproval) && (
          <div className="mt-4 max-w-sm">
            <TextField label="Your name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </div>
        )}
        {p.posts.length === 0 ? (
          <p className="mt-6 text-sm text-zinc-700">There are no posts in this preview.</p>
        ) : (
          <div className="mt-6 space-y-6">
            {p.posts.map((post) => (
              <PreviewPostCard
                key={post.id}
                post={post}
                token={token}
                visitorName={name}
                allowNotes={p.allowNotes}
                allowApproval={p.allowApproval}
              />
            ))}
          </div>
        )}
      </>
    );
  }
  return (
    <div className="min-h-dvh bg-zinc-50">
      <header className="flex items-center gap-2 border-b border-zinc-200 bg-white px-4 py-3 font-semibold text-zinc-900">
        <LogoMark className="size-6" />
        <ProductNameText whileLoading="" />
      </header>
      <main className="mx-auto max-w-2xl px-4 py-8">{body}</main>
    </div>
  );
}
