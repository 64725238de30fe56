import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, uniqueIdentity } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { atPath, poll, visible } from './support/ui';

const e2e = useE2e();

const members = (page: Page) => page.getByRole('list', { name: 'Members' });

/** An owner whose project has a name of its own (every new account's first project is called the same). */
async function ownerOf(name: string) {
  const owner = await e2e.workspace();
  await call(e2e.apiBase, `/projects/${owner.project.id}`, {
    method: 'PATCH',
    token: owner.token,
    body: JSON.stringify({ name }),
  });
  return { ...owner, project: { ...owner.project, name } };
}

describe('inviting someone to a project', () => {
  it('the owner invites by e-mail; a new person signs up through the link and lands in the project', async () => {
    const owner = await ownerOf('Harbour Agency');
    const page = await e2e.open({ session: owner });
    await page.goto('/project-settings');
    await visible(page.getByRole('heading', { name: 'Members' }));
    await visible(members(page).getByText(owner.email));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // By keyboard: the address, Tab to the role, a choice with the arrow keys, Enter sends the form.
    const invitee = uniqueIdentity('ines');
    await page.getByLabel('E-mail address').fill(invitee.email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Role', { exact: true }).inputValue()).toBe('reviewer');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const link = page.getByLabel('Invitation link');
    await visible(link);
    await visible(page.getByText(`The invitation was not e-mailed. Copy this link and send it to ${invitee.email}`));
    const url = await link.inputValue();
    expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await visible(page.getByRole('list', { name: 'Pending invitations' }).getByText(invitee.email));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Someone else, in a browser of their own, without an account.
    const guest = await e2e.open();
    await guest.goto(new URL(url).pathname);
    await visible(guest.getByRole('heading', { name: `Join ${owner.project.name}` }));
    await visible(guest.getByText(/invites you as reviewer/));
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await atPath(guest, '/signup');
    await guest.getByLabel('Full name').fill(invitee.fullName);
    await guest.getByLabel('E-mail').fill(invitee.email);
    await guest.getByLabel('Username').fill(invitee.username);
    await guest.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
    await guest.getByRole('button', { name: 'Create account' }).click();

    await atPath(guest, new URL(url).pathname);
    await guest.getByRole('button', { name: `Join ${owner.project.name}` }).click();
    await atPath(guest, '/');
    await visible(
      guest
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('button', { name: `Active workspace: ${owner.project.name}` }),
    );

    // As a reviewer they change nothing: the library offers no upload, Planning and the project's settings
    // say in one line what the role allows and offer no change; axe finds nothing serious on each.
    await visible(guest.getByText('No videos have been uploaded to this project yet.'));
    expect(await guest.getByRole('button', { name: /upload/i }).count()).toBe(0);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guest.goto('/planning');
    await visible(guest.getByText("Reviewers can read this project's ideas; only the owner and editors change them."));
    expect(await guest.getByRole('button', { name: 'New idea' }).count()).toBe(0);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guest.goto('/project-settings');
    await visible(guest.getByText("Reviewers can read this project's rules; only the owner and editors change them."));
    expect(await guest.getByRole('button', { name: 'New rule' }).count()).toBe(0);
    expect(await seriousAxeViolations(guest)).toEqual([]);

    // The owner sees them with their role, and the invitation is no longer pending.
    await page.reload();
    await visible(members(page).getByText(invitee.email));
    await poll(() => page.getByLabel(`Role of ${invitee.fullName}`).inputValue()).toBe('reviewer');
    expect(await page.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
    // The link is used up.
    const again = await e2e.open();
    await again.goto(new URL(url).pathname);
    await visible(again.getByText('This invitation has been used already.'));
  });

  it('the owner adds an account, changes its role and hands the project over; the old owner, now an editor, leaves', async () => {
    const owner = await ownerOf('Lantern Studio');
    const colleague = await e2e.signUp('colin');
    const page = await e2e.open({ session: owner });
    await page.goto('/project-settings');
    await page.getByLabel('E-mail address').fill(colleague.email);
    await page.getByRole('button', { name: 'Add someone with an account' }).click();
    const role = page.getByLabel(`Role of ${colleague.user.fullName}`);
    await visible(role);
    await role.selectOption('client');
    await visible(page.getByText(`${colleague.user.fullName} is now client.`));

    await page.getByRole('button', { name: 'Hand over ownership…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand the project over' });
    await visible(dialog);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Your password').fill('not my password');
    await page.keyboard.press('Enter');
    await visible(dialog.getByText('The password is not correct'));
    await dialog.getByLabel('Your password').fill(owner.password);
    await page.keyboard.press('Enter');
    await visible(page.getByText(`${colleague.user.fullName} now owns the project. You stay as an editor.`));

    // Now an editor: the list without the owner's controls, and a way out.
    await visible(page.getByText(`${colleague.user.fullName} owns this project and manages who is in it.`));
    expect(await page.getByRole('button', { name: 'Invite by e-mail' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete project' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Leave project' }).click();
    await visible(page.getByText('You left the project.'));

    const theirs = await e2e.open({ session: colleague });
    await theirs.goto('/project-settings');
    await theirs
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: /^Active workspace: / })
      .click();
    await theirs.getByRole('menuitem', { name: new RegExp(owner.project.name) }).click();
    await visible(theirs.getByRole('button', { name: 'Invite by e-mail' }));
    await poll(() => members(theirs).innerText()).not.toContain(owner.email);
  });
});
