import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/translator';
import { SideQuestions } from '../SideQuestions';
import { relatedQuery } from './queries';

/** Side box: popular questions sharing this question's first tag. */
export function RelatedQuestions({ questionId, permalink }: { questionId: string; permalink?: number }) {
  const { t } = useTranslation();
  const related = useQuery(relatedQuery(questionId));
  return <SideQuestions id="related-questions" title={t('question.related')} questions={related.data?.list ?? []} permalink={permalink} />;
}
