import type { Revision } from '../api/revisions';

/** The translation and relative-time functions a label needs (the translator's `t` and dayjs in the app). */
export interface LabelText {
  translate: (key: string, values: Record<string, string | number>) => string;
  fromNow: (unixSeconds: number) => string;
}

/**
 * One line per revision, numbered from the oldest (1): "3 · edited by alice · 2 days ago · fixed typo".
 * The oldest is the first version the history holds, not necessarily the creation (tags created
 * while asking have none), so it is called the first version rather than "created".
 */
export function revisionLabel(revisions: readonly Revision[], index: number, { translate, fromNow }: LabelText): string {
  const revision = revisions[index]!;
  const n = revisions.length - index;
  const name = revision.user_info?.display_name || revision.user_info?.username || translate('revision_picker.former_user', {});
  const label = translate(n === 1 ? 'revision_picker.first' : 'revision_picker.edit', { n, name, when: fromNow(revision.create_at) });
  const summary = revision.reason.trim();
  return summary ? translate('revision_picker.with_summary', { label, summary }) : label;
}
