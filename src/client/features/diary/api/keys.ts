/** Query keys of the diary feature. `who` is 'me' or a person's id. */
export interface DiaryFilters {
  year?: string;
  artist?: string;
  venue?: string;
  city?: string;
}

export const diaryKeys = {
  all: ['diary'] as const,
  /** A person's diary: its shows with any filters, and its numbers. */
  of: (who: string) => [...diaryKeys.all, who] as const,
  /** A person's shows with the filters, page after page (and "Did you go?" on one's own). */
  shows: (who: string, filters: DiaryFilters) => [...diaryKeys.of(who), 'shows', filters] as const,
  /** The numbers of a person's diary. */
  stats: (who: string) => [...diaryKeys.of(who), 'stats'] as const,
  /** One's latest imports into the diary (apart from the diaries: an id is never "imports"). */
  imports: () => [...diaryKeys.all, 'imports'] as const,
  /** One import, asked for again while it runs. */
  import: (id: string) => [...diaryKeys.imports(), id] as const,
  /** The people one follows, to choose whom one went with (never a person's id either). */
  companionChoices: (userId: string) => [...diaryKeys.all, 'companion-choices', userId] as const,
};
