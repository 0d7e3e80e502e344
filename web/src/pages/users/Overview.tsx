import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/translator';
import { getPersonalTop, type PersonalInfo } from '../../api/people';
import { formatCount } from '../../components/count-format';
import { HtmlBlock } from '../../components/HtmlBlock';
import { TimeAgo } from '../../components/TimeAgo';
import { useSiteInfo } from '../../state/site';
import { AnswerRow, QuestionRow } from './post-rows';
import { RecentBadges } from './RecentBadges';

/** Only http(s) addresses become links; anything else a profile holds is shown as text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** One of the overview's lists of best posts; `empty` is said when it has none (nothing while loading). */
function TopList({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <section className="mb-4" aria-labelledby={`profile-${id}`} data-testid={id}>
      <h2 id={`profile-${id}`} className="h5">
        {title}
      </h2>
      {children.length ? <ul className="list-group list-group-flush">{children}</ul> : empty && <p className="text-body-secondary">{empty}</p>}
    </section>
  );
}

/** The overview tab: the bio, the person's best questions and answers, their figures and latest badges. */
export function Overview({ info }: { info: PersonalInfo }) {
  const { t } = useTranslation();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const top = useQuery({ queryKey: ['personal-top', info.username], queryFn: ({ signal }) => getPersonalTop(info.username, signal) });
  const questions = top.data?.question ?? [];
  const answers = top.data?.answer ?? [];

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <section className="mb-4" aria-labelledby="profile-about">
          <h2 id="profile-about" className="h5">
            {t('users.about')}
          </h2>
          {/* bio_html is the server's sanitised rendering of the Markdown bio (domain.md 6.6). */}
          {info.bio_html ? <HtmlBlock html={info.bio_html} className="text-break" /> : <p className="text-body-secondary">{t('users.no_bio')}</p>}
        </section>
        <TopList id="top-answers" title={t('users.top_answers')} empty={top.data ? t('users.no_answers') : ''}>
          {answers.map((a) => (
            <AnswerRow key={a.answer_id} answer={a} permalink={permalink} />
          ))}
        </TopList>
        <TopList id="top-questions" title={t('users.top_questions')} empty={top.data ? t('users.no_questions') : ''}>
          {questions.map((q) => (
            <QuestionRow key={q.question_id || q.id} question={q} permalink={permalink} />
          ))}
        </TopList>
      </div>
      <aside className="col-lg-4" aria-labelledby="profile-stats">
        <h2 id="profile-stats" className="h5">
          {t('users.stats')}
        </h2>
        <dl className="row small mb-0" data-testid="profile-stats">
          <dt className="col-6">{t('users.stat.reputation')}</dt>
          <dd className="col-6">{formatCount(info.rank)}</dd>
          <dt className="col-6">{t('users.stat.answers')}</dt>
          <dd className="col-6">{formatCount(info.answer_count)}</dd>
          <dt className="col-6">{t('users.stat.questions')}</dt>
          <dd className="col-6">{formatCount(info.question_count)}</dd>
          <dt className="col-6">{t('users.stat.joined')}</dt>
          <dd className="col-6">{info.created_at ? <TimeAgo time={info.created_at} /> : '-'}</dd>
          <dt className="col-6">{t('users.stat.last_seen')}</dt>
          <dd className="col-6">{info.last_login_date ? <TimeAgo time={info.last_login_date} /> : t('users.never')}</dd>
          {info.website && (
            <>
              <dt className="col-6">{t('users.stat.website')}</dt>
              <dd className="col-6 text-break">
                {isWebAddress(info.website) ? (
                  <a href={info.website} rel="nofollow noopener noreferrer" target="_blank">
                    {info.website}
                  </a>
                ) : (
                  info.website
                )}
              </dd>
            </>
          )}
          {info.location && (
            <>
              <dt className="col-6">{t('users.stat.location')}</dt>
              <dd className="col-6 text-break">{info.location}</dd>
            </>
          )}
        </dl>
        <RecentBadges username={info.username} />
      </aside>
    </div>
  );
}
