/** Reads a media file's duration in seconds from its metadata, through a detached <video> element. */
export function readMediaDuration(src: string, timeoutMs = 30_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const done = () => {
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
    };
    const timer = window.setTimeout(() => {
      done();
      reject(new Error('Timed out reading the video duration'));
    }, timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const seconds = video.duration;
      done();
      if (Number.isFinite(seconds) && seconds > 0) resolve(seconds);
      else reject(new Error('The video has no readable duration'));
    };
    video.onerror = () => {
      done();
      reject(new Error('The video could not be read'));
    };
    video.src = src;
  });
}

export function mediaUrl(filename: string): string {
  return `/uploads/${encodeURIComponent(filename)}`;
}
