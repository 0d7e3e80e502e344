import { DB_TYPES, type DbSettings, type DbType, dbSettingsSchema } from '@answer/contract';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { fieldErrorsOf, isApiError } from '../../api/api-error';
import { checkDatabase } from '../../api/install';
import { TextField } from '../../components/TextField';
import { type FieldErrors, zodFieldErrors } from '../../utils/form-errors';

/** Starting values per server database, so a local default setup needs no typing. */
const SERVER_DEFAULTS: Record<Exclude<DbType, 'sqlite3'>, Pick<DbSettings, 'db_host' | 'db_username'>> = {
  postgres: { db_host: '127.0.0.1:5432', db_username: 'postgres' },
  mysql: { db_host: '127.0.0.1:3306', db_username: 'root' },
};

export const INITIAL_DB: DbSettings = {
  db_type: 'sqlite3',
  db_username: '',
  db_password: '',
  db_host: '',
  db_name: 'answer',
  db_file: '',
};

interface Props {
  value: DbSettings;
  onBack: () => void;
  onNext: (settings: DbSettings) => void;
}

/** Step 2: which database, and can the server reach it (POST db/check). */
export function DatabaseStep({ value, onBack, onNext }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState(value);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof DbSettings) => (v: string) => setForm((f) => ({ ...f, [field]: v }));

  const changeType = (type: DbType) => {
    setErrors({});
    setForm((f) => ({ ...f, db_type: type, ...(type === 'sqlite3' ? { db_host: '', db_username: '' } : SERVER_DEFAULTS[type]) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const parsed = dbSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, (key) => t(key)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await checkDatabase(parsed.data);
      onNext(parsed.data);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(isApiError(e) ? e.msg : t('install.db.failed'));
    } finally {
      setBusy(false);
    }
  };

  const server = form.db_type !== 'sqlite3';
  return (
    <Form onSubmit={submit} noValidate data-testid="install-step-2">
      <h2 className="h5 mb-3">{t('install.db.title')}</h2>
      <Form.Group className="mb-3" controlId="install-db-type">
        <Form.Label>{t('install.db.type')}</Form.Label>
        <Form.Select name="db_type" value={form.db_type} onChange={(e) => changeType(e.target.value as DbType)}>
          {DB_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`install.db.types.${type}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {server ? (
        <>
          <TextField name="db_host" label={t('install.db.host')} help={t('install.db.host_help')} value={form.db_host} onChange={set('db_host')} error={errors.db_host} />
          <TextField name="db_username" label={t('install.db.username')} value={form.db_username} onChange={set('db_username')} error={errors.db_username} autoComplete="off" />
          <TextField name="db_password" type="password" label={t('install.db.password')} value={form.db_password} onChange={set('db_password')} error={errors.db_password} autoComplete="new-password" />
          <TextField name="db_name" label={t('install.db.name')} value={form.db_name} onChange={set('db_name')} error={errors.db_name} />
        </>
      ) : (
        <TextField name="db_file" label={t('install.db.file')} help={t('install.db.file_help')} value={form.db_file} onChange={set('db_file')} error={errors.db_file} />
      )}
      {failure && (
        <Alert variant="danger" data-testid="install-error">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" onClick={onBack} disabled={busy}>
          {t('install.back')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('install.next')}
        </Button>
      </div>
    </Form>
  );
}
