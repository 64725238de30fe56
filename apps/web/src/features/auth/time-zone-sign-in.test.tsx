import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildUser, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

/** The zone the browser reports through Intl, as a person's computer would. */
function browserIn(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

/** A signed-in app whose server keeps the user's zone; PATCH /api/auth/me changes it. */
function openSignedIn(user: User) {
  const state = { user };
  const routes = workspaceRoutes();
  routes['GET /api/auth/me'] = () => ({ body: { user: state.user } });
  routes['PATCH /api/auth/me'] = ({ body }) => {
    state.user = { ...state.user, ...(body as { timeZone: string }) };
    return { body: { user: state.user } };
  };
  signIn(user);
  const stub = stubFetch(routes);
  // The settings screen shows the zone once the app has the user from the server: a moment to check at.
  const view = renderApp('/security');
  const patches = () => stub.calls.filter((c) => c.method === 'PATCH' && c.url === '/api/auth/me');
  return { ...stub, ...view, state, patches };
}

/** Resolves once the app has rendered with the user the server sent (and run the effects of that render). */
async function settled() {
  await screen.findByLabelText('Search time zones');
}

describe("the browser's time zone", () => {
  it('is sent once for an account still on UTC, then never again on this browser', async () => {
    browserIn('Europe/Berlin');
    const first = openSignedIn(buildUser({ timeZone: 'UTC' }));
    await waitFor(() => expect(first.patches()).toHaveLength(1));
    expect(first.patches()[0]!.body).toEqual({ timeZone: 'Europe/Berlin' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).timeZone).toBe('Europe/Berlin'));
    expect(JSON.parse(localStorage.getItem('time_zone_asked')!)).toEqual([first.state.user.id]);
    first.unmount();

    // The person went back to UTC on purpose: a later visit leaves it alone.
    const asked = localStorage.getItem('time_zone_asked')!;
    localStorage.clear();
    localStorage.setItem('time_zone_asked', asked);
    const again = openSignedIn(buildUser({ timeZone: 'UTC' }));
    await settled();
    expect(again.patches()).toEqual([]);
  });

  it('leaves a zone that is already set, and sends nothing from a browser on UTC', async () => {
    browserIn('America/New_York');
    const chosen = openSignedIn(buildUser({ timeZone: 'Asia/Tokyo' }));
    await settled();
    expect(chosen.patches()).toEqual([]);
    chosen.unmount();
    localStorage.clear();

    browserIn('UTC');
    const onUtc = openSignedIn(buildUser({ timeZone: 'UTC' }));
    await settled();
    expect(onUtc.patches()).toEqual([]);
  });

  it('goes with a sign-up', async () => {
    browserIn('Australia/Lord_Howe');
    const routes = workspaceRoutes();
    routes['POST /api/auth/register'] = {
      status: 201,
      body: { token: 'new-token', user: buildUser({ timeZone: 'Australia/Lord_Howe' }) },
    };
    const { calls } = stubFetch(routes);
    const { router } = renderApp('/signup');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Full name'), 'Mia Becker');
    await u.type(screen.getByLabelText('E-mail'), 'mia@example.com');
    await u.type(screen.getByLabelText('Username'), 'mia.creates');
    await u.type(screen.getByLabelText('Password'), 'a long enough passphrase');
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toEqual({
      fullName: 'Mia Becker',
      email: 'mia@example.com',
      username: 'mia.creates',
      password: 'a long enough passphrase',
      timeZone: 'Australia/Lord_Howe',
    });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
