import { adminAddUserSchema } from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import {
  type AdminUser,
  type AdminUserStatus,
  addUser,
  addUsers,
  changeUserRole,
  changeUserStatus,
  getActivationLink,
  getRoles,
  resendActivation,
  setUserPassword,
  setUserProfile,
} from '../../api/admin-users';
import { isApiError } from '../../api/api-error';
import { FormDialog } from '../../components/FormDialog';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { showToast } from '../../state/notices';
import { checkForm } from '../../utils/form-errors';
import { SUSPEND_CHOICES, type SuspendChoice, suspensionEnd } from './admin-users-params';

/** What a row action opens. */
export type UserDialog = 'status' | 'role' | 'password' | 'profile' | 'activation';

interface DialogProps {
  user: AdminUser;
  onDone: () => void;
  onCancel: () => void;
}

const STATUSES: AdminUserStatus[] = ['normal', 'suspended', 'inactive', 'deleted'];

/** The reason box every staff action offers; it goes to the moderation log. */
function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form.Group className="mb-3" controlId="field-reason">
      <Form.Label>{t('admin.users.reason')}</Form.Label>
      <Form.Control as="textarea" rows={2} value={value} onChange={(e) => onChange(e.target.value)} maxLength={2000} />
      <Form.Text>{t('admin.users.reason_help')}</Form.Text>
    </Form.Group>
  );
}

/** Status: normal, suspended (for a while or until lifted), inactive or deleted, with a reason. */
export function StatusDialog({ user, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation();
  const form = useForm({ status: user.status === 'normal' ? 'suspended' : 'normal', reason: '', choice: 'forever', custom: '', remove: '' });
  const { values, change } = form;
  const submit = form.handleSubmit(async () => {
    const until = values.status === 'suspended' ? suspensionEnd(values.choice as SuspendChoice, values.custom) : 0;
    if (Number.isNaN(until)) {
      form.setErrors({ custom: t('admin.users.suspend_custom_required') });
      return;
    }
    await changeUserStatus({ user_id: user.user_id, status: values.status as AdminUserStatus, suspended_until: until, remove_all_content: values.remove === '1', reason: values.reason });
    showToast(t('admin.users.status_changed', { name: user.username }), 'success');
    onDone();
  });
  return (
    <FormDialog name="user-status" title={t('admin.users.change_status_of', { name: user.username })} cancelLabel={t('editor.cancel')} submitLabel={t('admin.users.save')} busy={form.busy} onSubmit={submit} onCancel={onCancel}>
      <Form.Group className="mb-3" controlId="field-status">
        <Form.Label>{t('admin.users.status')}</Form.Label>
        <Form.Select value={values.status} onChange={(e) => change('status', e.target.value)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.users.statuses.${s}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {values.status === 'suspended' && (
        <Form.Group className="mb-3" controlId="field-suspend-for">
          <Form.Label>{t('admin.users.suspend_for')}</Form.Label>
          <Form.Select value={values.choice} onChange={(e) => change('choice', e.target.value)}>
            {SUSPEND_CHOICES.map((c) => (
              <option key={c} value={c}>
                {t(`admin.users.suspend_choices.${c}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      {values.status === 'suspended' && values.choice === 'custom' && (
        <TextField type="datetime-local" label={t('admin.users.suspend_until')} {...form.field('custom')} error={form.errors.custom || form.errors.suspended_until} />
      )}
      {values.status === 'deleted' && <p className="text-danger small">{t('admin.users.delete_warning')}</p>}
      {(values.status === 'suspended' || values.status === 'deleted') && (
        <Form.Check
          className="mb-3"
          id="field-remove-all-content"
          label={t('admin.users.remove_all_content')}
          checked={values.remove === '1'}
          onChange={(e) => change('remove', e.target.checked ? '1' : '')}
        />
      )}
      <ReasonField value={values.reason} onChange={(v) => change('reason', v)} />
      <FormMessage message={form.message} />
    </FormDialog>
  );
}

/** Role: user, moderator or admin; the person is signed out and signs in with the new role. */
export function RoleDialog({ user, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: ['admin', 'roles'], queryFn: ({ signal }) => getRoles(signal), staleTime: Number.POSITIVE_INFINITY });
  const form = useForm({ role: String(user.role_id), reason: '' });
  const submit = form.handleSubmit(async () => {
    await changeUserRole({ user_id: user.user_id, role_id: Number(form.values.role), reason: form.values.reason });
    showToast(t('admin.users.role_changed', { name: user.username }), 'success');
    onDone();
  });
  return (
    <FormDialog name="user-role" title={t('admin.users.change_role_of', { name: user.username })} cancelLabel={t('editor.cancel')} submitLabel={t('admin.users.save')} busy={form.busy} onSubmit={submit} onCancel={onCancel}>
      <Form.Group className="mb-3" controlId="field-role">
        <Form.Label>{t('admin.users.role')}</Form.Label>
        <Form.Select value={form.values.role} onChange={(e) => form.change('role', e.target.value)}>
          {(roles.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text>{t('admin.users.role_help')}</Form.Text>
      </Form.Group>
      <ReasonField value={form.values.reason} onChange={(v) => form.change('reason', v)} />
      <FormMessage message={form.message} />
    </FormDialog>
  );
}

/** A new password for someone else; their sessions end. */
export function PasswordDialog({ user, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation();
  const form = useForm({ password: '', reason: '' });
  const submit = form.handleSubmit(async () => {
    await setUserPassword({ user_id: user.user_id, password: form.values.password, reason: form.values.reason });
    showToast(t('admin.users.password_changed', { name: user.username }), 'success');
    onDone();
  });
  return (
    <FormDialog name="user-password" title={t('admin.users.set_password_of', { name: user.username })} cancelLabel={t('editor.cancel')} submitLabel={t('admin.users.save')} busy={form.busy} onSubmit={submit} onCancel={onCancel}>
      <TextField type="password" autoComplete="new-password" label={t('admin.users.new_password')} help={t('admin.users.password_help')} {...form.field('password')} />
      <ReasonField value={form.values.reason} onChange={(v) => form.change('reason', v)} />
      <FormMessage message={form.message} />
    </FormDialog>
  );
}

/** Display name, username and e-mail of someone else. */
export function ProfileDialog({ user, onDone, onCancel }: DialogProps) {
  const { t } = useTranslation();
  const form = useForm({ display_name: user.display_name, username: user.username, email: user.e_mail, reason: '' });
  const submit = form.handleSubmit(async () => {
    await setUserProfile({ user_id: user.user_id, ...form.values });
    showToast(t('admin.users.profile_changed', { name: form.values.username }), 'success');
    onDone();
  });
  return (
    <FormDialog name="user-profile" title={t('admin.users.edit_profile_of', { name: user.username })} cancelLabel={t('editor.cancel')} submitLabel={t('admin.users.save')} busy={form.busy} onSubmit={submit} onCancel={onCancel}>
      <TextField label={t('admin.users.display_name')} {...form.field('display_name')} />
      <TextField label={t('admin.users.username')} {...form.field('username')} />
      <TextField type="email" label={t('admin.users.email')} {...form.field('email')} />
      <ReasonField value={form.values.reason} onChange={(v) => form.change('reason', v)} />
      <FormMessage message={form.message} />
    </FormDialog>
  );
}

/** An activation link to copy (a site without mail), or the mail sent again. */
export function ActivationDialog({ user, onCancel }: DialogProps) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The request client already shows why it failed.
    } finally {
      setBusy(false);
    }
  };
  const makeLink = run(async () => setLink(await getActivationLink(user.user_id)));
  const copy = run(async () => {
    await navigator.clipboard.writeText(link);
    showToast(t('admin.users.link_copied'), 'success');
  });
  const resend = run(async () => {
    await resendActivation(user.user_id);
    showToast(t('admin.users.activation_sent', { email: user.e_mail }), 'success');
    onCancel();
  });
  return (
    <FormDialog
      name="user-activation"
      title={t('admin.users.activation_of', { name: user.username })}
      cancelLabel={t('common.close')}
      submitLabel={t('admin.users.resend_activation')}
      busy={busy}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void resend();
      }}
      onCancel={onCancel}
    >
      <p>{t('admin.users.activation_help')}</p>
      {link ? (
        <div className="input-group mb-2">
          <input className="form-control" readOnly value={link} aria-label={t('admin.users.activation_link')} data-testid="activation-link" onFocus={(e) => e.target.select()} />
          <Button variant="outline-secondary" onClick={() => void copy()}>
            {t('admin.users.copy')}
          </Button>
        </div>
      ) : (
        <Button variant="outline-primary" onClick={() => void makeLink()} disabled={busy}>
          {t('admin.users.get_activation_link')}
        </Button>
      )}
    </FormDialog>
  );
}

/** Adds one verified account. */
export function AddUserDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ display_name: '', email: '', password: '' });
  const submit = form.handleSubmit(async () => {
    const checked = checkForm(adminAddUserSchema, form.values, (key) => t(key));
    if ('errors' in checked) {
      form.setErrors(checked.errors);
      return;
    }
    await addUser(checked.data);
    showToast(t('admin.users.user_added', { name: checked.data.display_name }), 'success');
    onDone();
  });
  return (
    <FormDialog name="add-user" title={t('admin.users.add_user')} cancelLabel={t('editor.cancel')} submitLabel={t('admin.users.add')} busy={form.busy} onSubmit={submit} onCancel={onCancel}>
      <TextField label={t('admin.users.display_name')} {...form.field('display_name')} />
      <TextField type="email" label={t('admin.users.email')} {...form.field('email')} />
      <TextField type="password" autoComplete="new-password" label={t('admin.users.password')} help={t('admin.users.password_help')} {...form.field('password')} />
      <FormMessage message={form.message} />
    </FormDialog>
  );
}

/** Adds many accounts, one "name, e-mail, password" per line; a refused batch lists its bad lines. */
export function BulkAddDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setLineErrors([]);
    try {
      await addUsers(text);
      showToast(t('admin.users.users_added'), 'success');
      onDone();
    } catch (err) {
      if (isApiError(err)) setLineErrors(err.list.length ? err.list.map((l) => l.error_msg) : [err.msg || t('common.request_failed')]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog name="bulk-add" title={t('admin.users.bulk_add')} cancelLabel={t('editor.cancel')} submitLabel={t('admin.users.add')} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <Form.Group className="mb-3" controlId="field-users">
        <Form.Label>{t('admin.users.bulk_label')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          isInvalid={lineErrors.length > 0}
          placeholder={t('admin.users.bulk_placeholder')}
          aria-describedby="field-users-help field-users-errors"
        />
        <Form.Text id="field-users-help">{t('admin.users.bulk_help')}</Form.Text>
      </Form.Group>
      {lineErrors.length > 0 && (
        <ul className="text-danger small mb-0" id="field-users-errors" data-testid="bulk-errors">
          {lineErrors.map((msg) => (
            <li key={msg}>{msg}</li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
