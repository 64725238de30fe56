import fs from 'node:fs/promises';
import { SAFE_INPUT_ARGS } from './containers';
import { boxHeaderAt, MAX_BOXES, readAt } from './iso-boxes';
import { runProcess } from './run-process';

/**
 * Is the media data all there? A file cut short (an interrupted copy, half a download) can still carry a
 * whole index: an MP4 with its index at the front (`+faststart`) or a Matroska file with its size and
 * duration in the header is read by ffprobe as the whole film. Two ways to prove it, cheapest first:
 *
 * - the container's own framing, read from a few headers only: every top-level box of an ISO-BMFF file
 *   (MP4, MOV, 3GP) ends within the file, the media data box included; a Matroska/WebM Segment of known
 *   size ends within the file;
 * - otherwise the packets of the last seconds: ffprobe seeks near the end (through the index) and lists
 *   them; the last must reach the declared duration, and each must lie within the file.
 */
export type Completeness = 'complete' | 'incomplete' | 'unknown';

/** Walks the top-level boxes of an ISO-BMFF file: 'complete' when the last one ends exactly at the end. */
export async function isoBoxesCompleteness(file: string): Promise<Completeness> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    let offset = 0;
    for (let boxes = 0; boxes < MAX_BOXES; boxes++) {
      if (offset === size) return boxes > 0 ? 'complete' : 'unknown';
      const box = await boxHeaderAt(handle, offset);
      if (!box) return 'incomplete';
      if (boxes === 0 && !FIRST_BOXES.includes(box.type)) return 'unknown';
      // 0 is "to the end of the file": nothing to compare with.
      if (box.size < 8) return 'unknown';
      offset += box.size;
      if (offset > size) return 'incomplete';
    }
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/** The boxes an ISO-BMFF file may open with. */
const FIRST_BOXES = ['ftyp', 'moov', 'wide', 'free'];

/** An EBML variable-length integer at `at`: its length in bytes and value (null for "unknown size"). */
function vint(buf: Buffer, at: number, keepMarker: boolean): { length: number; value: number | null } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;

/** Matroska/WebM: the Segment's declared size against the file's. Live recordings leave it unknown. */
export async function matroskaCompleteness(file: string): Promise<Completeness> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = await readAt(handle, 0, 64);
    const headerId = vint(head, 0, true);
    if (!headerId || headerId.value !== EBML_HEADER) return 'unknown';
    const headerSize = vint(head, headerId.length, false);
    if (!headerSize || headerSize.value === null) return 'unknown';
    const segmentAt = headerId.length + headerSize.length + headerSize.value;
    const seg = await readAt(handle, segmentAt, 16);
    const segmentId = vint(seg, 0, true);
    if (!segmentId || segmentId.value !== SEGMENT) return 'unknown';
    const segmentSize = vint(seg, segmentId.length, false);
    if (!segmentSize) return 'incomplete';
    if (segmentSize.value === null) return 'unknown';
    const end = segmentAt + segmentId.length + segmentSize.length + segmentSize.value;
    return end > size ? 'incomplete' : 'complete';
  } finally {
    await handle.close();
  }
}

/** The framing check for the container ffprobe named, when it has one. */
export function framingCompleteness(file: string, formatName: string | null): Promise<Completeness> {
  const names = (formatName ?? '').split(',');
  if (names.includes('mp4') || names.includes('mov')) return isoBoxesCompleteness(file);
  if (names.includes('matroska') || names.includes('webm')) return matroskaCompleteness(file);
  return Promise.resolve('unknown');
}

/** How far before the declared end the packets are read. */
const TAIL_SECONDS = 2;
/** How short of the declared end the last packet may stop (rounding, a last frame without a duration). */
const END_TOLERANCE_SECONDS = 0.5;

/**
 * Reads the packets of the last seconds with ffprobe (seeking through the index, not reading the file) and
 * answers whether they reach the declared end, each within the file.
 */
export async function tailCompleteness(
  ffprobe: string,
  file: string,
  facts: { durationSeconds: number | null; startSeconds: number | null },
  timeoutMs: number,
): Promise<Completeness> {
  if (!facts.durationSeconds) return 'unknown';
  const start = facts.startSeconds ?? 0;
  const end = start + facts.durationSeconds;
  const from = Math.max(start, end - TAIL_SECONDS);
  const { size } = await fs.stat(file);
  const args = [
    ...['-v', 'error', ...SAFE_INPUT_ARGS, '-read_intervals', `${from.toFixed(3)}%`],
    ...['-show_entries', 'packet=pts_time,dts_time,duration_time,pos,size', '-of', 'csv=p=0:nk=0', file],
  ];
  const result = await runProcess(ffprobe, args, { timeoutMs, maxStdoutBytes: 64 * 1024 * 1024 });
  let last = -Infinity;
  for (const line of result.stdout.split('\n')) {
    if (!line) continue;
    const fields = Object.fromEntries(line.split(',').map((kv) => kv.split('=') as [string, string]));
    const time = Number(fields.pts_time !== 'N/A' ? fields.pts_time : fields.dts_time);
    const duration = Number(fields.duration_time);
    const pos = Number(fields.pos);
    const bytes = Number(fields.size);
    if (Number.isFinite(pos) && Number.isFinite(bytes) && pos + bytes > size) return 'incomplete';
    if (Number.isFinite(time)) last = Math.max(last, time + (Number.isFinite(duration) ? duration : 0));
  }
  return last >= end - END_TOLERANCE_SECONDS ? 'complete' : 'incomplete';
}
