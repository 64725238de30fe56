import type { EmuResponse } from '../../core/http';
import { googleError, isResponse, parameterError, videoError } from './envelopes';
import { VIDEO } from './limits';

/** What an insert may set, as the emulator keeps it. */
export interface VideoFields {
  snippet: {
    title: string;
    description: string;
    tags?: string[];
    categoryId: string;
    defaultLanguage?: string;
    defaultAudioLanguage?: string;
  };
  status: {
    privacyStatus: string;
    license: string;
    embeddable: boolean;
    publicStatsViewable: boolean;
    selfDeclaredMadeForKids?: boolean;
    containsSyntheticMedia?: boolean;
    publishAt?: string;
  };
  /** videos.insert's notifySubscribers query parameter (a boolean, default true, in the discovery document). */
  notifySubscribers?: boolean;
}

/** The settable members of `VideoSnippet` and `VideoStatus` plus their read-only ones (accepted, ignored). */
export const SNIPPET_KEYS = [
  'title',
  'description',
  'tags',
  'categoryId',
  'defaultLanguage',
  'defaultAudioLanguage',
  'channelId',
  'channelTitle',
  'liveBroadcastContent',
  'localized',
  'publishedAt',
  'thumbnails',
];
export const STATUS_KEYS = [
  'privacyStatus',
  'license',
  'embeddable',
  'publicStatsViewable',
  'selfDeclaredMadeForKids',
  'madeForKids',
  'containsSyntheticMedia',
  'publishAt',
  'uploadStatus',
  'failureReason',
  'rejectionReason',
];

/** videos.insert's `notifySubscribers`: the discovery document types it boolean with the default true. */
export function readNotifySubscribers(query: URLSearchParams): boolean | EmuResponse {
  const value = query.get('notifySubscribers');
  if (value === null) return true;
  if (value !== 'true' && value !== 'false')
    return parameterError('invalidParameter', `Invalid boolean value: '${value}'.`, 'notifySubscribers');
  return value === 'true';
}

/** `part`, comma-separated and/or repeated, each one a part of the Video resource. */
export function readParts(query: URLSearchParams): string[] | EmuResponse {
  const parts = query
    .getAll('part')
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return parameterError('required', 'Required parameter: part', 'part');
  const unknown = parts.find((p) => !(VIDEO.parts as readonly string[]).includes(p));
  if (unknown !== undefined)
    return googleError(400, 'unknownPart', `'${unknown}'`, {
      domain: 'youtube.part',
      location: 'part',
      locationType: 'parameter',
    });
  return [...new Set(parts)];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const unknownField = (name: string, at: string) =>
  googleError(400, 'invalid', `Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`);

const badValue = (at: string, value: unknown) =>
  googleError(400, 'invalid', `Invalid value at '${at}', ${JSON.stringify(value)}`);

/** YouTube counts a tag with a space as if quoted, and the commas between tags. */
export function tagsLength(tags: string[]): number {
  return tags.reduce((n, t) => n + [...t].length + (t.includes(' ') ? 2 : 0), 0) + Math.max(0, tags.length - 1);
}

/**
 * The video resource of an insert, checked as YouTube does. Properties outside `part` are not written.
 * `undefined` (no metadata at all, e.g. uploadType=media) gives YouTube's defaults and the title "unknown".
 */
export function readVideoResource(body: unknown, parts: string[]): VideoFields | EmuResponse {
  const fields: VideoFields = {
    snippet: { title: 'unknown', description: '', categoryId: '22' },
    status: { privacyStatus: 'public', license: 'youtube', embeddable: true, publicStatsViewable: true },
  };
  if (body === undefined) return fields;
  if (!isObject(body)) return googleError(400, 'parseError', 'Parse Error');
  for (const key of Object.keys(body))
    if (!['kind', 'etag', 'id', ...VIDEO.parts].includes(key)) return unknownField(key, 'resource');

  // Writing the snippet (it is in `part`) needs its title; without it the video keeps the defaults.
  if (parts.includes('snippet')) {
    const snippet = readSnippet(body.snippet);
    if (isResponse(snippet)) return snippet;
    fields.snippet = snippet;
  }

  const status = parts.includes('status') ? body.status : undefined;
  if (status === undefined) return fields;
  if (!isObject(status)) return badValue('resource.status', status);
  for (const key of Object.keys(status)) if (!STATUS_KEYS.includes(key)) return unknownField(key, 'resource.status');
  const s = fields.status;
  if (status.privacyStatus !== undefined) {
    if (!(VIDEO.privacyStatuses as readonly unknown[]).includes(status.privacyStatus))
      return badValue('resource.status.privacy_status', status.privacyStatus);
    s.privacyStatus = status.privacyStatus as string;
  }
  if (status.license !== undefined) {
    if (!(VIDEO.licenses as readonly unknown[]).includes(status.license))
      return badValue('resource.status.license', status.license);
    s.license = status.license as string;
  }
  for (const key of [
    'embeddable',
    'publicStatsViewable',
    'selfDeclaredMadeForKids',
    'containsSyntheticMedia',
  ] as const) {
    if (status[key] === undefined) continue;
    if (typeof status[key] !== 'boolean') return badValue(`resource.status.${key}`, status[key]);
    s[key] = status[key];
  }
  if (status.publishAt !== undefined) {
    const at = typeof status.publishAt === 'string' ? Date.parse(status.publishAt) : NaN;
    if (Number.isNaN(at) || s.privacyStatus !== 'private')
      return videoError('invalidPublishAt', 'The request metadata specifies an invalid scheduled publishing time.');
    s.publishAt = new Date(at).toISOString();
  }
  return fields;
}

function readSnippet(snippet: unknown): VideoFields['snippet'] | EmuResponse {
  if (snippet !== undefined && !isObject(snippet)) return badValue('resource.snippet', snippet);
  for (const key of Object.keys(snippet ?? {}))
    if (!SNIPPET_KEYS.includes(key)) return unknownField(key, 'resource.snippet');
  const { title, description = '', tags, categoryId = '22', defaultLanguage, defaultAudioLanguage } = snippet ?? {};
  if (typeof title !== 'string' || !title.trim() || [...title].length > VIDEO.titleMaxChars || /[<>]/.test(title))
    return videoError('invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  if (
    typeof description !== 'string' ||
    Buffer.byteLength(description, 'utf8') > VIDEO.descriptionMaxBytes ||
    /[<>]/.test(description)
  )
    return videoError('invalidDescription', 'The request metadata specifies an invalid video description.');
  if (
    tags !== undefined &&
    (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string') || tagsLength(tags) > VIDEO.tagsMaxChars)
  )
    return videoError('invalidTags', 'The request metadata specifies invalid video keywords.');
  if (typeof categoryId !== 'string' || !/^\d+$/.test(categoryId))
    return videoError('invalidCategoryId', 'The video snippet specifies an invalid category ID.');
  return {
    title,
    description,
    categoryId,
    ...(tags ? { tags: tags as string[] } : {}),
    ...(typeof defaultLanguage === 'string' ? { defaultLanguage } : {}),
    ...(typeof defaultAudioLanguage === 'string' ? { defaultAudioLanguage } : {}),
  };
}
