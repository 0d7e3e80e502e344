import { SITE_SETTING_GROUPS, type SiteSettingGroup } from '@answer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { type SiteGroupValues, getSiteGroup, saveSiteGroup } from '../../api/admin-settings';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { type FieldErrors, checkForm, serverFormErrors } from '../../utils/form-errors';

/**
 * The state of one admin settings page (one site_info group): loads the group, keeps the edited
 * values, checks them with the contract schema before sending, shows the server's field errors,
 * guards leaving with unsaved changes and confirms a save with a toast.
 *
 * `toForm`/`fromForm` convert when a page edits values in another shape than the API's (a list as
 * text lines, say); by default the API values are edited as they are.
 */
export function useSettingsForm<G extends SiteSettingGroup, F = SiteGroupValues<G>>(
  group: G,
  convert?: { toForm: (values: SiteGroupValues<G>) => F; fromForm: (form: F) => unknown },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'siteinfo', group];
  const loaded = useQuery({ queryKey, queryFn: ({ signal }) => getSiteGroup(group, signal) });
  const [form, setForm] = useState<F | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);

  useEffect(() => {
    if (loaded.data && form === null) setForm(convert ? convert.toForm(loaded.data) : (loaded.data as unknown as F));
  }, [loaded.data, form, convert]);

  /** Changes one field of the form (and clears its error). */
  const set = <K extends keyof F>(field: K, value: F[K]) => {
    setForm((f) => (f ? { ...f, [field]: value } : f));
    setErrors((e) => ({ ...e, [field as string]: '' }));
    setDirty(true);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!form) return;
    setMessage('');
    const body = convert ? convert.fromForm(form) : form;
    // One schema per group: the union of all of them is too wide for checkForm's generic.
    const schema = SITE_SETTING_GROUPS[group].schema as unknown as Parameters<typeof checkForm>[0];
    const checked = checkForm(schema, body, t);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await saveSiteGroup(group, body as never);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey });
      showToast(t('admin.settings.saved'), 'success');
    } catch (err) {
      const shown = serverFormErrors(err, Object.keys(form as object), t('common.request_failed'));
      setErrors(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  return { form, set, setForm, errors, message, busy, dirty, submit, failed: loaded.isError };
}
