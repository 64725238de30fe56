import type { ErrorBody, Video, VideoResponse } from '@fanout/contracts';
import { API_BASE, ApiError, authHeaders, handleUnauthorized } from '@/lib/api-client';

interface UploadArgs {
  file: File;
  title: string;
  projectId: number;
  onProgress: (percent: number) => void;
}

function parse<T>(text: string): Partial<T> {
  try {
    return JSON.parse(text) as Partial<T>;
  } catch {
    return {};
  }
}

/** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
export function uploadVideo({ file, title, projectId, onProgress }: UploadArgs): Promise<Video> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 401) handleUnauthorized();
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = parse<VideoResponse>(xhr.responseText);
        if (body.video) return resolve(body.video);
      }
      const error = parse<ErrorBody>(xhr.responseText);
      reject(new ApiError(xhr.status, error.code ?? 'upload_failed', error.error ?? 'Upload failed'));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'The upload was interrupted. Check your connection and try again.'));
    const form = new FormData();
    // Fields first: the server reads the multipart stream in order and needs them before the file.
    form.append('title', title);
    form.append('project_id', String(projectId));
    form.append('video', file);
    xhr.send(form);
  });
}
