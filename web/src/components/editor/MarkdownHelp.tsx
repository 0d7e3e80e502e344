import { useTranslation } from '../../i18n/translator';

// What to type for each element; the syntax itself is not translated.
const SYNTAX = [
  ['heading', '## Heading'],
  ['bold', '**bold**'],
  ['italic', '*italic*'],
  ['link', '[text](https://example.com)'],
  ['image', '![description](https://example.com/a.png)'],
  ['blockquote', '> quote'],
  ['code', '`code` or ``` on lines before and after'],
  ['bullet_list', '- item'],
  ['ordered_list', '1. item'],
  ['hr', '---'],
] as const;

/** The help panel under the toolbar: Markdown at a glance. */
export function MarkdownHelp() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('editor.help_title')} className="border-bottom p-3 small">
      <h3 className="h6">{t('editor.help_title')}</h3>
      <dl className="row mb-0">
        {SYNTAX.map(([id, syntax]) => (
          <div key={id} className="col-sm-6 d-flex gap-2">
            <dt className="fw-normal text-body-secondary">{t(`editor.toolbar.${id}`)}</dt>
            <dd className="mb-1">
              <code>{syntax}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
