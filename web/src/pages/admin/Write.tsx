import { useTranslation } from '../../i18n/translator';
import { TagSelector } from '../../components/TagSelector';
import { SettingsPage, SettingsSwitch } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

const SWITCHES = ['restrict_answer', 'required_tag'] as const;
const TAG_LISTS = ['recommend_tags', 'reserved_tags'] as const;
/** The contract's limit of each list. */
const MAX_LISTED_TAGS = 100;

/** /admin/write: rules for writing posts and the site's recommended and reserved tags (which must exist). */
export function Write() {
  const { t } = useTranslation();
  const s = useSettingsForm('write');
  const form = s.form;
  return (
    <SettingsPage titleKey="admin.menu.write" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-write">
      {form && (
        <>
          {SWITCHES.map((name) => (
            <SettingsSwitch
              key={name}
              name={name}
              label={t(`admin.settings.write.${name}`)}
              help={t(`admin.settings.write.${name}_hint`)}
              checked={form[name]}
              onChange={(on) => s.set(name, on)}
              error={s.errors[name]}
            />
          ))}
          {TAG_LISTS.map((name) => (
            <div key={name} data-testid={`field-${name}`}>
              <TagSelector
                label={t(`admin.settings.write.${name}`)}
                value={form[name]}
                onChange={(tags) => s.set(name, tags)}
                error={s.errors[name]}
                max={MAX_LISTED_TAGS}
                help={t(`admin.settings.write.${name}_hint`, { max: MAX_LISTED_TAGS })}
              />
            </div>
          ))}
        </>
      )}
    </SettingsPage>
  );
}
