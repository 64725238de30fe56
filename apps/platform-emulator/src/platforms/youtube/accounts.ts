import type { EmulatorContext } from '../../core/context';

/** The Google accounts of the sandbox, each with its YouTube channel. Ids are stable across restarts. */
export interface YoutubeAccount {
  /** The channel id, which is what the connection knows the account by. */
  id: string;
  email: string;
  title: string;
  handle: string;
  description: string;
  createdAt: string;
  /**
   * Whether the channel is verified: "custom thumbnails (thumbnails.set) need a verified channel"
   * (platform-apis.md §4). The second sandbox channel is not, so thumbnails.set refuses it.
   */
  verified: boolean;
}

export const ACCOUNTS: readonly YoutubeAccount[] = [
  {
    id: 'UCsandboxFanoutDemo00001',
    email: 'fanout.demo@sandbox.example',
    title: 'Fanout Demo Channel',
    handle: '@fanoutdemo',
    description: 'A sandbox channel of the platform emulator.',
    createdAt: '2021-03-14T09:26:53Z',
    verified: true,
  },
  {
    id: 'UCsandboxFanoutDemo00002',
    email: 'second.creator@sandbox.example',
    title: 'Second Creator',
    handle: '@secondcreator',
    description: 'Another sandbox channel, chosen with login_hint.',
    createdAt: '2022-07-01T12:00:00Z',
    verified: false,
  },
];

/** The account a `login_hint` (an email or a channel id) names, else the first. */
export function accountFor(hint: string | null | undefined): YoutubeAccount {
  return ACCOUNTS.find((a) => hint && (a.email === hint || a.id === hint)) ?? ACCOUNTS[0]!;
}

export const accountById = (id: string) => ACCOUNTS.find((a) => a.id === id);

export function thumbnails(ctx: EmulatorContext, id: string) {
  const url = ctx.avatarUrl('youtube', id);
  return {
    default: { url, width: 88, height: 88 },
    medium: { url, width: 240, height: 240 },
    high: { url, width: 800, height: 800 },
  };
}
