import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getRelatedQuestions } from '../../../api/questions';
import { SideQuestions } from '../SideQuestions';

/** Side box: popular questions sharing this question's first tag. */
export function RelatedQuestions({ questionId, permalink }: { questionId: string; permalink?: number }) {
  const { t } = useTranslation();
  const related = useQuery({
    queryKey: ['questions', 'related', questionId],
    queryFn: ({ signal }) => getRelatedQuestions(questionId, signal),
  });
  return <SideQuestions id="related-questions" title={t('question.related')} questions={related.data?.list ?? []} permalink={permalink} />;
}
