import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

export interface BinarySettings {
  ffmpegPath?: string;
  ffprobePath?: string;
}

const NPM_PACKAGES = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first `name` on PATH, like a shell would find it. */
export function findOnPath(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The npm-packaged binary. Loaded only when nothing else is available: the packages are optional and
 * weigh ~70 MB each, and installs that skip lifecycle scripts may leave the binary without its x bit.
 */
function fromNpmPackage(name: keyof typeof NPM_PACKAGES): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const found = (require(NPM_PACKAGES[name]) as { path?: string }).path;
    if (!found) return undefined;
    if (!isExecutable(found)) fs.chmodSync(found, 0o755);
    return found;
  } catch {
    return undefined;
  }
}

function resolveOne(name: keyof MediaBinaries, configured: string | undefined): string {
  if (configured) {
    if (!isExecutable(configured)) {
      throw new Error(`${name.toUpperCase()}_PATH points to ${configured}, which is not an executable file`);
    }
    return configured;
  }
  const found = findOnPath(name) ?? fromNpmPackage(name);
  if (!found) {
    throw new Error(
      `${name} was not found: install it on PATH, set ${name.toUpperCase()}_PATH, or install ${NPM_PACKAGES[name]}`,
    );
  }
  return found;
}

/** Configured path first, then the system binary on PATH, then the npm-packaged one. */
export function resolveBinaries(settings: BinarySettings): MediaBinaries {
  return {
    ffmpeg: resolveOne('ffmpeg', settings.ffmpegPath),
    ffprobe: resolveOne('ffprobe', settings.ffprobePath),
  };
}
