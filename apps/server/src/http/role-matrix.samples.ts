import type { Capability } from '@fanout/contracts';

/**
 * Requests the role matrix (role-matrix.test.ts) sends to routes whose input must be valid before the access
 * check runs (a route's body, query and path are validated first). A route missing here is sent `{}` and ids
 * that name nothing; the matrix then says which routes answer 400 to everyone, to be given a sample here.
 */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A body sent as it is, with this content type, instead of JSON. */
  raw?: { type: string; text: string };
  /** What this request asks of the caller, when it is more than the route's rule (the handler checks it). */
  need?: Capability;
}

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n';
const PNG = '\x89PNG\r\n\x1a\n';

export const SAMPLES: Record<string, Sample> = {
  'PATCH /api/projects/:id': { body: { name: 'Renamed' } },
  'POST /api/projects/:id/members': { body: { email: 'nobody@example.test', role: 'editor' } },
  'PATCH /api/projects/:id/members/:userId': { body: { role: 'reviewer' } },
  // Removing someone else is the owner's; a member may only leave (their own id), which names nobody here.
  'DELETE /api/projects/:id/members/:userId': { need: 'manage_project' },
  'PATCH /api/videos/:id/duration': { body: { duration: '0:30' } },
  'PATCH /api/videos/:id': { body: { title: 'Retitled' } },
  'POST /api/videos/:id/fit': { body: { connectionId: 2000000000 } },
  'POST /api/videos/:id/renditions': { body: { connectionId: 2000000000 } },
  'PUT /api/videos/:id/cover': { body: { frameMs: 0 } },
  'PUT /api/videos/:id/cover/image': { raw: { type: 'image/png', text: PNG } },
  'PUT /api/videos/:id/captions/:language': { params: { language: 'en' }, raw: { type: 'text/vtt', text: VTT } },
  'GET /api/videos/:id/captions/:language': { params: { language: 'en' } },
  'DELETE /api/videos/:id/captions/:language': { params: { language: 'en' } },
  'POST /api/collections': { body: { name: 'New collection' } },
  'PATCH /api/collections/:id': { body: { name: 'Renamed collection' } },
  'POST /api/collections/:id/videos': { body: { videoIds: [2000000000] } },
  'GET /api/upload/check': { query: { size: '1024' } },
  // Refused as a private address (the matrix server allows none): past the access check, nothing fetched.
  'POST /api/videos/import': { body: { url: 'http://127.0.0.1:9/clip.mp4' } },
  'POST /api/connections/:platform/start': { params: { platform: 'youtube' } },
  'POST /api/posts/import': { raw: { type: 'text/csv', text: 'video_id,platform,scheduled_at\n' } },
  'POST /api/videos/:id/posts': { body: { targets: [{ platform: 'youtube' }] } },
  'POST /api/posts/bulk': { body: { platforms: ['youtube'], queue: true } },
  'PATCH /api/posts/:id': { body: { caption: 'Changed' } },
  'PUT /api/projects/:id/slots': { body: { slots: [] } },
  'GET /api/projects/:id/best-times': { query: { platform: 'youtube' } },
  'POST /api/projects/:id/rules': {
    body: {
      name: 'A rule',
      trigger: 'video.uploaded',
      conditions: [],
      actions: [{ type: 'queue', platforms: ['youtube'] }],
    },
  },
  'PATCH /api/rules/:id': { body: { name: 'Renamed rule' } },
  'POST /api/ideas': { body: { title: 'New idea' } },
  'PATCH /api/ideas/:id': { body: { title: 'Renamed idea' } },
  'POST /api/projects/:id/owner': { body: { userId: 2000000000, password: 'not the password' } },
  'POST /api/projects/:id/invitations': { body: { email: 'invited@example.test', role: 'client' } },
  'POST /api/posts/:id/request-changes': { body: { comment: 'Shorter, please' } },
  'POST /api/posts/:id/notes': { body: { text: 'A note' } },
  'POST /api/videos/:id/notes': { body: { text: 'A note' } },
  'POST /api/projects/:id/preview-links': {
    body: { range: { from: '2030-01-01T00:00:00Z', to: '2030-01-08T00:00:00Z' } },
  },
};
