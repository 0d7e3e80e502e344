import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getNotificationStatus } from '../api/notification';
import { deriveLoginState } from '../app/login-state';
import { useUser } from '../state/user';
import { isTabHidden, pollDelay } from './notification-poll';

/** Every notification query lives under this key; the status poll is one of them. */
export const NOTIFICATION_KEY = ['notification'] as const;
export const NOTIFICATION_STATUS_KEY = ['notification', 'status'] as const;
/** The review link's count (ReviewNavLink): refreshed when the server's pending total moves. */
const REVIEW_COUNT_KEY = ['review', 'nav-count'];

/** The status poll's query; the user's id in the key: logging in as someone else never shows the previous person's dots. */
export const notificationStatusQuery = (userId: string) =>
  queryOptions({ queryKey: [...NOTIFICATION_STATUS_KEY, userId], queryFn: ({ signal }) => getNotificationStatus(signal) });

/**
 * The red dots and the pending badge award, polled while a logged-in, activated, not suspended user
 * is here (spec section 4). Every component that shows a count shares this one poll.
 */
export function useNotificationStatus() {
  const queryClient = useQueryClient();
  const user = useUser();
  const enabled = deriveLoginState(user).isNormal;
  const status = useQuery({
    ...notificationStatusQuery(user?.id ?? ''),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => pollDelay({ hidden: isTabHidden(), failures: query.state.fetchFailureCount }),
    // The interval itself slows down in a hidden tab; coming back asks at once.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
  });

  const revision = enabled && status.data?.can_revision ? status.data.revision : undefined;
  useEffect(() => {
    if (revision !== undefined) void queryClient.invalidateQueries({ queryKey: REVIEW_COUNT_KEY });
  }, [revision, queryClient]);

  return enabled ? status.data : undefined;
}
