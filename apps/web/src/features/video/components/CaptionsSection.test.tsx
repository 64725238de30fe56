import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = buildVideo({ id: 31, title: 'Street food tour', platforms: ['youtube'] });
const english = {
  id: 4,
  language: 'en',
  label: 'English',
  format: 'srt',
  cueCount: 2,
  url: '/api/videos/31/captions/en',
};

function routesWith(captions: unknown[]) {
  const routes = workspaceRoutes();
  routes['GET /api/videos/31'] = { body: { video } };
  routes['GET /api/videos/31/captions'] = { body: { captions } };
  return routes;
}

describe('the Captions section of a video', () => {
  it('lists the tracks, says where they go, and removes one', async () => {
    signIn();
    const routes = routesWith([english]);
    routes['DELETE /api/videos/31/captions/en'] = { status: 204 };
    const { calls } = stubFetch(routes);
    renderApp('/video/31');
    const section = await screen.findByRole('region', { name: 'Captions' });
    expect(await within(section).findByText('English (en) · SRT · 2 cues')).toBeInTheDocument();
    expect(section).toHaveTextContent('TikTok, Instagram, Reddit: can be burned into a fitting copy');
    expect(section).toHaveTextContent('YouTube, Facebook Page videos and X: sent as captions with the post');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove en captions' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/videos/31/captions/en')).toBe(true),
    );
  });

  it('uploads a file for the chosen language and shows a refusal in words, as text only', async () => {
    signIn();
    const routes = routesWith([]);
    const refusal = 'This is not a valid caption file. Line 2: the cue ends before it starts <b>(or as it starts)</b>';
    routes['PUT /api/videos/31/captions/fr?label=Fran%C3%A7ais'] = {
      status: 400,
      body: { error: refusal, code: 'bad_captions' },
    };
    const { calls } = stubFetch(routes);
    renderApp('/video/31');
    const section = await screen.findByRole('region', { name: 'Captions' });
    expect(await within(section).findByText('No captions yet.')).toBeInTheDocument();
    await userEvent.selectOptions(within(section).getByLabelText('Language'), 'fr');
    await userEvent.type(within(section).getByLabelText('Name shown to viewers (optional)'), 'Français');
    const file = new File(['1\n00:00:02,000 --> 00:00:01,000\nBack\n'], 'fr.srt', { type: 'application/x-subrip' });
    await userEvent.upload(within(section).getByLabelText('Caption file (.srt or .vtt)'), file);
    await userEvent.click(within(section).getByRole('button', { name: 'Upload captions' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert.querySelector('b')).toBeNull();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toBe(file);
  });
});
