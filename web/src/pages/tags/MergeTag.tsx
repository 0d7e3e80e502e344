import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { type TagInfo, findTag, mergeTags } from '../../api/tags';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormMessage } from '../../components/FormMessage';
import { tagPath } from '../../components/question-links';
import { slugOf } from '../../components/tag-input';
import { showToast } from '../../state/notices';
import { serverFormErrors } from '../../utils/form-errors';

/** Staff: merge this tag into another one named here, after confirming; then show the target. */
export function MergeTag({ tag }: { tag: TagInfo }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [target, setTarget] = useState<TagInfo | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const slug = slugOf(name);
    setProblem('');
    if (!slug) return setProblem(t('tags.merge.problem_empty'));
    if (slug === tag.slug_name) return setProblem(t('tags.merge.problem_self'));
    try {
      const found = await findTag(slug);
      // A synonym's name finds its main tag, which may be this very tag.
      if (found.tag_id === tag.tag_id) return setProblem(t('tags.merge.problem_self'));
      setTarget(found);
    } catch (error) {
      setProblem(isApiError(error) && error.status === 404 ? t('tags.merge.problem_unknown', { name: slug }) : serverFormErrors(error, [], t('common.request_failed')).message);
    }
  };

  const merge = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await mergeTags(tag.tag_id, target.tag_id);
      await queryClient.invalidateQueries({ queryKey: ['tag'] });
      await queryClient.invalidateQueries({ queryKey: ['tags'] });
      await queryClient.invalidateQueries({ queryKey: ['questions'] });
      showToast(t('tags.merge.done', { from: tag.display_name, to: target.display_name }), 'success');
      navigate(tagPath(target.slug_name));
    } catch (error) {
      setTarget(null);
      setProblem(serverFormErrors(error, [], t('common.request_failed')).message);
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(true)}>
        {t('tags.merge.open')}
      </button>
    );
  return (
    <form onSubmit={check} className="border rounded p-3 mb-3" data-testid="merge-tag">
      <label htmlFor={`${id}-target`} className="form-label small">
        {t('tags.merge.label', { name: tag.display_name })}
      </label>
      <div className="input-group input-group-sm mb-2">
        <input id={`${id}-target`} className="form-control" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        <button type="submit" className="btn btn-outline-danger">
          {t('tags.merge.submit')}
        </button>
        <button type="button" className="btn btn-link" onClick={() => setOpen(false)}>
          {t('editor.cancel')}
        </button>
      </div>
      <FormMessage message={problem} />
      {target && (
        <ConfirmDialog
          message={t('tags.merge.confirm', { from: tag.display_name, to: target.display_name })}
          confirmLabel={t('tags.merge.submit')}
          busy={busy}
          onCancel={() => setTarget(null)}
          onConfirm={() => void merge()}
        />
      )}
    </form>
  );
}
