import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { authorName } from '#shared/user-display';
import { LoadMoreButton } from '#client/components/layout/load-more';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { useAnswerFollowRequest, useFollowRequests } from '../api/follow-requests';
import { UserCard } from './user-card';

/**
 * The Notifications page's "Follow requests": the people asking to follow the viewer (a
 * private account), how many, each with Approve and Decline. Nothing while none wait.
 */
export function FollowRequests() {
  const headingId = useId();
  const query = useFollowRequests();
  const answer = useAnswerFollowRequest();
  const pages = query.data?.pages;
  const pending = pages?.[0]?.pending ?? 0;
  const requests = pages?.flatMap((page) => page.requests) ?? [];
  if (pending === 0 && requests.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        Follow requests{' '}
        <Badge variant="secondary">
          {pending}
          <span className="sr-only"> pending</span>
        </Badge>
      </h2>
      <ul aria-label="Follow requests" className="flex flex-col gap-3">
        {requests.map((request) => {
          const name = authorName(request);
          const send = (action: 'approve' | 'decline') =>
            answer.mutate({ requesterId: request.id, action });
          return (
            <li key={request.id}>
              <UserCard
                user={{ ...request, isFollowing: false }}
                action={
                  <div className="flex gap-2">
                    <Button type="button" size="sm" onClick={() => send('approve')}>
                      <Check aria-hidden="true" />
                      Approve<span className="sr-only"> {name}</span>
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => send('decline')}
                    >
                      <X aria-hidden="true" />
                      Decline<span className="sr-only"> {name}</span>
                    </Button>
                  </div>
                }
              />
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={query} label="Load more requests" className="self-center" />
    </section>
  );
}
