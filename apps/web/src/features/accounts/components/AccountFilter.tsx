import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { PLATFORMS, type Connection } from '@fanout/contracts';
import { useConnections } from '../api/get-connections';

const PARAM = 'account';

const platformLabel = (c: Connection) => PLATFORMS.find((p) => p.key === c.platform)?.label ?? c.platform;

/** "YouTube · Second Creator": an account is told apart from its platform's others by its name. */
export const accountLabel = (c: Connection) => `${platformLabel(c)} · ${c.accountName}`;

/** True when some platform has several accounts: only then does an account say more than its platform. */
export function hasSeveralAccountsOfAPlatform(connections: readonly Connection[]): boolean {
  const platforms = connections.map((c) => c.platform);
  return new Set(platforms).size < platforms.length;
}

/**
 * The account a screen is narrowed to, kept in the URL (`?account=<connection id>`) so a reload or a shared
 * link shows the same posts. An id that is not one of the project's accounts (one removed since) is ignored.
 */
export function useAccountFilter(projectId: number | undefined) {
  const [params, setParams] = useSearchParams();
  const connections = useConnections(projectId).data?.connections;
  const raw = Number(params.get(PARAM));
  const asked = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const accountId = connections && !connections.some((c) => c.id === asked) ? undefined : asked;
  const setAccountId = (id: number | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete(PARAM);
        else next.set(PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  return { accountId, setAccountId, connections: connections ?? [] };
}

interface AccountFilterProps {
  connections: readonly Connection[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  selectClassName: string;
}

/** The "Account" select of My Posts and Analytics; absent while every platform has at most one account. */
export function AccountFilter({ connections, value, onChange, selectClassName }: AccountFilterProps) {
  const id = useId();
  // Not before the accounts are known: an account named by the address would have no option to show yet.
  if (connections.length === 0 || (value === undefined && !hasSeveralAccountsOfAPlatform(connections))) return null;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800">
        Account
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        className={selectClassName}
      >
        <option value="">All accounts</option>
        {connections.map((c) => (
          <option key={c.id} value={c.id}>
            {accountLabel(c)}
          </option>
        ))}
      </select>
    </div>
  );
}
