/** TikTok's FILE_UPLOAD chunk rules (Content Posting API, "Media Transfer Guide"). */
export const TIKTOK_CHUNKS = {
  /** Below this a file goes as one chunk; every other chunk is at least this big. 5 MiB satisfies 5 MB either way. */
  minChunkBytes: 5 * 1024 * 1024,
  maxChunkBytes: 64 * 1000 * 1000,
  maxChunks: 1000,
};

export interface ChunkPlan {
  chunkSize: number;
  totalChunkCount: number;
}

/**
 * The smallest allowed chunk (each step sends one chunk, so small chunks lose little on a resume), grown
 * only when the file would otherwise need more than 1000 chunks. `total_chunk_count = floor(size / chunk)`:
 * the last chunk takes the remainder and may be up to twice the chunk size.
 */
export function planChunks(size: number): ChunkPlan {
  if (size < TIKTOK_CHUNKS.minChunkBytes) return { chunkSize: size, totalChunkCount: 1 };
  const chunkSize = Math.min(
    TIKTOK_CHUNKS.maxChunkBytes,
    Math.max(TIKTOK_CHUNKS.minChunkBytes, Math.ceil(size / TIKTOK_CHUNKS.maxChunks)),
  );
  return { chunkSize, totalChunkCount: Math.max(1, Math.floor(size / chunkSize)) };
}

/** Byte range (inclusive) of chunk `index`. */
export function chunkRange(plan: ChunkPlan, size: number, index: number): { start: number; end: number } {
  const start = index * plan.chunkSize;
  const end = index === plan.totalChunkCount - 1 ? size - 1 : start + plan.chunkSize - 1;
  return { start, end };
}
