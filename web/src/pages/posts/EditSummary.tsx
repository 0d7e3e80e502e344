import { useTranslation } from '../../i18n/translator';
import { TextField } from '../../components/TextField';

/** The optional note saying what an edit changed, kept with the revision. */
export function EditSummary({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      name="edit_summary"
      label={t('question.edit.summary')}
      placeholder={t('question.edit.summary_placeholder')}
      value={value}
      onChange={onChange}
      error={error}
      maxLength={255}
    />
  );
}
