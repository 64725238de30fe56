/**
 * YouTube (Data API v3 and Google OAuth), emulated from the reference and the discovery document.
 *
 * Fault steps (`POST /_control/faults {platform: 'youtube', step}`):
 * - `authorize`: the consent page and its decision (accounts.google.com/o/oauth2/v2/auth)
 * - `token`: oauth2.googleapis.com/token (code exchange and refresh) and /revoke
 * - `channels`: channels.list (the profile)
 * - `upload`: videos.insert in every form: the resumable session's opening, its chunk PUTs and its
 *   `Content-Range: bytes *\/N` queries, multipart and media uploads. `duplicate` applies here: the upload
 *   completes but the video is rejected (uploadStatus rejected, rejectionReason duplicate).
 * - `status`: videos.list when `part` asks for status or processingDetails (the processing poll).
 *   The processing faults are read under this step whoever looks at the video (core/processing-faults.ts):
 *   `processing_failed` (the video fails with failureReason conversion) and `slow_processing` (it stays
 *   uploaded for the fault's delayMs, or while it exists).
 * - `videos`: videos.list otherwise (statistics: the metrics)
 * - `comment`: commentThreads.insert (a top-level comment under a video)
 * - `comments`: commentThreads.list (the comment threads of a video, read back)
 * - `watch`: the watch page www.youtube.com/watch?v=<id>
 * - `playlists`: playlists.list (the channel's own playlists, `mine=true`)
 * - `playlistItems`: playlistItems.insert and .list (adding the video to a playlist, reading it back)
 * - `thumbnails`: thumbnails.set (a custom thumbnail; refused 403 forbidden for the unverified second channel)
 * - `captions`: captions.insert (a caption track: its language, name, format and cue count are recorded)
 * Rate limits are Google's daily quota: 403 quotaExceeded.
 * Playlists: the first sandbox channel has two (Travel, Shorts); `POST /_control/youtube/playlists {title}` adds one,
 * `DELETE /_control/youtube/playlists/:id` deletes one, `GET /_control/youtube/playlist-items` lists the items added.
 * App stage (`POST /_control/app-stage {platform: 'youtube', verified: false}`, core/app-stages.ts): an unverified
 * project's uploads are made private, as the videos.insert documentation says.
 */
import type { PlatformModule } from '../../core/context';
import { errors } from './envelopes';
import { registerCaptions } from './captions';
import { registerComments } from './comments';
import { registerOAuth } from './oauth';
import { registerPlaylists } from './playlists';
import { registerUpload } from './upload';
import { registerThumbnails } from './thumbnails';
import { registerVideos } from './videos';

export const youtube: PlatformModule = {
  platform: 'youtube',
  name: 'YouTube',
  errors,
  register(api, ctx) {
    registerOAuth(api, ctx);
    registerUpload(api, ctx);
    registerVideos(api, ctx);
    registerThumbnails(api, ctx);
    registerCaptions(api, ctx);
    registerComments(api, ctx);
    registerPlaylists(api, ctx);
  },
};
