import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { visible } from './support/ui';

const e2e = useE2e();

const postOf = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: label, exact: true });

async function playlistItems(): Promise<{ playlistId: string; videoId: string }[]> {
  const res = await fetch(`${e2e.emulatorUrl}/_control/youtube/playlist-items`);
  return ((await res.json()) as { items: { playlistId: string; videoId: string }[] }).items;
}

describe('YouTube playlists', () => {
  it("offers the channel's own playlists as checkboxes, adds the published video to the one ticked and lists it on the post", async () => {
    const title = 'Tram ride';
    const user = await e2e.workspace({ videos: [title] });
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'YouTube', 'Approve');

    await page.goto(`/video/${user.videos[0]!.id}`);
    const form = page.getByRole('form', { name: `Publish ${title}` });
    await form.getByRole('checkbox', { name: 'YouTube', exact: true }).check();
    const playlists = form.getByRole('group', { name: /^Playlists/ });
    await visible(playlists.getByRole('checkbox', { name: 'Shorts', exact: true }));
    await playlists.getByRole('checkbox', { name: 'Travel', exact: true }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Publish now' }).click();
    const post = postOf(page, 'YouTube');
    await post.getByText('Published', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
    await visible(post.getByText('Playlists: Travel', { exact: true }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    const videoId = new URL(
      (await post.getByRole('link', { name: 'View post on YouTube' }).getAttribute('href'))!,
    ).searchParams.get('v');
    expect((await playlistItems()).filter((i) => i.videoId === videoId).map((i) => i.playlistId)).toEqual([
      'PLsandboxFanoutTravel0000000000001',
    ]);
  });
});
