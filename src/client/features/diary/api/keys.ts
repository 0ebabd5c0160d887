/** Query keys of the diary feature. `who` is 'me' or a person's id. */
export interface DiaryFilters {
  year?: string;
  artist?: string;
  venue?: string;
  city?: string;
}

export const diaryKeys = {
  all: ['diary'] as const,
  /** A person's shows with the filters, page after page (and "Did you go?" on one's own). */
  shows: (who: string, filters: DiaryFilters) => [...diaryKeys.all, who, 'shows', filters] as const,
  /** The numbers of a person's diary. */
  stats: (who: string) => [...diaryKeys.all, who, 'stats'] as const,
};
