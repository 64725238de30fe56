import { useState, type FormEvent } from 'react';
import { API_TOKEN_NAME_MAX, type ApiTokenScope } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { errorMessage } from '@/lib/api-client';
import { useCreateApiToken } from '../api/api-tokens';

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'A year' },
  { value: 'never', label: 'Never' },
] as const;

interface ApiTokenFormProps {
  onCreated: (created: { name: string; secret: string }) => void;
  isCancelled: (err: unknown) => boolean;
}

/** Name, scope and expiry of a new token; the secret goes to the section, which shows it once. */
export function ApiTokenForm({ onCreated, isCancelled }: ApiTokenFormProps) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]['value']>('90');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Give the token a name.');
    const scopes: ApiTokenScope[] = scope === 'write' ? ['read', 'write'] : ['read'];
    const expiresAt =
      expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 24 * 60 * 60_000).toISOString();
    try {
      const { token, secret } = await create.mutateAsync({ name: name.trim(), scopes, expiresAt });
      setName('');
      onCreated({ name: token.name, secret });
    } catch (err) {
      if (!isCancelled(err)) setError(errorMessage(err, 'The token could not be made.'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Make an API token">
      <TextField
        label="Token name"
        value={name}
        maxLength={API_TOKEN_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        hint="Say what uses it, e.g. “n8n weekly report”."
      />
      <div className="flex flex-wrap gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-zinc-800">Access</legend>
          <div className="mt-1.5 flex gap-4 text-sm text-zinc-700">
            <label className="flex items-center gap-2">
              <input type="radio" name="api-token-scope" checked={scope === 'read'} onChange={() => setScope('read')} />
              Read only
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="api-token-scope"
                checked={scope === 'write'}
                onChange={() => setScope('write')}
              />
              Read and write
            </label>
          </div>
        </fieldset>
        <div>
          <label htmlFor="api-token-expiry" className="text-sm font-medium text-zinc-800">
            Expires after
          </label>
          <select
            id="api-token-expiry"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as typeof expiry)}
            className="mt-1.5 block rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormAlert message={error ?? undefined} />
      <Button type="submit" busy={create.isPending}>
        Create token
      </Button>
    </form>
  );
}
