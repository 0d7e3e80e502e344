import type { Page } from '@answer/contract';

/** page/page_size query values (domain.md 1.4): values <= 0 or missing fall back to the defaults. */
export function pageParams(query: { page?: unknown; page_size?: unknown }, defaultSize = 10) {
  const page = Math.max(1, Math.trunc(Number(query.page)) || 1);
  const size = Math.max(1, Math.trunc(Number(query.page_size)) || defaultSize);
  return { page, pageSize: size, offset: (page - 1) * size };
}

export const pageOf = <T>(count: number | string | bigint, list: T[]): Page<T> => ({ count: Number(count), list });
