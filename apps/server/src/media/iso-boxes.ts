import fs from 'node:fs/promises';

/** More top-level boxes than any real file has: a walk stops there rather than run on through junk. */
export const MAX_BOXES = 1_000_000;

export async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

export interface BoxHeader {
  /** The four-character type (`ftyp`, `moov`, `mdat`, …). */
  type: string;
  /** The whole box in bytes, header included; 0 for a box that runs to the end of the file. */
  size: number;
}

/** The header of the ISO-BMFF box at `offset`, or null when the file ends within it. */
export async function boxHeaderAt(handle: fs.FileHandle, offset: number): Promise<BoxHeader | null> {
  const head = await readAt(handle, offset, 16);
  if (head.length < 8) return null;
  const type = head.toString('latin1', 4, 8);
  const size = head.readUInt32BE(0);
  if (size !== 1) return { type, size };
  // A 64-bit size follows the type.
  return head.length < 16 ? null : { type, size: Number(head.readBigUInt64BE(8)) };
}

/**
 * Whether an MP4/MOV file's index (the `moov` box) comes before its media data (`mdat`), as `+faststart`
 * leaves it: a platform that reads the file as it arrives needs it first. Read from the top-level box headers
 * only. Null when the file has neither box where a walk of its headers can find it.
 */
export async function indexFirst(file: string): Promise<boolean | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    let offset = 0;
    for (let boxes = 0; boxes < MAX_BOXES && offset < size; boxes++) {
      const box = await boxHeaderAt(handle, offset);
      if (!box || box.size < 8) return null;
      if (box.type === 'moov') return true;
      if (box.type === 'mdat') return false;
      offset += box.size;
    }
    return null;
  } finally {
    await handle.close();
  }
}
