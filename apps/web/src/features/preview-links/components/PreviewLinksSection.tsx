import { useId, useState, type FormEvent } from 'react';
import type { Project } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { errorMessage } from '@/lib/api-client';
import { usePreviewLinkChanges, usePreviewLinks } from '../api/preview-links';
import { PreviewLinkList } from './PreviewLinkList';
import { PreviewPostPicker } from './PreviewPostPicker';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A date field's day, from its first moment in the owner's zone. */
const startOf = (date: string) => new Date(`${date}T00:00`).toISOString();
/** The first moment after a date field's day: the range's end includes the day. */
function endOf(date: string): string {
  const next = new Date(`${date}T00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/**
 * Client preview links (owner only): choose posts or a range of dates, an expiry, whether visitors may leave
 * notes or approve; copy the link once made; list and revoke.
 */
export function PreviewLinksSection({ project }: { project: Project }) {
  const headingId = useId();
  const links = usePreviewLinks(project.id);
  const { create, revoke } = usePreviewLinkChanges(project.id);
  const [scope, setScope] = useState<'range' | 'posts'>('range');
  const [from, setFrom] = useState(day(0));
  const [to, setTo] = useState(day(7));
  const [postIds, setPostIds] = useState<number[]>([]);
  const [expires, setExpires] = useState(day(14));
  const [allowNotes, setAllowNotes] = useState(true);
  const [allowApproval, setAllowApproval] = useState(false);
  const [made, setMade] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    create.mutate(
      {
        ...(scope === 'range' ? { range: { from: startOf(from), to: endOf(to) } } : { postIds }),
        expiresAt: startOf(expires),
        allowNotes,
        allowApproval,
      },
      { onSuccess: (res) => setMade(res.link.url) },
    );
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id={headingId} className="text-base font-semibold text-zinc-900">
        Client preview links
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        Show planned posts to someone without an account. The link opens only the posts it names.
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1 text-sm font-medium text-zinc-900">Which posts</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={scope === 'range'} onChange={() => setScope('range')} />
            Posts in a date range
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={scope === 'posts'} onChange={() => setScope('posts')} />
            Chosen posts
          </label>
        </fieldset>
        {scope === 'range' ? (
          <div className="flex flex-wrap gap-3">
            <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
            <TextField label="To (included)" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
          </div>
        ) : (
          <PreviewPostPicker projectId={project.id} chosen={postIds} onChange={setPostIds} />
        )}
        <TextField
          label="Link expires on"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          required
        />
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={allowNotes} onChange={(e) => setAllowNotes(e.target.checked)} />
            Visitors may leave notes
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={allowApproval} onChange={(e) => setAllowApproval(e.target.checked)} />
            Visitors may approve or ask for changes
          </label>
        </div>
        <Button type="submit" size="sm" busy={create.isPending} disabled={scope === 'posts' && postIds.length === 0}>
          Make link
        </Button>
      </form>
      {create.error && (
        <FormAlert className="mt-3" message={errorMessage(create.error, 'The link could not be made.')} />
      )}
      {made && (
        <div className="mt-3 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          <TextField
            label="Preview link (shown only now: copy it)"
            value={made}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => void navigator.clipboard?.writeText(made)}
          >
            Copy link
          </Button>
        </div>
      )}
      {links.data && (
        <PreviewLinkList links={links.data.links} busy={revoke.isPending} onRevoke={(id) => revoke.mutate(id)} />
      )}
    </section>
  );
}
