import type { ReactNode } from 'react';
import type { QuestionListItem as Item } from '../../../api/questions';
import { PageLoading } from '../../../components/PageLoading';
import { QuestionListItem } from './QuestionListItem';

/** A page of questions, a spinner until it arrives, or `empty` when there are none. */
export function QuestionItems({ list, permalink, empty }: { list: Item[] | undefined; permalink?: number; empty: ReactNode }) {
  if (!list) return <PageLoading />;
  if (!list.length)
    return (
      <div className="text-center text-body-secondary border rounded py-5" data-testid="questions-empty">
        {empty}
      </div>
    );
  return (
    <ul className="list-group list-group-flush border-top mb-3">
      {list.map((q) => (
        <QuestionListItem key={q.id} question={q} permalink={permalink} />
      ))}
    </ul>
  );
}
