import { api } from '#client/lib/api';

/** POST /api/upload/profile-image with the image in the field `file`; answers its url. */
export function uploadProfileImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ url: string }>('/upload/profile-image', form);
}
