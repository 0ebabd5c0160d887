import { apiRequest, readJson } from '../../../lib/api';

/** POST /api/upload/profile-image with the image in the field `file`; answers its url. */
export async function uploadProfileImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return readJson<{ url: string }>(await apiRequest('POST', '/api/upload/profile-image', form));
}
