import type { Page } from '@answer/contract';

/** page/page_size are read by the contract's `pageNumber` and `pageSize` (domain.md 1.4). */
export const pageOf = <T>(count: number | string | bigint, list: T[]): Page<T> => ({ count: Number(count), list });
