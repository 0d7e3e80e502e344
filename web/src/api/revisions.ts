import { API_PREFIX } from '@answer/contract';
import { get } from './client';
import type { RevisionProposal } from './review';

/** An applied revision has the shape of a suggested one: `content` is its snapshot, `reason` the edit summary. */
export type Revision = RevisionProposal;

/** The applied revisions of a question, answer or tag, newest first (domain.md 5.9); an extra on edit pages, so a 5xx does not replace the page. */
export const getRevisions = (objectId: string, signal?: AbortSignal) =>
  get<Revision[]>(`${API_PREFIX}/revisions`, { params: { object_id: objectId }, signal, ignore50x: true });
