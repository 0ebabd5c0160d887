import { fileNameInMessages } from '#shared/file-names';
import type { UploadResponse } from '#shared/schemas/media';
import { api, serverMessage } from '#client/lib/api';

/**
 * POST /api/upload with the files in the field `files`, reporting upload progress (0 to 1)
 * while the bytes go out; 1 means all of them are sent and the server is at work on them.
 */
export function uploadMedia(
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<UploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.upload<UploadResponse>('/upload', form, onProgress);
}

/** Why the server refused an upload, and the file it refused (its index) when it named one. */
export interface UploadRefusal {
  message: string;
  fileIndex: number | null;
}

/**
 * The server's reason for refusing an upload of `files`. The server names a refused file
 * at the start of its message ("stage.jpg is not one of JPEG, PNG, …"), so the message is
 * told with that file. Null when the upload never got an answer (the network failed).
 */
export function uploadRefusal(error: unknown, files: readonly File[]): UploadRefusal | null {
  const message = serverMessage(error);
  if (!message) return null;
  const fileIndex = files.findIndex((file, index) =>
    message.startsWith(`${fileNameInMessages(file.name, index)} `),
  );
  return { message, fileIndex: fileIndex === -1 ? null : fileIndex };
}
