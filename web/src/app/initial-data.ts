import type { SiteInfo } from '@answer/contract';
import type { AnswerInfo } from '../api/answers';
import type { PageOf } from '../api/post-types';
import type { QuestionInfo } from '../api/questions';

/** What the server may write into the page (server/src/spa.ts): the same JSON its API answers. */
interface InitialData {
  siteinfo?: SiteInfo;
  /** A question page as an anonymous reader gets it: question/info and the first answer/page. */
  question?: { id: string; info: QuestionInfo; answers: PageOf<AnswerInfo> };
}

let data: InitialData | undefined;

/** When the page, and so its inline data, was loaded: the data is as old as that. */
export const INITIAL_DATA_TIME = Date.now();

/** The inline data of this page; empty when the server wrote none (then everything is fetched). */
export function initialData(): InitialData {
  if (data === undefined) {
    const text = document.getElementById('initial-data')?.textContent;
    try {
      data = text ? (JSON.parse(text) as InitialData) : {};
    } catch {
      data = {};
    }
  }
  return data;
}

/**
 * The inline data of question `qid`, only for a reader who is not signed in: the server renders
 * pages anonymously, and a signed-in reader's votes, bookmarks and actions differ.
 */
export function inlineQuestion(qid: string, signedIn: boolean) {
  const question = initialData().question;
  return !signedIn && question?.id === qid ? question : undefined;
}
