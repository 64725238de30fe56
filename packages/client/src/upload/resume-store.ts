import fs from 'node:fs';
import path from 'node:path';

/** Where an unfinished upload's address is kept between runs, keyed by what identifies the file and target. */
export interface ResumeStore {
  get(key: string): string | undefined;
  set(key: string, uploadUrl: string): void;
  delete(key: string): void;
}

/**
 * A small JSON file of upload addresses. Written before the first byte is sent, so a run that is killed
 * (even with SIGKILL) leaves the address behind for the next run; removed from it once the video exists.
 */
export class FileResumeStore implements ResumeStore {
  constructor(private readonly file: string) {}

  private read(): Record<string, string> {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  private write(entries: Record<string, string>) {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(this.file, JSON.stringify(entries, null, 2), { mode: 0o600 });
  }

  get(key: string) {
    return this.read()[key];
  }

  set(key: string, uploadUrl: string) {
    this.write({ ...this.read(), [key]: uploadUrl });
  }

  delete(key: string) {
    const { [key]: _gone, ...rest } = this.read();
    this.write(rest);
  }
}
