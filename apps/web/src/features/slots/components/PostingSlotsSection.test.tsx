import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

async function openSlots(role: ProjectRole) {
  signIn();
  const routes = workspaceRoutes({ projects: [buildProject({ id: 1, role })] });
  routes['GET /api/projects/1/slots'] = {
    body: {
      timezone: 'Europe/Berlin',
      slots: [
        { platform: 'youtube', weekday: 3, time: '18:00' },
        { platform: 'tiktok', weekday: 1, time: '09:30' },
      ],
    },
  };
  stubFetch(routes);
  renderApp('/project-settings');
  return screen.findByRole('region', { name: 'Posting slots' });
}

describe('posting slots in project settings', () => {
  it('shows a reviewer the slots to read, with no form to change them, and says who may', async () => {
    const section = await openSlots('reviewer');
    const slots = await within(section).findByRole('list', { name: 'Slots' });
    expect(
      within(slots)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TikTok, Monday 09:30', 'YouTube, Wednesday 18:00']);
    expect(within(section).getByText('Time zone of the slots: Europe/Berlin')).toBeInTheDocument();
    expect(
      within(section).getByText(
        "Reviewers can read this project's posting slots; only the owner and editors change them.",
      ),
    ).toBeInTheDocument();
    for (const name of ['Add slot', 'Save slots', 'Remove slot 1']) {
      expect(within(section).queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('gives an editor the form', async () => {
    const section = await openSlots('editor');
    expect(await within(section).findByRole('button', { name: 'Save slots' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Remove slot 1' })).toBeInTheDocument();
  });
});
