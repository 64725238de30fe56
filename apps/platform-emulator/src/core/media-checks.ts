import { probeMedia, type MediaFacts } from './media-facts';
import type { Store } from './store';

/** What the emulator read from a stored upload's bytes: facts, or `null` when they are not a video it can read. */
interface Entry {
  size: number;
  facts: MediaFacts | null;
}

/**
 * Reads uploads with ffprobe as a platform's processing would, once per stored blob (again if its size changed).
 * Bytes ffprobe cannot read as a video give `null`: the adapters' own tests send opaque bytes, so the platforms
 * do not refuse those here (a known gap: the real ones would).
 */
export class MediaChecks {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly store: Store,
    private readonly ffprobe: string,
  ) {}

  /** The facts of a stored blob, read now if they are not known yet; `null` when it is not a readable video. */
  read(blobId: string): MediaFacts | null {
    let size: number;
    try {
      size = this.store.blobSize(blobId);
    } catch {
      return null;
    }
    const known = this.entries.get(blobId);
    if (known && known.size === size) return known.facts;
    const facts = probeMedia(this.store.blobPath(blobId), this.ffprobe);
    this.entries.set(blobId, { size, facts });
    return facts;
  }

  /** The facts already read from a blob (for the published item), else undefined. */
  facts(blobId: string): MediaFacts | undefined {
    return this.entries.get(blobId)?.facts ?? undefined;
  }
}
