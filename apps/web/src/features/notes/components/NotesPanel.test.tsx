import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Note } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = buildVideo({ id: 31, title: 'Street food tour' });
const note = (over: Partial<Note>): Note => ({
  id: 1,
  postId: null,
  videoId: 31,
  authorId: 2,
  authorName: 'Rita Reviewer',
  viaPreview: false,
  text: 'Colour is off',
  mentions: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  mine: false,
  ...over,
});

describe('the Notes panel of a video', () => {
  it('shows each note as text, offers Edit and Delete on one’s own only, and adds one', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/videos/31'] = { body: { video } };
    routes['GET /api/videos/31/notes'] = {
      body: {
        notes: [
          note({ text: '<img src=x onerror=alert(1)> looks <b>off</b>' }),
          note({ id: 2, authorId: 1, authorName: 'Me', text: 'Fixed', mine: true }),
        ],
      },
    };
    routes['POST /api/videos/31/notes'] = {
      status: 201,
      body: { note: note({ id: 3, text: '@rita thanks', mine: true }) },
    };
    const { calls } = stubFetch(routes);
    renderApp('/video/31');
    const panel = await screen.findByRole('region', { name: 'Notes' });
    const list = await within(panel).findByRole('list', { name: 'Notes' });
    expect(within(list).getByText('<img src=x onerror=alert(1)> looks <b>off</b>')).toBeInTheDocument();
    expect(list.querySelector('img, b')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText('Add a note'), '@rita thanks');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    await waitFor(() => {
      const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/videos/31/notes');
      expect(sent?.body).toEqual({ text: '@rita thanks' });
    });
  });
});
