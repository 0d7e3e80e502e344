import { Link } from 'react-router';
import type { QuestionListItem } from '../../api/questions';
import { questionPath } from '../../components/question-links';

/** A side box of question links with their answer counts (green once one is accepted). */
export function SideQuestions({ id, title, questions, permalink }: { id: string; title: string; questions: QuestionListItem[]; permalink?: number }) {
  if (!questions.length) return null;
  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="card-header h6 mb-0">
        {title}
      </h2>
      <ul className="list-group list-group-flush">
        {questions.map((q) => (
          <li key={q.id} className="list-group-item small d-flex justify-content-between gap-2">
            <Link to={questionPath(permalink, q)} className="text-decoration-none">
              {q.title}
            </Link>
            {q.answer_count > 0 && (
              <span className={`badge align-self-start ${q.accepted_answer_id !== '0' ? 'text-bg-success' : 'text-bg-light border'}`}>
                {q.answer_count}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
