import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/translator';

/** The operators of domain.md 10.3, each with an example the reader can add to the query. */
const OPERATORS = [
  { key: 'tag', example: '[tag]' },
  { key: 'user', example: 'user:me' },
  { key: 'score', example: 'score:3' },
  { key: 'is_question', example: 'is:question' },
  { key: 'is_answer', example: 'is:answer' },
  { key: 'hasaccepted', example: 'hasaccepted:no' },
  { key: 'isaccepted', example: 'is:accepted' },
  { key: 'views', example: 'views:100' },
  { key: 'answers', example: 'answers:0' },
  { key: 'phrase', example: '"exact phrase"' },
] as const;

/** A collapsible list of search operators; `onPick` adds an example to the query box. */
export function OperatorHelp({ onPick, initiallyOpen = false }: { onPick: (example: string) => void; initiallyOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return (
    <div className="mb-3">
      <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {t('search.help.toggle')}
      </button>
      {open && (
        // Scrolls inside its own box on a phone rather than widening the page.
        <div className="table-responsive mt-2">
          <table id={id} className="table table-sm small mb-0" data-testid="search-help">
            <caption className="caption-top">{t('search.help.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('search.help.operator')}</th>
                <th scope="col">{t('search.help.meaning')}</th>
              </tr>
            </thead>
            <tbody>
              {OPERATORS.map((op) => (
                <tr key={op.key}>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary font-monospace py-0"
                      onClick={() => onPick(op.example)}
                      aria-label={t('search.help.add', { example: op.example })}
                    >
                      {op.example}
                    </button>
                  </td>
                  <td>{t(`search.help.${op.key}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
