/**
 * The admin's links, one a line as `Label | address`, where the address is an http(s) URL or a path
 * of this site (`/tags`). The server part reads the admin's text with this; the web part checks
 * what it is sent again with the same rules, so nothing else ever reaches an href.
 */
export const MAX_LINKS = 30;
export const MAX_LABEL = 80;

export interface QuickLink {
  label: string;
  url: string;
}

/** Why a line is not a link. */
export type LineProblem = 'format' | 'label_missing' | 'label_too_long' | 'url' | 'too_many';

/**
 * An http(s) URL or a path of this site. `//host` and `/\host` start with a slash but browsers
 * read both as another site's address, so a site path may not start that way.
 */
export function isLinkUrl(url: string): boolean {
  if (url === '' || /\s/.test(url)) return false;
  if (url.startsWith('/')) return !/^\/[/\\]/.test(url);
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** Links to other sites open in a new tab; site paths stay in the app's own. */
export const isExternal = (url: string) => !url.startsWith('/');

/** Labels are counted in characters as people see them, not UTF-16 units. */
const lengthOf = (text: string) => [...text].length;

function readLine(line: string): QuickLink | LineProblem {
  const bar = line.indexOf('|');
  if (bar < 0) return 'format';
  // The first bar separates: a label cannot hold one, an address can.
  const label = line.slice(0, bar).trim();
  const url = line.slice(bar + 1).trim();
  if (!label) return 'label_missing';
  if (lengthOf(label) > MAX_LABEL) return 'label_too_long';
  return isLinkUrl(url) ? { label, url } : 'url';
}

/**
 * The links of the admin's text and the problems of its other lines, by line number as the
 * textarea counts them (blank lines are skipped but counted). Reading stops at the first line
 * beyond MAX_LINKS.
 */
export function readLinks(text: string): { links: QuickLink[]; problems: { line: number; problem: LineProblem }[] } {
  const links: QuickLink[] = [];
  const problems: { line: number; problem: LineProblem }[] = [];
  let count = 0;
  for (const [index, raw] of text.split(/\r\n|\r|\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    if (++count > MAX_LINKS) {
      problems.push({ line: index + 1, problem: 'too_many' });
      break;
    }
    const read = readLine(line);
    if (typeof read === 'string') problems.push({ line: index + 1, problem: read });
    else links.push(read);
  }
  return { links, problems };
}
