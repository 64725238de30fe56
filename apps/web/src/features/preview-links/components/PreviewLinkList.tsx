import type { PreviewLink } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { formatDate, formatDateTime } from '@/lib/format';

const scopeText = (link: PreviewLink) =>
  link.range
    ? `Posts from ${formatDate(link.range.from)} to ${formatDate(link.range.to)}`
    : `${link.postIds?.length ?? 0} chosen post${link.postIds?.length === 1 ? '' : 's'}`;

function stateText(link: PreviewLink, now: number): string {
  if (link.revokedAt) return 'Revoked';
  if (Date.parse(link.expiresAt) <= now) return 'Expired';
  return `Until ${formatDateTime(link.expiresAt)}`;
}

/** The project's links: what each shows, what it allows, until when; the live ones can be revoked. */
export function PreviewLinkList({
  links,
  onRevoke,
  busy,
}: {
  links: PreviewLink[];
  onRevoke: (id: number) => void;
  busy: boolean;
}) {
  const now = Date.now();
  if (links.length === 0) return <p className="mt-3 text-sm text-zinc-600">No preview links yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-zinc-200" aria-label="Preview links">
      {links.map((link) => {
        const live = !link.revokedAt && Date.parse(link.expiresAt) > now;
        const allows = [link.allowNotes && 'notes', link.allowApproval && 'approval'].filter(Boolean).join(' and ');
        return (
          <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium text-zinc-900">{scopeText(link)}</span>
              <span className="text-zinc-600">
                {' '}
                · {allows ? `allows ${allows}` : 'read-only'} · {stateText(link, now)}
              </span>
            </span>
            {live && (
              <Button
                size="sm"
                variant="secondary"
                busy={busy}
                onClick={() => onRevoke(link.id)}
                aria-label={`Revoke the link for ${scopeText(link).toLowerCase()}`}
              >
                Revoke
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
