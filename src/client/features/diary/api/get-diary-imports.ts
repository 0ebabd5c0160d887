import type { DiaryImport } from '#shared/schemas/imports';
import { apiQuery } from '#client/lib/api-query';
import { diaryKeys } from './keys';

/**
 * GET /api/users/me/imports: one's latest imports, newest first. The page reads it to show an
 * import still under way again after a reload.
 */
export const { options: diaryImportsQueryOptions, use: useDiaryImports } = apiQuery<DiaryImport[]>({
  key: diaryKeys.imports,
  path: () => '/users/me/imports',
});
