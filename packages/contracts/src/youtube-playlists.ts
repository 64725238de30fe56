import { z } from 'zod';

/** One of the channel's own playlists, as playlists.list?mine=true gives it, offered where YouTube's options are. */
export const YouTubePlaylist = z
  .object({
    id: z.string().meta({ description: 'The id to send in `options.playlistIds`.' }),
    title: z.string(),
    /** public, unlisted or private, as YouTube says. */
    privacy: z.string().nullable(),
    itemCount: z.number().int().nullable(),
  })
  .meta({ id: 'YouTubePlaylist' });
export type YouTubePlaylist = z.infer<typeof YouTubePlaylist>;

export const YouTubePlaylistsResponse = z
  .object({
    playlists: z
      .array(YouTubePlaylist)
      .nullable()
      .meta({
        description:
          "The channel's own playlists, newest first as YouTube lists them; null when the connection was granted " +
          'before Fanout asked for youtube.force-ssl (see `reconnectFor`).',
      }),
    reconnectFor: z.string().nullable().meta({
      description: 'What reconnecting YouTube would allow here ("adding to playlists"), when the grant lacks a scope.',
    }),
  })
  .meta({ id: 'YouTubePlaylists' });
export type YouTubePlaylistsResponse = z.infer<typeof YouTubePlaylistsResponse>;
