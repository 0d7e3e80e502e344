import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { getEditCheck } from '../api/common';
import { PageLoading } from '../components/PageLoading';
import { GuardOutcome } from './Guarded';
import { editable } from './guards';

/**
 * An editor first asks the server whether its object may be edited now (a pending suggested edit
 * blocks it): the answer in the URL, or the object given.
 */
export function EditableGuard({ objectId, children }: { objectId?: string; children: ReactNode }) {
  const { aid = '' } = useParams();
  const id = objectId ?? aid;
  const check = useQuery({ queryKey: ['edit-check', id], queryFn: () => getEditCheck(id), staleTime: 0 });
  if (!check.data) return <PageLoading />;
  return <GuardOutcome result={editable(check.data)}>{children}</GuardOutcome>;
}
