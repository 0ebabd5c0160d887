import { api, serverMessage } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

export interface DidYouGoAnswer {
  concertId: string;
  /** "I was there" (the mark becomes attended) or "I missed it" (the mark goes). */
  wasThere: boolean;
}

/**
 * "Did you go?": "I was there" is PUT /api/concerts/{id}/attendance with "attended", "I missed
 * it" is DELETE of the mark. The diary, its numbers and the concert page ask again after.
 */
export function useAnswerDidYouGo() {
  return useApiMutation({
    send: async ({ concertId, wasThere }: DidYouGoAnswer) => {
      const path = `/concerts/${encodeURIComponent(concertId)}/attendance`;
      if (wasThere) await api.put(path, { status: 'attended' });
      else await api.delete(path);
    },
    refreshes: ({ concertId }) => refreshes.didYouGoAnswered(concertId),
    failed: (error) => ({
      title: 'Error',
      description: serverMessage(error) ?? 'Failed to save your answer',
      variant: 'destructive',
    }),
  });
}
