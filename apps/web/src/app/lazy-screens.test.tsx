import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

/** The screens spec section 2 names as loaded on demand, recorded the moment their module is first imported. */
const loaded = vi.hoisted(() => [] as string[]);

vi.mock('@/features/auth/components/LoginScreen', async (importOriginal) => {
  loaded.push('Login');
  return importOriginal();
});
vi.mock('@/features/auth/components/SignUpScreen', async (importOriginal) => {
  loaded.push('Sign Up');
  return importOriginal();
});
vi.mock('@/features/posts/components/PostsScreen', async (importOriginal) => {
  loaded.push('Posts');
  return importOriginal();
});
vi.mock('@/features/video/components/VideoScreen', async (importOriginal) => {
  loaded.push('Video');
  return importOriginal();
});
vi.mock('@/features/schedule/components/CalendarScreen', async (importOriginal) => {
  loaded.push('Calendar');
  return importOriginal();
});
vi.mock('@/features/planning/components/PlanScreen', async (importOriginal) => {
  loaded.push('Plan');
  return importOriginal();
});
vi.mock('@/features/projects/components/ProjectSettingsScreen', async (importOriginal) => {
  loaded.push('Project Settings');
  return importOriginal();
});
vi.mock('@/features/security/components/SecurityScreen', async (importOriginal) => {
  loaded.push('Security');
  return importOriginal();
});

describe('screens loaded on demand', () => {
  it('loads Login, Sign Up, Posts, Video, Calendar, Plan, Project Settings and Security only when their page is opened', async () => {
    const routes = workspaceRoutes({ videos: [buildVideo({ id: 5, title: 'Harbour at dawn' })] });
    routes['GET /api/videos/5'] = { body: { video: buildVideo({ id: 5, title: 'Harbour at dawn' }) } };
    stubFetch(routes);

    // The app, its router and the landing page are up: none of the eight screens has been fetched.
    const guest = renderApp('/landing');
    expect(await screen.findAllByText('Keine Kreditkarte erforderlich')).not.toHaveLength(0);
    expect(loaded).toEqual([]);

    await act(() => guest.router.navigate('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(loaded).toEqual(['Login']);

    await act(() => guest.router.navigate('/signup'));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(loaded).toEqual(['Login', 'Sign Up']);
    guest.unmount();

    // Signed in, the library opens without any of them; each comes with its own page.
    signIn();
    const member = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    expect(loaded).toEqual(['Login', 'Sign Up']);

    const pages: [path: string, heading: string, screenName: string][] = [
      ['/posts', 'My Posts', 'Posts'],
      ['/video/5', 'Harbour at dawn', 'Video'],
      ['/schedule', 'Schedule', 'Calendar'],
      ['/planning', 'Planning', 'Plan'],
      ['/project-settings', 'Project Settings', 'Project Settings'],
      ['/security', 'Security', 'Security'],
    ];
    const expected = ['Login', 'Sign Up'];
    for (const [path, heading, screenName] of pages) {
      await act(() => member.router.navigate(path));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expected.push(screenName);
      expect(loaded).toEqual(expected);
    }
  });
});
