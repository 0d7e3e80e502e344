import { useTranslation } from '../../i18n/translator';
import { TextField } from '../../components/TextField';
import { SettingsPage, SettingsSwitch } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

const NUMBERS = ['min_title_length', 'min_body_length', 'max_tags'] as const;

/** /admin/question: how long a question must be, how many tags it may have, and answers on closed ones. */
export function QuestionSettings() {
  const { t } = useTranslation();
  const s = useSettingsForm('question');
  const form = s.form;
  return (
    <SettingsPage titleKey="admin.menu.question" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-question">
      {form && (
        <>
          {NUMBERS.map((name) => (
            <TextField
              key={name}
              name={name}
              type="number"
              inputMode="numeric"
              label={t(`admin.settings.question.${name}`)}
              value={String(form[name])}
              // Kept as typed: the contract schema coerces and checks the number on save.
              onChange={(value) => s.set(name, value as unknown as number)}
              error={s.errors[name]}
            />
          ))}
          <SettingsSwitch
            name="allow_answer_closed"
            label={t('admin.settings.question.allow_answer_closed')}
            checked={form.allow_answer_closed}
            onChange={(on) => s.set('allow_answer_closed', on)}
            error={s.errors.allow_answer_closed}
          />
        </>
      )}
    </SettingsPage>
  );
}
