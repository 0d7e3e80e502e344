import { useTranslation } from '../i18n/translator';
import { DiffLines } from './DiffLines';
import { diffLines, diffSequences, hasChanges } from './line-diff';

/** What a revision diff compares: a post's or tag's title, tag names and Markdown body. */
export interface RevisionSide {
  title: string;
  tags: string[];
  body: string;
}

export const EMPTY_SIDE: RevisionSide = { title: '', tags: [], body: '' };

/**
 * Two versions of a post or tag side by side in one column: title, tags and body, each shown only
 * when either version has it. Used by the timeline (a revision against the one before) and the
 * review queue (the current version against a suggested edit).
 */
export function RevisionDiff({ before, after, testId }: { before: RevisionSide; after: RevisionSide; testId?: string }) {
  const { t } = useTranslation();
  const title = diffLines(before.title, after.title);
  const tags = diffSequences(before.tags, after.tags);
  const body = diffLines(before.body, after.body);
  const changed = hasChanges(title) || hasChanges(tags) || hasChanges(body);
  return (
    <div className="d-flex flex-column gap-3" data-testid={testId}>
      {!changed && <p className="text-body-secondary small mb-0">{t('revision_diff.no_changes')}</p>}
      {title.length > 0 && (
        <section>
          <h3 className="h6 mb-1">{t('revision_diff.title')}</h3>
          <DiffLines parts={title} />
        </section>
      )}
      {tags.length > 0 && (
        <section>
          <h3 className="h6 mb-1">{t('revision_diff.tags')}</h3>
          <DiffLines parts={tags} inline />
        </section>
      )}
      {body.length > 0 && (
        <section>
          <h3 className="h6 mb-1">{t('revision_diff.body')}</h3>
          <DiffLines parts={body} />
        </section>
      )}
    </div>
  );
}
