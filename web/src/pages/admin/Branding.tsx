import { BRANDING_FIELDS } from '@answer/contract';
import { BrandingImageField } from './BrandingImageField';
import { SettingsPage } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

/** /admin/branding: logo, mobile logo, square icon and favicon (group `branding`). */
export function Branding() {
  const { form, set, errors, message, busy, submit, failed } = useSettingsForm('branding');
  return (
    <SettingsPage titleKey="admin.menu.branding" ready={!!form} failed={failed} busy={busy} message={message} onSubmit={submit} testId="branding-form">
      {form &&
        BRANDING_FIELDS.map((field) => (
          <BrandingImageField key={field} field={field} value={form[field]} error={errors[field]} onChange={(url) => set(field, url)} />
        ))}
    </SettingsPage>
  );
}
