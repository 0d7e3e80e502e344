import { API_PREFIX } from '@answer/contract';
import { post } from './client';

/** The server's Markdown rendering (sanitised HTML) for the live preview; failures keep the last one. */
export const renderMarkdown = (content: string, signal?: AbortSignal) =>
  post<string>(`${API_PREFIX}/post/render`, { content }, { signal, passingError: true, ignore50x: true });

/** Uploads an image for a post; resolves to its URL ("/uploads/post/…"). */
export function uploadPostImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('source', 'post');
  form.append('file', file);
  return post<string>(`${API_PREFIX}/file`, form);
}
