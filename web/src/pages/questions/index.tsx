import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteName } from '../../state/site';

/** Home and /questions: the question list arrives with the questions feature; until then, its empty state. */
export function QuestionList() {
  const { t } = useTranslation();
  const name = useSiteName();
  usePageTitle();
  return (
    <section>
      <h1 className="h3 mb-4">{name}</h1>
      <h2 className="h5 text-body-secondary">{t('questions.all')}</h2>
      <p className="text-body-secondary py-5 text-center border rounded" data-testid="questions-empty">
        {t('questions.empty')}
      </p>
    </section>
  );
}

export const AskQuestion = () => <ComingSoon titleKey="questions.ask" />;
export const EditQuestion = () => <ComingSoon titleKey="questions.edit" />;
export const EditAnswer = () => <ComingSoon titleKey="questions.edit_answer" />;
export const QuestionDetail = () => <ComingSoon titleKey="questions.detail" />;
