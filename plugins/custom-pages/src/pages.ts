/**
 * The admin's pages as the form stores them: for each of MAX_PAGES slots, a path, a title and the
 * Markdown, in fields named after the slot (`page1_path`, ...).
 */
import type { ConfigValues } from '@answer/plugin-sdk';
import { isPagePath } from './paths.js';

export const MAX_PAGES = 5;
export const MAX_TITLE = 120;
export const MAX_MARKDOWN = 50_000;

export type PagePart = 'legend' | 'path' | 'title' | 'markdown';
export const fieldName = (slot: number, part: PagePart) => `page${slot}_${part}`;

export const SLOTS = Array.from({ length: MAX_PAGES }, (_, i) => i + 1);

export interface CustomPage {
  path: string;
  title: string;
  markdown: string;
}

/** A saved text field's value ('' for one never saved). */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What one slot holds, as text. */
export const slotOf = (values: ConfigValues, slot: number): CustomPage => ({
  path: textOf(values[fieldName(slot, 'path')]),
  title: textOf(values[fieldName(slot, 'title')]),
  markdown: textOf(values[fieldName(slot, 'markdown')]),
});

/**
 * The pages that exist: complete slots with a path a page may have, in the form's order, the first
 * of a path winning. A save is checked with the same rules, so this skips only the empty slots.
 */
export function configuredPages(values: ConfigValues): CustomPage[] {
  const pages: CustomPage[] = [];
  for (const slot of SLOTS) {
    const page = slotOf(values, slot);
    if (page.title && page.markdown && isPagePath(page.path) && !pages.some((p) => p.path === page.path)) pages.push(page);
  }
  return pages;
}

/** The pages as the browser and the host's page list get them: no Markdown. */
export const pageList = (values: ConfigValues) => configuredPages(values).map(({ path, title }) => ({ path, title }));
