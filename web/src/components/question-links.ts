/**
 * Question and answer URLs in the site's permalink style (domain.md 1.9): styles 1 and 3 carry the
 * title slug; the ids the API returns are already long or short as the style wants.
 */
export function questionPath(permalink: number | undefined, q: { id: string; url_title?: string }, answerId?: string): string {
  const withTitle = (permalink === 1 || permalink === 3) && q.url_title;
  return ['/questions', q.id, withTitle ? q.url_title : '', answerId ?? ''].filter(Boolean).join('/');
}

/**
 * Whether a path segment is an answer id rather than a title slug: a long id of type 002, or a
 * short one starting with "E1" (type 2 in base 62). Slugs are lower case, so they never match.
 */
export const isAnswerId = (segment: string) => /^1002\d{13}$/.test(segment) || /^E1[0-9A-Za-z]+$/.test(segment);

/** The answer a question URL points at: /questions/q/slug/a, or /questions/q/a without a slug. */
export function answerIdOf(params: { slugPermalink?: string; aid?: string }): string | undefined {
  if (params.aid) return params.aid;
  return params.slugPermalink && isAnswerId(params.slugPermalink) ? params.slugPermalink : undefined;
}

export const editQuestionPath = (questionId: string) => `/posts/${questionId}/edit`;
export const editAnswerPath = (questionId: string, answerId: string) => `/posts/${questionId}/${answerId}/edit`;
export const questionTimelinePath = (questionId: string) => `/posts/${questionId}/timeline`;
export const answerTimelinePath = (questionId: string, answerId: string) => `/posts/${questionId}/${answerId}/timeline`;
export const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;
export const tagPath = (slug: string) => `/tags/${encodeURIComponent(slug)}`;
