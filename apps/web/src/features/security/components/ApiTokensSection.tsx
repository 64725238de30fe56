import { useState } from 'react';
import type { ApiToken, ApiTokenScope } from '@fanout/contracts';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { KeyIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { isReauthenticationCancelled } from '../reauthentication';
import { ApiTokenForm } from './ApiTokenForm';
import { SectionLoadState } from './SectionLoadState';
import { SecuritySection } from './SecuritySection';

const SCOPE_LABELS: Record<ApiTokenScope, string> = { read: 'Read', write: 'Write' };

function expiryText(token: ApiToken): string {
  if (!token.expiresAt) return 'never expires';
  return Date.parse(token.expiresAt) <= Date.now()
    ? `expired ${formatDateTime(token.expiresAt)}`
    : `expires ${formatDateTime(token.expiresAt)}`;
}

function ApiTokenItem({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const toast = useToast();

  async function revokeIt() {
    try {
      await revoke.mutateAsync(token.id);
      toast.show(`The token “${token.name}” no longer works.`, 'success');
    } catch (err) {
      toast.show(errorMessage(err, 'The token could not be revoked.'), 'error');
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
          {token.name}
          {token.scopes.map((scope) => (
            <Badge key={scope} tone={scope === 'write' ? 'amber' : 'blue'}>
              {SCOPE_LABELS[scope]}
            </Badge>
          ))}
        </p>
        <p className="text-xs text-zinc-500">
          Made {formatDateTime(token.createdAt)} · {expiryText(token)} ·{' '}
          {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        busy={revoke.isPending}
        aria-label={`Revoke ${token.name}`}
        onClick={() => void revokeIt()}
      >
        Revoke
      </Button>
    </li>
  );
}

/** The one moment the secret is shown: copy it now, it is never shown again. */
function NewTokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.show('Copied.', 'success');
    } catch {
      toast.show('Copying failed: select the token and copy it yourself.', 'error');
    }
  }
  return (
    <div role="status" className="space-y-3 rounded-xl border border-green-200 bg-green-50 p-4">
      <p className="text-sm font-medium text-green-900">
        Your new token “{name}”. Copy it now: it will not be shown again.
      </p>
      <label htmlFor="new-api-token" className="sr-only">
        New API token
      </label>
      <input
        id="new-api-token"
        readOnly
        value={secret}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-sm text-zinc-900"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

export function ApiTokensSection() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  return (
    <SecuritySection
      id="api-tokens"
      title="API tokens"
      icon={KeyIcon}
      description="Personal tokens let scripts and tools such as n8n or Zapier use your account through the API (Authorization: Bearer <token>). They cannot change how you sign in."
    >
      <div className="space-y-4">
        {created && <NewTokenSecret {...created} onDone={() => setCreated(null)} />}
        {tokens.data ? (
          tokens.data.tokens.length > 0 ? (
            <ul aria-label="API tokens" className="divide-y divide-zinc-100 rounded-xl border border-zinc-200">
              {tokens.data.tokens.map((token) => (
                <ApiTokenItem key={token.id} token={token} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-zinc-600">You have no API tokens.</p>
          )
        ) : (
          <SectionLoadState query={tokens} what="your API tokens" />
        )}
        <ApiTokenForm onCreated={setCreated} isCancelled={isReauthenticationCancelled} />
      </div>
    </SecuritySection>
  );
}
