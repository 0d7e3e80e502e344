import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/translator';
import { getQuestionPage } from '../../../api/questions';
import { SideQuestions } from '../SideQuestions';

/** The side box of the week's hot questions (spec section 9: 6 questions, 7 days). */
export function HotQuestions({ permalink }: { permalink?: number }) {
  const { t } = useTranslation();
  const hot = useQuery({
    queryKey: ['questions', 'hot'],
    queryFn: ({ signal }) => getQuestionPage({ order: 'hot', page: 1, page_size: 6, in_days: 7 }, signal),
  });
  return <SideQuestions id="hot-questions" title={t('question.hot')} questions={hot.data?.list ?? []} permalink={permalink} />;
}
