import { plainText } from '../../core/markdown.js';
import type { UserBasicInfo } from '../user/basic.js';
import { userPath } from './site-urls.js';

interface Post {
  html: string;
  vote_count: number;
  create_time: number;
  user_info: UserBasicInfo | null;
}

export interface QaInput {
  question: Post & { title: string; answer_count: number };
  url: string;
  /** Each visible answer with its absolute URL. */
  answers: { answer: Post; url: string; accepted: boolean }[];
  absolute: (path: string) => string;
}

/** schema.org QAPage of a question page (https://schema.org/QAPage), as search engines read it. */
export function qaPageJsonLd({ question, url, answers, absolute }: QaInput) {
  const author = (user: UserBasicInfo | null) =>
    user ? { '@type': 'Person', name: user.display_name || user.username, url: absolute(userPath(user.username)) } : undefined;
  const date = (seconds: number) => new Date(seconds * 1000).toISOString();
  const answer = ({ answer: a, url: answerUrl }: QaInput['answers'][number]) => ({
    '@type': 'Answer',
    text: plainText(a.html),
    upvoteCount: a.vote_count,
    dateCreated: date(a.create_time),
    url: answerUrl,
    author: author(a.user_info),
  });
  const accepted = answers.find((a) => a.accepted);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: question.title,
      text: plainText(question.html),
      answerCount: question.answer_count,
      upvoteCount: question.vote_count,
      dateCreated: date(question.create_time),
      url,
      author: author(question.user_info),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      suggestedAnswer: answers.filter((a) => !a.accepted).map(answer),
    },
  };
}
