import { z } from 'zod';

/**
 * Page numbers and page sizes of every list (domain.md 1.4). Upstream has no maximum page size
 * (the 1.4.0 question page asks for 999 answers) and treats page < 1 as 1 and page_size < 1 as
 * the list's default, so nothing a real client sends is refused: values are clamped silently.
 * Only what is not a number at all (a word, a repeated query key) is a 400.
 */
export const PAGE_SIZE_MAX = 100;
/** The question page shows all answers at once (it asks for 999), so answer lists allow more. */
export const ANSWER_PAGE_SIZE_MAX = 1000;
/** Far beyond any real list; keeps OFFSET a small integer on every database. */
export const PAGE_NUMBER_MAX = 1_000_000;

/** A decimal number, or nothing (an empty `?page=` is the default, as upstream reads it). */
const NUMERIC = /^\s*(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)?\s*$/;

const clampedInteger = (fallback: number, max: number) =>
  z
    .union([z.number(), z.string().regex(NUMERIC)], { message: 'error.common.invalid' })
    .optional()
    .transform((v) => {
      const n = v === undefined ? Number.NaN : Math.trunc(Number(v));
      if (Number.isNaN(n) || n < 1) return fallback;
      return Math.min(n, max);
    });

/** `page`: 1-based; missing, zero or negative is the first page. */
export const pageNumber = () => clampedInteger(1, PAGE_NUMBER_MAX);

/** `page_size`: missing, zero or negative is `fallback`; more than `max` is `max`. */
export const pageSize = (fallback: number, max = PAGE_SIZE_MAX) => clampedInteger(fallback, max);
