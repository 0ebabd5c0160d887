import { apiUrl } from '#client/lib/api';

/** GET /api/users/me/export: a zip of everything the account holds, sent as a download. */
export const DATA_EXPORT_URL = apiUrl('/users/me/export');
