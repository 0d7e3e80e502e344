import { useTranslation } from '../../i18n/translator';

/** Save and cancel under an edit form; cancel goes back to where the editor came from. */
export function EditButtons({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex gap-2">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('question.edit.save')}
      </button>
      <button type="button" className="btn btn-link" onClick={() => window.history.back()}>
        {t('editor.cancel')}
      </button>
    </div>
  );
}
