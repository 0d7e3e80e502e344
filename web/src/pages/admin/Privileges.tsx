import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { CUSTOM_PRIVILEGE_LEVEL, type PrivilegeSettings, getPrivileges, savePrivileges } from '../../api/admin-settings';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { serverFormErrors } from '../../utils/form-errors';

const QUERY_KEY = ['admin', 'privileges'];

interface PrivilegesForm {
  level: number;
  /** The custom level's reputation per privilege, as typed. */
  custom: Record<string, string>;
}

const toForm = (data: PrivilegeSettings): PrivilegesForm => ({
  level: data.selected_level,
  custom: Object.fromEntries((data.options.find((o) => o.level === CUSTOM_PRIVILEGE_LEVEL)?.privileges ?? []).map((p) => [p.key, String(p.value)])),
});

/** The privileges whose typed custom value is not a whole number of at least 1. */
const invalidValues = (custom: Record<string, string>) => Object.keys(custom).filter((key) => !/^\s*[1-9]\d*\s*$/.test(custom[key]!));

/**
 * /admin/privileges: the reputation each privilege needs, as one of three preset levels or the
 * admin's own values. The table shows every level side by side; the custom column is editable.
 */
export function Privileges() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.privileges'));
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => getPrivileges(signal) });
  const [form, setForm] = useState<PrivilegesForm | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);

  useEffect(() => {
    if (loaded.data && !form) setForm(toForm(loaded.data));
  }, [loaded.data, form]);

  if (!loaded.data || !form) {
    return (
      <>
        <h1 className="h3 mb-4">{t('admin.menu.privileges')}</h1>
        {loaded.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />}
      </>
    );
  }

  const custom = form.level === CUSTOM_PRIVILEGE_LEVEL;
  const change = (next: Partial<PrivilegesForm>) => {
    setForm({ ...form, ...next });
    setDirty(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    const wrong = custom ? invalidValues(form.custom) : [];
    setInvalid(wrong);
    if (wrong.length) return;
    setBusy(true);
    try {
      const values = custom ? Object.entries(form.custom).map(([key, value]) => ({ key, value: Number(value) })) : [];
      await savePrivileges(form.level, values);
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      showToast(t('admin.settings.saved'), 'success');
    } catch (err) {
      setMessage(serverFormErrors(err, [], t('common.request_failed')).message);
    } finally {
      setBusy(false);
    }
  };

  const options = loaded.data.options;
  const rows = options[0]?.privileges ?? [];
  const valueAt = (level: number, key: string) => options.find((o) => o.level === level)?.privileges.find((p) => p.key === key)?.value;
  return (
    <>
      <h1 className="h3 mb-2">{t('admin.menu.privileges')}</h1>
      <p className="text-secondary mb-4">{t('admin.settings.privileges.intro')}</p>
      <Form onSubmit={submit} noValidate data-testid="settings-privileges">
        <Form.Group className="mb-3">
          <Form.Label as="div">{t('admin.settings.privileges.level')}</Form.Label>
          {options.map((option) => (
            <Form.Check
              key={option.level}
              type="radio"
              id={`field-level-${option.level}`}
              name="level"
              label={option.level === CUSTOM_PRIVILEGE_LEVEL ? t('admin.settings.privileges.level_custom') : t('admin.settings.privileges.level_n', { n: option.level })}
              checked={form.level === option.level}
              onChange={() => change({ level: option.level })}
            />
          ))}
          <Form.Text className="d-block">{options.find((o) => o.level === form.level)?.level_desc}</Form.Text>
        </Form.Group>
        <Table size="sm" responsive className="align-middle" data-testid="privileges-table">
          <thead>
            <tr>
              <th>{t('admin.settings.privileges.privilege')}</th>
              {options.map((option) => (
                <th key={option.level} className={form.level === option.level ? 'table-active' : undefined}>
                  {option.level === CUSTOM_PRIVILEGE_LEVEL ? t('admin.settings.privileges.level_custom') : t('admin.settings.privileges.level_n', { n: option.level })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-key={row.key}>
                <td>{row.label}</td>
                {options.map((option) =>
                  option.level === CUSTOM_PRIVILEGE_LEVEL ? (
                    <td key={option.level} className={custom ? 'table-active' : undefined}>
                      <Form.Control
                        size="sm"
                        type="number"
                        min={1}
                        inputMode="numeric"
                        style={{ maxWidth: 110 }}
                        aria-label={`${row.label} (${t('admin.settings.privileges.level_custom')})`}
                        disabled={!custom}
                        value={form.custom[row.key] ?? ''}
                        isInvalid={invalid.includes(row.key)}
                        onChange={(e) => change({ custom: { ...form.custom, [row.key]: e.target.value } })}
                      />
                    </td>
                  ) : (
                    <td key={option.level} className={form.level === option.level ? 'table-active' : undefined}>
                      {valueAt(option.level, row.key)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
        {invalid.length > 0 && <FormMessage message={t('admin.settings.privileges.value_invalid')} />}
        <FormMessage message={message} />
        <Button type="submit" disabled={busy}>
          {t('admin.settings.save')}
        </Button>
      </Form>
    </>
  );
}
