import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { type TagSynonym, saveTagSynonyms } from '../../api/tags';
import { FormMessage } from '../../components/FormMessage';
import { showToast } from '../../state/notices';
import { serverFormErrors } from '../../utils/form-errors';
import { addSynonym } from './synonym-list';

/** The whole synonym set of a main tag, edited in place and saved at once (PUT /tag/synonym replaces it). */
export function SynonymEditor({ tagId, mainSlug, synonyms, onDone }: { tagId: string; mainSlug: string; synonyms: TagSynonym[]; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [list, setList] = useState(() => synonyms.map((s) => s.slug_name));
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const add = () => {
    const result = addSynonym(list, typed, mainSlug);
    setProblem(result.problem ? t(`tags.synonyms.problem_${result.problem}`) : '');
    if (!result.problem) {
      setList(result.list);
      setTyped('');
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      await saveTagSynonyms(tagId, list);
      await queryClient.invalidateQueries({ queryKey: ['tag'] });
      showToast(t('tags.synonyms.saved'), 'success');
      onDone();
    } catch (error) {
      setMessage(serverFormErrors(error, [], t('common.request_failed')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} className="border rounded p-3 mb-3" data-testid="synonym-editor">
      <ul className="list-inline mb-2 d-flex flex-wrap gap-2" aria-label={t('tags.synonyms.title')}>
        {list.map((slug) => (
          <li key={slug} className="badge rounded-pill bg-body-tertiary text-body border fw-normal d-inline-flex align-items-center gap-1">
            <span className="font-monospace">{slug}</span>
            <button
              type="button"
              className="btn-close"
              style={{ fontSize: '0.6rem' }}
              aria-label={t('tags.synonyms.remove', { name: slug })}
              onClick={() => setList((l) => l.filter((s) => s !== slug))}
            />
          </li>
        ))}
        {list.length === 0 && <li className="small text-body-secondary">{t('tags.synonyms.none')}</li>}
      </ul>
      <label htmlFor={`${id}-add`} className="form-label small">
        {t('tags.synonyms.add_label')}
      </label>
      <div className="input-group input-group-sm mb-2">
        <input
          id={`${id}-add`}
          className={`form-control ${problem ? 'is-invalid' : ''}`}
          value={typed}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            setProblem('');
          }}
          // Enter adds the name instead of saving the set.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={add}>
          {t('tags.synonyms.add')}
        </button>
      </div>
      {problem && (
        <div id={`${id}-problem`} className="invalid-feedback d-block mb-2">
          {problem}
        </div>
      )}
      <FormMessage message={message} />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t('tags.synonyms.save')}
        </button>
        <button type="button" className="btn btn-link btn-sm" onClick={onDone}>
          {t('editor.cancel')}
        </button>
      </div>
    </form>
  );
}
