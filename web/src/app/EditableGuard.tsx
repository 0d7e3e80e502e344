import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { getEditCheck } from '../api/common';
import { PageLoading } from '../components/PageLoading';
import { GuardOutcome } from './Guarded';
import { editable } from './guards';

/** The answer editor first asks the server whether this answer may be edited now. */
export function EditableGuard({ children }: { children: ReactNode }) {
  const { aid = '' } = useParams();
  const check = useQuery({ queryKey: ['edit-check', aid], queryFn: () => getEditCheck(aid), staleTime: 0 });
  if (!check.data) return <PageLoading />;
  return <GuardOutcome result={editable(check.data)}>{children}</GuardOutcome>;
}
