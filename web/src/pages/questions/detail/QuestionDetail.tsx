import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { deriveLoginState } from '../../../app/login-state';
import { PageLoading } from '../../../components/PageLoading';
import { answerIdOf } from '../../../components/question-links';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useSiteInfo } from '../../../state/site';
import { useUser } from '../../../state/user';
import { Answers } from './Answers';
import { InviteCard } from './InviteCard';
import { QuestionPost } from './QuestionPost';
import { questionQuery } from './queries';
import { RelatedQuestions } from './RelatedQuestions';
import { WriteAnswer } from './WriteAnswer';

/**
 * /questions/:qid[/:slug][/:aid]: the question, its answers and comments, and the answer form.
 * An unknown question shows the 404 page in place (the request is made with allow404).
 */
export function QuestionDetail() {
  const params = useParams();
  const qid = params.qid ?? '';
  const focusId = answerIdOf(params);
  const permalink = useSiteInfo()?.site_seo.permalink;
  const user = useUser();
  const question = useQuery(questionQuery(qid));
  const q = question.data;
  const login = deriveLoginState(user);
  usePageTitle(q?.title);

  if (!q) return question.isPending ? <PageLoading /> : null;
  // The server decides (the asker, or staff holding answer.accept); this only hides a button it would refuse.
  const canAccept = login.isNormal && (login.isAdmin || login.isModerator || (!!user && user.username === q.user_info?.username));
  const canInvite = q.extends_actions?.some((a) => a.action === 'invite_other_to_answer') ?? false;
  // Keyed by question: following a related question starts its forms and tabs afresh.
  return (
    <div className="row g-4" key={q.id}>
      <div className="col-xl-9">
        <QuestionPost question={q} loggedIn={login.isLoggedIn} />
        <Answers questionId={q.id} focusId={focusId} canAccept={canAccept} loggedIn={login.isLoggedIn} />
        <WriteAnswer question={q} />
      </div>
      <aside className="col-xl-3">
        <InviteCard questionId={q.id} canInvite={canInvite} />
        <RelatedQuestions questionId={q.id} permalink={permalink} />
      </aside>
    </div>
  );
}
