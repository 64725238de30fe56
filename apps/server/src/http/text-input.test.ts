import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, insertVideoRow, registerUser, type RegisteredUser } from '../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { containsBadText, isStorableText } from './text-input';

const REFUSED = { error: 'Text cannot contain NUL characters or broken Unicode', code: 'invalid_text' };
const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = '\udc00b';

describe('isStorableText / containsBadText', () => {
  it('accepts ordinary text, emoji (a surrogate pair) and other control characters', () => {
    for (const ok of ['', 'plain', 'Ünïcødé 日本', '🎬 clip', 'tab\tnew\nline', '\u0001\u007f']) {
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
    }
  });

  it('refuses NUL, a lone high surrogate, a lone low surrogate and a pair in the wrong order', () => {
    for (const bad of [NUL, LONE_HIGH, LONE_LOW, '🎬'.slice(0, 1), '\udc00\ud800', `x${'🎬'.slice(1)}`]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('looks at every string at any depth, and at object keys', () => {
    expect(containsBadText({ a: [1, true, null, { b: ['fine'] }] })).toBe(false);
    expect(containsBadText({ a: [1, { b: ['fine', NUL] }] })).toBe(true);
    expect(containsBadText({ a: { [LONE_HIGH]: 1 } })).toBe(true);
    expect(containsBadText(NUL)).toBe(true);
    expect(containsBadText(undefined)).toBe(false);
  });

  it('walks a deeply nested body without running out of stack', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(containsBadText(deep)).toBe(true);
  });
});

describe('text the database cannot store', () => {
  let server: TestServer;
  let user: RegisteredUser;
  let projectId: number;
  let videoId: number;

  beforeAll(async () => {
    server = await startTestServer();
    user = await registerUser(server);
    projectId = (await createProject(server, user.token)).id;
    await insertVideoRow(server, { userId: user.user.id, projectId });
    videoId = (await api(server, user.token).get('/api/videos')).body[0].id;
  });
  afterAll(() => stopTestServer(server));

  const colors = { color1: '#3b82f6', color2: '#9333ea' };
  const fresh = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

  it.each([
    ['a NUL', NUL],
    ['a lone surrogate', LONE_HIGH],
  ])('is refused with 400 invalid_text before sign-in: %s in the login identifier', async (_label, bad) => {
    const res = await api(server).post('/api/auth/login', { identifier: bad, password: 'whatever it is' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REFUSED);
  });

  it.each([
    ['a NUL', NUL],
    ['a lone surrogate', LONE_LOW],
  ])('is refused in the full name at registration: %s', async (_label, bad) => {
    const n = fresh();
    const res = await api(server).post('/api/auth/register', {
      email: `u${n}@example.com`,
      username: `u${n}`,
      password: 'correct horse battery staple',
      fullName: `Name ${bad}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REFUSED);
  });

  it.each<[string, 'post' | 'patch', () => string, Record<string, unknown>]>([
    ['POST /api/projects name', 'post', () => '/api/projects', { ...colors, name: NUL, initials: 'AB' }],
    ['POST /api/projects initials', 'post', () => '/api/projects', { ...colors, name: 'Fine', initials: 'A\u0000' }],
    ['PATCH /api/projects/{id} name', 'patch', () => `/api/projects/${projectId}`, { name: LONE_HIGH }],
    ['PATCH /api/videos/{id} title', 'patch', () => `/api/videos/${videoId}`, { title: NUL }],
    ['PATCH /api/videos/{id} description', 'patch', () => `/api/videos/${videoId}`, { description: NUL }],
    ['PATCH /api/videos/{id} tags (NUL)', 'patch', () => `/api/videos/${videoId}`, { tags: ['ok', NUL] }],
    ['PATCH /api/videos/{id} tags (lone surrogate)', 'patch', () => `/api/videos/${videoId}`, { tags: [LONE_HIGH] }],
    ['PATCH /api/auth/passkey/{id} deviceName', 'patch', () => '/api/auth/passkey/1', { deviceName: NUL }],
  ])('is refused with 400 invalid_text: %s', async (_label, method, path, body) => {
    const res = await api(server, user.token)[method](path(), body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REFUSED);
  });

  it('is refused in the query string and in path parameters', async () => {
    const client = api(server, user.token);
    const search = await client.get('/api/search?q=%00');
    expect(search.status).toBe(400);
    expect(search.body).toEqual(REFUSED);
    const key = await client.get('/api/search?q=fine&x%00=1');
    expect(key.status).toBe(400);
    expect(key.body).toEqual(REFUSED);
    const param = await client.get('/api/videos/1%00');
    expect(param.status).toBe(400);
    expect(param.body).toEqual(REFUSED);
  });

  it('is refused in an object key of a JSON body, and nothing is changed', async () => {
    const client = api(server, user.token);
    const res = await client.patch(`/api/videos/${videoId}`, { title: 'New title', [`x${NUL}`]: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(REFUSED);
    expect((await client.get(`/api/videos/${videoId}`)).body.video.title).toBe('A video');
  });

  it('leaves ordinary Unicode alone', async () => {
    const client = api(server, user.token);
    const res = await client.patch(`/api/videos/${videoId}`, {
      title: 'Ünïcødé 🎬 日本',
      tags: ['émoji 🎉'],
    });
    expect(res.status).toBe(200);
    expect(res.body.video).toMatchObject({ title: 'Ünïcødé 🎬 日本', tags: ['émoji 🎉'] });
    const found = await client.get(`/api/search?q=${encodeURIComponent('🎬')}`);
    expect(found.status).toBe(200);
    expect(found.body.results).toHaveLength(1);
  });
});
