import type { UserStats } from '#shared/schemas/users';

export interface Achievement {
  id: string;
  title: string;
  description: string;
  /** Where the person stands and what earns it. */
  progress: number;
  goal: number;
  earned: boolean;
}

/** The achievements of docs/product.md §9: concerts attended (1, 5) and reviews written (1, 10). */
const RULES = [
  {
    id: 'first-concert',
    title: 'First Concert',
    description: 'Attend your first concert',
    stat: 'concertsAttended',
    goal: 1,
  },
  {
    id: 'concert-explorer',
    title: 'Concert Explorer',
    description: 'Attend 5 concerts',
    stat: 'concertsAttended',
    goal: 5,
  },
  {
    id: 'first-review',
    title: 'First Review',
    description: 'Write your first review',
    stat: 'reviewsWritten',
    goal: 1,
  },
  {
    id: 'review-expert',
    title: 'Review Expert',
    description: 'Write 10 reviews',
    stat: 'reviewsWritten',
    goal: 10,
  },
] as const;

export function achievements(
  stats: Pick<UserStats, 'concertsAttended' | 'reviewsWritten'>,
): Achievement[] {
  return RULES.map(({ stat, goal, ...rule }) => {
    // A number the person keeps from the viewer counts as none.
    const value = stats[stat] ?? 0;
    return { ...rule, goal, progress: Math.min(value, goal), earned: value >= goal };
  });
}
