import { API_PREFIX } from '@answer/contract';
import { post } from './client';

/** The server's Markdown rendering (sanitised HTML) for the live preview; failures keep the last one. */
export const renderMarkdown = (content: string, signal?: AbortSignal) =>
  post<string>(`${API_PREFIX}/post/render`, { content }, { signal, passingError: true, ignore50x: true });

/** Uploads an image (POST /file); resolves to its URL ("/uploads/<source>/…"). `extra` adds form fields. */
export function uploadImage(source: 'post' | 'branding', file: File, extra: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.append('source', source);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append('file', file);
  return post<string>(`${API_PREFIX}/file`, form);
}

/** Uploads an image for a post; resolves to its URL ("/uploads/post/…"). */
export const uploadPostImage = (file: File) => uploadImage('post', file);
