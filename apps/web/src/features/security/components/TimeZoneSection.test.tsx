import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildUser, signIn } from '@/test/factories';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

/** GET and PATCH /api/auth/me over one stored user; zones the server does not know are refused. */
function meServer(user: User) {
  const state = { user };
  const routes: StubRoutes = {
    ...workspaceRoutes(),
    'GET /api/auth/me': () => ({ body: { user: state.user } }),
    'PATCH /api/auth/me': ({ body }) => {
      const { timeZone } = body as { timeZone: string };
      if (timeZone === 'Asia/Tokyo') {
        return { status: 400, body: { error: 'Unknown time zone "Asia/Tokyo"', code: 'invalid_time_zone' } };
      }
      state.user = { ...state.user, timeZone };
      return { body: { user: state.user } };
    },
  };
  return { routes, state };
}

async function openSection(user: User) {
  const server = meServer(user);
  signIn(user);
  const stub = stubFetch(server.routes);
  renderApp('/security');
  const section = await screen.findByRole('region', { name: 'Time zone' });
  await within(section).findByLabelText('Search time zones');
  return { ...stub, ...server, section, u: userEvent.setup() };
}

describe('security screen: time zone', () => {
  it('shows the saved zone, finds another by search and saves it', async () => {
    const { section, u, calls, state } = await openSection(buildUser({ timeZone: 'Europe/Berlin' }));
    expect(await within(section).findByText('Europe/Berlin')).toBeInTheDocument();
    const list = within(section).getByLabelText('Time zone');
    expect(list).toHaveValue('Europe/Berlin');
    expect(within(section).getByRole('button', { name: 'Save time zone' })).toBeDisabled();

    await u.type(within(section).getByLabelText('Search time zones'), 'new york');
    const options = within(list).getAllByRole('option');
    // The chosen zone stays listed, then every match, with its offset now.
    expect(options[0]).toHaveValue('Europe/Berlin');
    expect(options.map((o) => o.getAttribute('value'))).toContain('America/New_York');
    expect(options.find((o) => o.getAttribute('value') === 'America/New_York')).toHaveTextContent(
      /^America\/New York \(UTC-0[45]:00\)$/,
    );
    expect(options.map((o) => o.getAttribute('value'))).not.toContain('Europe/Paris');

    await u.selectOptions(list, 'America/New_York');
    expect(within(section).getByText(/^It is now \d{4}-\d{2}-\d{2} \d{2}:\d{2} there, UTC-0[45]:00 \(E[SD]T\)\.$/));
    await u.click(within(section).getByRole('button', { name: 'Save time zone' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Times are now shown in America/New York.');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ url: '/api/auth/me', body: { timeZone: 'America/New_York' } }),
    ]);
    expect(state.user.timeZone).toBe('America/New_York');
    expect(JSON.parse(localStorage.getItem('user')!).timeZone).toBe('America/New_York');
    expect(within(section).getByText('America/New York')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save time zone' })).toBeDisabled();
    // Chosen here, so the browser's own zone is not offered for this account again.
    expect(JSON.parse(localStorage.getItem('time_zone_asked')!)).toEqual([state.user.id]);
  });

  it('finds zones by offset and says when nothing matches', async () => {
    const { section, u } = await openSection(buildUser({ timeZone: 'UTC' }));
    const search = within(section).getByLabelText('Search time zones');
    await u.type(search, '+05:45');
    const values = within(section)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    // Engines list Nepal's zone by its old or its new spelling.
    expect(values).toEqual(['UTC', expect.stringMatching(/^Asia\/Kath?mandu$/)]);

    await u.clear(search);
    await u.type(search, 'atlantis');
    expect(within(section).getByText(/No time zone matches “atlantis”/)).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['UTC']);
  });

  it("shows the server's refusal and keeps the saved zone", async () => {
    const { section, u, state } = await openSection(buildUser({ timeZone: 'Europe/Berlin' }));
    await u.type(within(section).getByLabelText('Search time zones'), 'tokyo');
    await u.selectOptions(within(section).getByLabelText('Time zone'), 'Asia/Tokyo');
    await u.click(within(section).getByRole('button', { name: 'Save time zone' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent('Unknown time zone "Asia/Tokyo"');
    expect(state.user.timeZone).toBe('Europe/Berlin');
    await waitFor(() => expect(within(section).getByLabelText('Time zone')).toHaveValue('Asia/Tokyo'));
    expect(within(section).getByRole('button', { name: 'Save time zone' })).toBeEnabled();
  });
});
