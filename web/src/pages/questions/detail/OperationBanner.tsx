import { useTranslation } from '../../../i18n/translator';
import type { QuestionOperation } from '../../../api/questions';

const VARIANTS: Record<string, string> = { danger: 'danger', info: 'info', secondary: 'secondary' };

/** Why a question is not plainly open: closed (with its reason and message), deleted or awaiting review. */
export function OperationBanner({ operation }: { operation: QuestionOperation | null }) {
  const { t } = useTranslation();
  if (!operation) return null;
  const closed = operation.type === 'closed';
  return (
    // Bootstrap's alert markup as react-bootstrap's Alert renders it (minus its fade-in), without its code on the question page's first load.
    <div role="alert" className={`alert alert-${VARIANTS[operation.level] ?? 'secondary'} small`} data-testid="question-state">
      <div className="fw-semibold">{t(`question.state.${operation.type}`, { defaultValue: operation.msg })}</div>
      {/* msg holds the reason's name and the moderator's message; description explains the reason. */}
      {closed && operation.msg && <div className="text-break">{operation.msg}</div>}
      {closed && operation.description && <div className="text-body-secondary">{operation.description}</div>}
    </div>
  );
}
