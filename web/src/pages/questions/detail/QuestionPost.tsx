import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/translator';
import { PINNED, type QuestionInfo, UNLISTED } from '../../../api/questions';
import { formatCount } from '../../../components/count-format';
import { PostHtml } from '../../../components/PostHtml';
import { TagLinks } from '../../../components/TagLinks';
import { TimeAgo } from '../../../components/TimeAgo';
import { AuthorCard } from './AuthorCard';
import { BookmarkButton } from './BookmarkButton';
import { Comments } from './comments/Comments';
import { FollowButton } from './FollowButton';
import { OperationBanner } from './OperationBanner';
import { PostSource } from './PostSource';
import { QuestionMenu } from './QuestionMenu';
import { Reactions } from './Reactions';
import { ShareButton } from './ShareButton';
import { VoteButtons } from './VoteButtons';

/** The question itself: title, state banner, body, tags, votes and marks, actions, author and comments. */
export function QuestionPost({ question: q, loggedIn }: { question: QuestionInfo; loggedIn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  return (
    <article aria-labelledby="question-title" data-testid="question">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <h1 id="question-title" className="h3 text-break">
          {q.title}
        </h1>
        <FollowButton questionId={q.id} followed={q.is_followed} count={q.follow_count} />
      </div>
      <div className="small text-body-secondary d-flex flex-wrap align-items-center gap-3 mb-3 pb-3 border-bottom">
        <span>
          {t('question.asked')} <TimeAgo time={q.create_time} />
        </span>
        {q.update_time > q.create_time && (
          <span>
            {t('question.active')} <TimeAgo time={q.update_time} />
          </span>
        )}
        <span>{t('question.count.views', { count: q.view_count, n: formatCount(q.view_count) })}</span>
        {q.pin === PINNED && <span className="badge text-bg-warning">{t('question.list.pinned')}</span>}
        {q.show === UNLISTED && <span className="badge text-bg-secondary">{t('question.unlisted')}</span>}
      </div>
      <OperationBanner operation={q.operation} />
      <PostHtml html={q.html} className="mb-3" testId="question-body" />
      {q.source && <PostSource source={q.source} />}
      <TagLinks tags={q.tags} className="mb-3" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <VoteButtons
          objectId={q.id}
          votes={q.vote_count}
          status={q.vote_status}
          // The asker's reputation on the author card moved with the vote.
          onVoted={() => void queryClient.invalidateQueries({ queryKey: ['question'] })}
        />
        <BookmarkButton objectId={q.id} bookmarked={q.collected} count={q.collection_count} />
        <Reactions objectId={q.id} />
        <ShareButton questionId={q.id} urlTitle={q.url_title} />
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3">
        <QuestionMenu question={q} loggedIn={loggedIn} />
        <div className="d-flex flex-wrap gap-2 ms-auto">
          {q.edit_time > 0 && <AuthorCard user={q.update_user_info} verbKey="question.edited" time={q.edit_time} />}
          <AuthorCard user={q.user_info} verbKey="question.asked" time={q.create_time} highlight />
        </div>
      </div>
      <Comments objectId={q.id} />
    </article>
  );
}
