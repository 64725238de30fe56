/**
 * SubRip (.srt) and WebVTT (.vtt) caption files: read into cues, checked, and VTT written out as SRT (Facebook
 * takes SRT only). The checks are the formats' own: a timing line per cue, times that exist, a cue that ends after
 * it starts, cues in order of their start (WebVTT §4.1 requires it; SRT players assume it).
 */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
  /** The line of its times, counted from 1, for messages about it. */
  line: number;
}

export type SubtitleFormat = 'srt' | 'vtt';

export interface Subtitles {
  format: SubtitleFormat;
  cues: Cue[];
}

/** A file that is not a caption file, with the line (counted from 1) where it goes wrong, in words. */
export class SubtitleError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`Line ${line}: ${problem}`);
  }
}

const ARROW = '-->';
// SRT: HH:MM:SS,mmm (a period is also met in the wild). VTT: [HH:]MM:SS.mmm.
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/;
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function toMs(match: RegExpMatchArray): number {
  return ((Number(match[1] ?? 0) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000 + Number(match[4]);
}

function timing(line: string, lineNo: number, format: SubtitleFormat): { startMs: number; endMs: number } {
  const [left, right] = line.split(ARROW, 2) as [string, string];
  const pattern = format === 'srt' ? SRT_TIME : VTT_TIME;
  // VTT cue settings (position, align…) follow the end time; SRT may carry X1:… coordinates there.
  const endText = right.trim().split(/[ \t]+/)[0] ?? '';
  const start = left.trim().match(pattern);
  const end = endText.match(pattern);
  const shape = format === 'srt' ? '00:01:02,500' : '00:01:02.500';
  if (!start || !end) throw new SubtitleError(lineNo, `the times must look like ${shape} --> ${shape}`);
  const startMs = toMs(start);
  const endMs = toMs(end);
  if (endMs <= startMs) throw new SubtitleError(lineNo, 'the cue ends before it starts (or as it starts)');
  return { startMs, endMs };
}

/** Blocks of non-blank lines, each with the number of its first line. */
function blocks(text: string): { first: number; lines: string[] }[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: { first: number; lines: string[] }[] = [];
  let current: { first: number; lines: string[] } | null = null;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { first: i + 1, lines: [] };
      out.push(current);
    }
    current.lines.push(line);
  });
  return out;
}

function inOrder(cues: Cue[]) {
  for (let i = 1; i < cues.length; i++) {
    if (cues[i]!.startMs < cues[i - 1]!.startMs)
      throw new SubtitleError(cues[i]!.line, 'this cue starts before the one above it: cues must be in time order');
  }
}

function parseSrt(text: string): Subtitles {
  const cues: Cue[] = [];
  for (const block of blocks(text)) {
    const [index, times, ...body] = block.lines;
    if (!/^\d+$/.test(index!.trim()))
      throw new SubtitleError(block.first, 'each cue must start with its number (1, 2, 3…)');
    if (times === undefined || !times.includes(ARROW))
      throw new SubtitleError(block.first + 1, 'the cue number must be followed by its times (start --> end)');
    cues.push({ ...timing(times, block.first + 1, 'srt'), text: body.join('\n'), line: block.first + 1 });
  }
  inOrder(cues);
  return { format: 'srt', cues };
}

function parseVtt(text: string): Subtitles {
  const all = blocks(text);
  const header = all[0];
  if (!header || !/^WEBVTT([ \t].*)?$/.test(header.lines[0]!))
    throw new SubtitleError(1, 'a WebVTT file must start with the line WEBVTT');
  if (header.lines.some((l) => l.includes(ARROW)))
    throw new SubtitleError(header.first, 'leave a blank line between the WEBVTT header and the first cue');
  const cues: Cue[] = [];
  for (const block of all.slice(1)) {
    const first = block.lines[0]!;
    // Comments, style sheets and regions carry no cue (WebVTT §4.1); they come before the cues.
    if (/^(NOTE|STYLE|REGION)([ \t]|$)/.test(first) && !first.includes(ARROW)) continue;
    const at = first.includes(ARROW) ? 0 : 1;
    const times = block.lines[at];
    if (times === undefined || !times.includes(ARROW))
      throw new SubtitleError(block.first + at, 'a cue needs its times (start --> end)');
    const line = block.first + at;
    cues.push({ ...timing(times, line, 'vtt'), text: block.lines.slice(at + 1).join('\n'), line });
  }
  inOrder(cues);
  return { format: 'vtt', cues };
}

/** Reads a caption file: WebVTT when it starts with WEBVTT, SubRip otherwise. Throws SubtitleError. */
export function parseSubtitles(text: string): Subtitles {
  const body = text.replace(/^\uFEFF/, '');
  const subtitles = body.startsWith('WEBVTT') ? parseVtt(body) : parseSrt(body);
  if (subtitles.cues.length === 0) throw new SubtitleError(1, 'the file has no cues');
  return subtitles;
}

function srtTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

/** VTT cue text as SRT text: SRT knows <b>, <i> and <u>; voices, classes, ruby and timestamps go; entities are read. */
function srtText(text: string): string {
  return text
    .replace(/<(?!\/?(?:b|i|u)>)[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_m, name: string) => ENTITIES[name]!);
}

/** The cues written as a SubRip file, numbered from 1 (Facebook's captions take SRT only). */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, i) => `${i + 1}\n${srtTime(cue.startMs)} --> ${srtTime(cue.endMs)}\n${srtText(cue.text)}\n`)
    .join('\n');
}
