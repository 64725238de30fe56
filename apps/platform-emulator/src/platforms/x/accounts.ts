import type { EmulatorContext } from '../../core/context';

/** The X accounts of the sandbox. The first one signs in on the authorize page. Ids are stable. */
export interface XAccount {
  id: string;
  username: string;
  name: string;
  createdAt: string;
  description: string;
}

export const ACCOUNTS: readonly XAccount[] = [
  {
    id: '1580000000000000001',
    username: 'fanout_demo',
    name: 'Fanout Demo',
    createdAt: '2020-05-04T10:00:00.000Z',
    description: 'A sandbox account of the platform emulator.',
  },
  {
    id: '1580000000000000002',
    username: 'second_creator',
    name: 'Second Creator',
    createdAt: '2021-09-01T08:30:00.000Z',
    description: 'Another sandbox account.',
  },
];

export const accountById = (id: string) => ACCOUNTS.find((a) => a.id === id);

export const profileImage = (ctx: EmulatorContext, a: XAccount) => ctx.avatarUrl('x', a.id);

export const postUrl = (ctx: EmulatorContext, username: string, id: string) =>
  ctx.pageUrl('x.com', `/${username}/status/${id}`);
