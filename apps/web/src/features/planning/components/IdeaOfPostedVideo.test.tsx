import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyPostCounts } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('New idea with a video that already has posts', () => {
  it('says the idea goes where the posts stand and offers no column the posts would overrule', async () => {
    signIn();
    const posted = buildVideo({
      id: 41,
      title: 'Harbour cut',
      status: 'scheduled',
      postCounts: { ...emptyPostCounts(), scheduled: 1 },
    });
    const fresh = buildVideo({ id: 42, title: 'Pier cut', status: 'ready' });
    const routes = workspaceRoutes({ videos: [posted, fresh] });
    routes['GET /api/ideas?project_id=1'] = { body: { ideas: [] } };
    stubFetch(routes);
    renderApp('/planning');
    await userEvent.click(await screen.findByRole('button', { name: 'New idea' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New idea' });

    const video = within(dialog).getByLabelText('Video');
    await userEvent.selectOptions(video, 'Pier cut');
    expect(within(dialog).getByLabelText('Column')).toBeInTheDocument();

    await userEvent.selectOptions(video, 'Harbour cut');
    const note = within(dialog).getByText('This video has a scheduled post, so the idea goes to Scheduled.');
    expect(video).toHaveAccessibleDescription(note.textContent!);
    expect(within(dialog).queryByLabelText('Column')).toBeNull();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add idea' })).toBeEnabled());
  });
});
