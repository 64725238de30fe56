import {
  CAPTION_OVERRIDE_MAX,
  CSV_CONNECTION_OPTION,
  CSV_IMPORT_COLUMNS,
  CSV_IMPORT_IGNORED_COLUMNS,
  CSV_PLATFORM_COLUMNS,
  FIRST_COMMENT_MAX,
  PLATFORM_KEYS,
  PLATFORM_OPTIONS,
  type ImportViolation,
  type PlatformKey,
} from '@fanout/contracts';
import { z } from 'zod';
import { AppError, badRequest } from '../../http/errors';
import { resolvePostTime } from '../posts/post-time';
import type { CsvRow } from './parse-csv';

/** What one row asks for, read without the database; `violations` are the row's own mistakes. */
export interface RowDraft {
  line: number;
  violations: ImportViolation[];
  video: { id: number } | { title: string } | null;
  platforms: PlatformKey[];
  /** null: the next free posting slot of each platform (the queue). */
  scheduledAt: Date | null;
  caption: string | null;
  options: Partial<Record<PlatformKey, Record<string, unknown>>>;
  /** `<platform>.connection`: the account of the platform, by its id on the platform or its name. */
  accounts: Partial<Record<PlatformKey, string>>;
  /** `fit` or `<platform>.fit`: the platforms whose post sends its default fitting copy. */
  fit: Partial<Record<PlatformKey, boolean>>;
  /** `first_comment` or `<platform>.first_comment`: each platform's comment, and the column that gave it. */
  firstComments: Partial<Record<PlatformKey, { text: string | null; column: string }>>;
}

const isPlatform = (key: string): key is PlatformKey => (PLATFORM_KEYS as readonly string[]).includes(key);
const optionShape = (platform: PlatformKey) =>
  (PLATFORM_OPTIONS[platform] as unknown as z.ZodObject).shape as Record<string, z.ZodType>;

/** The kind of value an option takes ('boolean', 'number', 'string', 'enum' …), under optional. */
function optionKind(schema: z.ZodType): string {
  let def = schema._zod.def as { type: string; innerType?: z.ZodType };
  while ((def.type === 'optional' || def.type === 'nullable') && def.innerType) {
    def = def.innerType._zod.def as typeof def;
  }
  return def.type;
}

/**
 * A cell typed as its option's schema wants it: `true`/`false` for a yes-or-no option, a number for a
 * numeric one; anything else stays text, so the platform's own check names what it needs.
 */
export function typedOption(platform: PlatformKey, option: string, text: string): unknown {
  const kind = optionKind(optionShape(platform)[option]!);
  const value = text.trim();
  if (kind === 'boolean' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/**
 * A header's name as the import reads it: the known columns in lower case, `<platform>.<option>` with the
 * platform in lower case and the option spelt as its platform spells it (`TikTok.PrivacyLevel` is
 * `tiktok.privacyLevel`); anything else as written, for the error.
 */
export function columnName(header: string): string {
  const lower = header.toLowerCase();
  const [platform, option, ...rest] = lower.split('.');
  if (rest.length > 0 || !platform || !option || !isPlatform(platform)) return lower;
  if ((CSV_PLATFORM_COLUMNS as readonly string[]).includes(option)) return `${platform}.${option}`;
  const known = Object.keys(optionShape(platform)).find((name) => name.toLowerCase() === option);
  return known ? `${platform}.${known}` : header;
}

/**
 * The header's columns checked: `platforms` and `video_id` or `video_title` must be there; every other
 * column is a known one or `<platform>.<option>` of a real option (400 `unknown_column` otherwise).
 */
export function checkColumns(columns: readonly string[]): void {
  const missing = [
    ...(columns.includes('platforms') || columns.includes('platform') ? [] : ['platforms']),
    ...(columns.includes('video_id') || columns.includes('video_title') ? [] : ['video_id or video_title']),
  ];
  if (missing.length > 0) {
    throw badRequest(`The header row needs the column ${missing.join(' and ')}`, 'missing_column');
  }
  const unknown = columns.filter((name) => {
    if ([...CSV_IMPORT_COLUMNS, ...CSV_IMPORT_IGNORED_COLUMNS].includes(name)) return false;
    const [platform, option, ...rest] = name.split('.');
    if (rest.length > 0 || !platform || !option || !isPlatform(platform)) return true;
    return !((CSV_PLATFORM_COLUMNS as readonly string[]).includes(option) || option in optionShape(platform));
  });
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown column ${unknown.map((n) => `"${n}"`).join(', ')}: use ${CSV_IMPORT_COLUMNS.join(', ')} or <platform>.<option> (e.g. tiktok.privacyLevel)`,
      'unknown_column',
    );
  }
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_WITH_OFFSET = z.iso.datetime({ offset: true });

/** The row's time: an instant with an offset, or a wall-clock time in the user's zone; empty: queue. */
function readTime(text: string, zone: string, now: Date): Date | null {
  const value = text.trim();
  if (value === '') return null;
  if (OFFSET.test(value)) {
    if (!ISO_WITH_OFFSET.safeParse(value).success) {
      throw badRequest(`"${value}" is not an ISO 8601 time such as 2027-03-01T18:00:00+01:00`, 'invalid_time');
    }
    return resolvePostTime({ scheduledAt: value }, zone, now);
  }
  const local = value.replace(' ', 'T').slice(0, 16);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00)?$/.test(value.replace(' ', 'T'))) {
    throw badRequest(
      `"${value}" is not a time: write 2027-03-01T18:00:00+01:00, or 2027-03-01 18:00 in your time zone (${zone})`,
      'invalid_time',
    );
  }
  return resolvePostTime({ scheduledLocal: local }, zone, now);
}

const rowViolation = (field: string, rule: string, message: string): ImportViolation => ({
  platform: null,
  field,
  rule,
  message,
});

function readVideo(cells: Record<string, string>, violations: ImportViolation[]): RowDraft['video'] {
  const id = (cells.video_id ?? '').trim();
  const title = (cells.video_title ?? '').trim();
  if (id !== '') {
    if (/^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647) return { id: Number(id) };
    violations.push(rowViolation('video_id', 'video.invalid_id', `"${id}" is not a video id`));
    return null;
  }
  if (title !== '') return { title };
  violations.push(rowViolation('video_id', 'video.required', 'Give the video_id or the video_title of a video'));
  return null;
}

function readPlatforms(text: string, violations: ImportViolation[]): PlatformKey[] {
  const keys = text
    .split('|')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k !== '');
  const unknown = keys.filter((k) => !isPlatform(k));
  if (keys.length === 0) {
    violations.push(rowViolation('platforms', 'platforms.required', 'Name at least one platform, e.g. tiktok|youtube'));
  } else if (unknown.length > 0) {
    violations.push(
      rowViolation(
        'platforms',
        'platforms.unknown',
        `Unknown platform ${unknown.map((k) => `"${k}"`).join(', ')}: use ${PLATFORM_KEYS.join(', ')}`,
      ),
    );
  } else if (new Set(keys).size !== keys.length) {
    violations.push(rowViolation('platforms', 'platforms.duplicate', 'Name each platform at most once'));
  }
  return [...new Set(keys.filter(isPlatform))];
}

/** A `fit` cell: true or false (any case); empty: not said. */
function readFit(cells: Record<string, string>, column: string, violations: ImportViolation[]): boolean | undefined {
  const value = (cells[column] ?? '').trim().toLowerCase();
  if (value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  violations.push(rowViolation(column, 'fit.invalid', `Write true or false, not "${cells[column]!.trim()}"`));
  return undefined;
}

/** A `first_comment` cell: blank is none; undefined when the column is not there or the cell is too long. */
function readComment(cells: Record<string, string>, column: string, violations: ImportViolation[]) {
  const text = cells[column];
  if (text === undefined) return undefined;
  if (text.length <= FIRST_COMMENT_MAX) return { text: text.trim() === '' ? null : text, column };
  violations.push(
    rowViolation(column, 'first_comment.too_long', `A first comment is at most ${FIRST_COMMENT_MAX} characters`),
  );
  return undefined;
}

/** One CSV row read into what it asks for, with every mistake the row makes on its own. */
export function readRow(row: CsvRow, zone: string, now: Date): RowDraft {
  const violations: ImportViolation[] = [];
  if (row.cellCountError) violations.push(rowViolation('row', 'row.cell_count', row.cellCountError));
  const { cells } = row;
  const video = readVideo(cells, violations);
  const platforms = readPlatforms(cells.platforms ?? cells.platform ?? '', violations);
  let scheduledAt: Date | null = null;
  try {
    scheduledAt = readTime(cells.scheduled_at ?? '', zone, now);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    violations.push(rowViolation('scheduled_at', err.code, err.message));
  }
  const captionText = cells.caption ?? '';
  const caption = captionText.trim() === '' ? null : captionText;
  if (caption !== null && caption.length > CAPTION_OVERRIDE_MAX) {
    violations.push(
      rowViolation('caption', 'caption.too_long', `A caption is at most ${CAPTION_OVERRIDE_MAX} characters`),
    );
  }
  const options: RowDraft['options'] = {};
  const accounts: RowDraft['accounts'] = {};
  const fit: RowDraft['fit'] = {};
  const firstComments: RowDraft['firstComments'] = {};
  const fitForAll = readFit(cells, 'fit', violations);
  const commentForAll = readComment(cells, 'first_comment', violations);
  for (const platform of platforms) {
    const prefix = `${platform}.`;
    const account = (cells[prefix + CSV_CONNECTION_OPTION] || cells.account)?.trim();
    if (account) accounts[platform] = account;
    fit[platform] = readFit(cells, `${prefix}fit`, violations) ?? fitForAll;
    const comment = readComment(cells, `${prefix}first_comment`, violations);
    firstComments[platform] = comment?.text != null ? comment : (commentForAll ?? comment);
    const special = new Set(CSV_PLATFORM_COLUMNS.map((name) => prefix + name));
    const given = Object.entries(cells).filter(
      ([name, text]) => name.startsWith(prefix) && !special.has(name) && text.trim() !== '',
    );
    options[platform] = Object.fromEntries(
      given.map(([name, text]) => {
        const option = name.slice(prefix.length);
        return [option, typedOption(platform, option, text)];
      }),
    );
  }
  return { line: row.line, violations, video, platforms, scheduledAt, caption, options, accounts, fit, firstComments };
}
