import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('connected accounts', () => {
  it("lists the six platforms with their subtitles and the current project's connections", async () => {
    signIn();
    stubFetch(workspaceRoutes({ platforms: ['youtube'] }));
    renderApp('/accounts');
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
      'Facebook',
      'X (Twitter)',
      'Reddit',
    ]);
    expect(within(rows[4]!).getByText('Tweet with Video')).toBeInTheDocument();
    expect(await within(rows[2]!).findByText('Connected')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not connected')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Connect' })).toBeDisabled();
  });
});
