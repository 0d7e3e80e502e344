import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { UserInfo } from '../api/types';
import { deriveLoginState } from '../app/login-state';
import { reviewCountQuery } from '../components/ReviewNavLink';
import { notificationStatusQuery } from '../hooks/useNotificationStatus';
import { answersQuery, commentsQuery, inviteesQuery, questionQuery, reactionsQuery, relatedQuery } from '../pages/questions/detail/queries';

/**
 * A question page's data, fetched before its first render pass in the order it depends on: the
 * question, then what hangs off it, then each answer's comments and reactions. Without this the
 * render would find them one wave per pass (entry-server.tsx), rendering the page four times.
 * Anything missed here is still found by the passes.
 */
async function prefetchQuestionPage(client: QueryClient, qid: string, linkedComment?: string): Promise<void> {
  const question = await client.fetchQuery(questionQuery(qid)).catch(() => null);
  if (!question) return;
  const id = question.id;
  const [answers] = await Promise.all([
    client.fetchQuery(answersQuery(id, 'default', 1)).catch(() => null),
    client.prefetchQuery(relatedQuery(id)),
    client.prefetchQuery(inviteesQuery(id)),
    client.prefetchInfiniteQuery(commentsQuery(id, linkedComment)),
    client.prefetchQuery(reactionsQuery(id)),
  ]);
  await Promise.all(
    (answers?.list ?? []).flatMap((answer) => [client.prefetchInfiniteQuery(commentsQuery(answer.id, linkedComment)), client.prefetchQuery(reactionsQuery(answer.id))]),
  );
}

/** What every page's header and navigation ask for a signed-in reader (the bell, staff's review count). */
async function prefetchFrame(client: QueryClient, user: UserInfo | null): Promise<void> {
  const login = deriveLoginState(user);
  if (!user || !login.isNormal) return;
  await Promise.all([
    client.prefetchQuery(notificationStatusQuery(user.id)),
    login.isAdmin || login.isModerator ? client.prefetchQuery(reviewCountQuery) : undefined,
  ]);
}

/** What the page at `url` will ask for `user`, when it is known ahead. */
export async function prefetchPage(client: QueryClient, url: URL, user: UserInfo | null): Promise<void> {
  const question = matchPath('/questions/:qid/*', url.pathname);
  const qid = question?.params.qid;
  await Promise.all([
    prefetchFrame(client, user),
    qid && qid !== 'ask' ? prefetchQuestionPage(client, qid, url.searchParams.get('commentId') ?? undefined) : undefined,
  ]);
}
