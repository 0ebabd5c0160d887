import { Check, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { authorName } from '#shared/user-display';
import { LoadMoreButton } from '#client/components/layout/load-more';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { focusElement } from '#client/lib/focus-return';
import { useAnswerFollowRequest, useFollowRequests } from '../api/follow-requests';
import { UserCard } from './user-card';

/**
 * The Notifications page's "Follow requests": the people asking to follow the viewer (a
 * private account), how many, each with Approve and Decline. Nothing while none wait, unless
 * the last was answered here: then the section stays, saying so, for focus to rest on its
 * heading. After an answer focus moves on to the next request's first button (the one
 * before, for the last), or to the heading when none is left.
 */
export function FollowRequests() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstButtons = useRef(new Map<string, HTMLButtonElement>());
  const [answeredHere, setAnsweredHere] = useState(false);
  const query = useFollowRequests();
  const answer = useAnswerFollowRequest();
  const pages = query.data?.pages;
  const pending = pages?.[0]?.pending ?? 0;
  const requests = pages?.flatMap((page) => page.requests) ?? [];
  if (pending === 0 && requests.length === 0 && !answeredHere) return null;

  const moveFocusOn = (index: number) => {
    const next = requests[index + 1] ?? requests[index - 1];
    const button = next && firstButtons.current.get(next.id);
    if (!button || !focusElement(button)) {
      if (heading.current) focusElement(heading.current);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 rounded-sm text-lg font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Follow requests{' '}
        <Badge variant="secondary">
          {pending}
          <span className="sr-only"> pending</span>
        </Badge>
      </h2>
      <ul aria-label="Follow requests" className="flex flex-col gap-3">
        {requests.map((request, index) => {
          const name = authorName(request);
          const send = (action: 'approve' | 'decline') => {
            setAnsweredHere(true);
            moveFocusOn(index);
            answer.mutate({ requesterId: request.id, action });
          };
          return (
            <li key={request.id}>
              <UserCard
                user={{ ...request, isFollowing: false }}
                action={
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      ref={(button) => {
                        if (button) firstButtons.current.set(request.id, button);
                        else firstButtons.current.delete(request.id);
                      }}
                      onClick={() => send('approve')}
                    >
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
      {requests.length === 0 && (
        <p className="text-sm text-muted-foreground">No follow requests are waiting.</p>
      )}
      <LoadMoreButton query={query} label="Load more requests" className="self-center" />
    </section>
  );
}
