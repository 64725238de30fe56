import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = buildVideo({ id: 8, title: 'beach-day', status: 'awaiting-details' });

function open(platforms: string[]) {
  signIn();
  const routes = workspaceRoutes({ videos: [video], platforms });
  routes['PATCH /api/videos/8'] = { body: { video: { ...video, status: 'ready', title: 'Beach day' } } };
  routes['POST /api/auth/logout'] = { body: { ok: true } };
  const stub = stubFetch(routes);
  const app = renderApp('/dashboard');
  return { ...stub, app, user: userEvent.setup() };
}

async function addDetails(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('article', { name: 'beach-day' });
  await user.click(within(card).getByRole('button', { name: 'Add Details' }));
  return within(await screen.findByRole('dialog', { name: 'Add Video Details' }));
}

describe('Add Video Details keeps what was typed', () => {
  it('brings the typed details back after going to Accounts, says so, and can discard them', async () => {
    const { app, user } = open([]);
    let dialog = await addDetails(user);
    expect(dialog.queryByText('Draft restored:')).not.toBeInTheDocument();
    const title = dialog.getByLabelText('Video Title *');
    await user.clear(title);
    await user.type(title, 'Beach day');
    await user.type(dialog.getByLabelText('Description'), 'Waves at dawn');
    await user.type(dialog.getByLabelText('Tags (comma separated)'), 'sea, summer');
    // Save waits for a platform; the way to connect one leaves the form.
    expect(dialog.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
    await user.click(await dialog.findByRole('link', { name: 'Go to Accounts' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/accounts'));
    await screen.findByRole('heading', { name: 'Connected accounts', level: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await app.router.navigate('/dashboard');
    dialog = await addDetails(user);
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Draft restored: what you typed here before, not saved yet.',
    );
    expect(dialog.getByLabelText('Video Title *')).toHaveValue('Beach day');
    expect(dialog.getByLabelText('Description')).toHaveValue('Waves at dawn');
    expect(dialog.getByLabelText('Tags (comma separated)')).toHaveValue('sea, summer');

    await user.click(dialog.getByRole('button', { name: 'Discard draft' }));
    expect(dialog.getByLabelText('Video Title *')).toHaveValue('beach-day');
    expect(dialog.getByLabelText('Description')).toHaveValue('');
    expect(dialog.queryByText('Draft restored:')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    dialog = await addDetails(user);
    expect(dialog.queryByText('Draft restored:')).not.toBeInTheDocument();
  });

  it('forgets the draft once the details are saved', async () => {
    const { user, calls } = open(['tiktok']);
    const dialog = await addDetails(user);
    await user.type(dialog.getByLabelText('Description'), 'Waves');
    await user.click(await dialog.findByRole('button', { name: /TikTok/ }));
    await user.click(dialog.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
  });

  it('keeps drafts per person, and forgets them all at sign-out', async () => {
    const { user } = open([]);
    const dialog = await addDetails(user);
    await user.type(dialog.getByLabelText('Description'), 'Waves');
    await waitFor(() => expect(localStorage.getItem('draft:video-details:7:8')).toContain('Waves'));
    // Another person on this browser: their form opens without it.
    localStorage.setItem('user', JSON.stringify({ id: 9, username: 'other', email: 'o@example.com' }));
    expect(localStorage.getItem('draft:video-details:9:8')).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: /mia\.creates|other/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
  });
});
