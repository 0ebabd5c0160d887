import type { UploadResponse } from '#shared/schemas/media';
import { ApiError } from '../../../lib/api';

/**
 * POST /api/upload with the files in the field `files`. XMLHttpRequest rather than fetch,
 * because only it reports upload progress (0 to 1) while the bytes go out.
 */
export function uploadMedia(
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<UploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(JSON.parse(request.responseText) as UploadResponse);
      } else {
        reject(new ApiError(request.status, request.statusText, request.responseText));
      }
    };
    request.onerror = () => reject(new Error('Failed to upload files'));
    request.send(form);
  });
}
