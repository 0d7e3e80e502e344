import { userPath } from '../../../../components/question-links';

/** Usernames are a-z 0-9 . - _ (spec section 5), up to 30 characters. */
const NAME_CHAR = '[A-Za-z0-9._-]';

/**
 * The "@nam" being typed just before the caret, if any: an "@" at the start or after a space,
 * followed by name characters only. `start` is where the "@" is.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = new RegExp(`(^|\\s)@(${NAME_CHAR}{0,30})$`).exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Replaces the "@nam" typed from `start` to the caret with the picked "@username ". */
export function insertMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const inserted = `@${username} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/**
 * Before sending: every "@username" of a user picked from the list becomes a link to their profile
 * (comments are plain Markdown), and those users are the ones to notify.
 */
export function linkMentions(text: string, picked: Iterable<string>): { text: string; usernames: string[] } {
  const names = new Set(picked);
  const usernames = new Set<string>();
  const linked = text.replace(new RegExp(`(^|\\s)@(${NAME_CHAR}{1,30})`, 'g'), (all, space: string, name: string) => {
    // A trailing dot ends the sentence, not the name.
    const bare = name.replace(/\.+$/, '');
    if (!names.has(bare)) return all;
    usernames.add(bare);
    return `${space}[@${bare}](${userPath(bare)})${name.slice(bare.length)}`;
  });
  return { text: linked, usernames: [...usernames] };
}
