import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '../../i18n/translator';
import type { AdminUser } from '../../api/admin-users';
import { useUser } from '../../state/user';
import { ActivationDialog, PasswordDialog, ProfileDialog, RoleDialog, StatusDialog, type UserDialog } from './AdminUserDialogs';

/**
 * The actions on one account (a list row and the user page): status, role, password, profile and,
 * for unverified accounts, the activation link. Nothing on one's own account (domain.md 6.7) nor on
 * a deleted one, which is final.
 */
export function AdminUserActions({ user, align = 'end' }: { user: AdminUser; align?: 'start' | 'end' }) {
  const { t } = useTranslation();
  const me = useUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<UserDialog | null>(null);
  if (user.status === 'deleted' || me?.id === user.user_id) return null;
  const done = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'moderation-log'] });
  };
  const actions: UserDialog[] = ['status', 'role', 'password', 'profile', ...(user.status === 'inactive' ? (['activation'] as const) : [])];
  const props = { user, onDone: done, onCancel: () => setOpen(null) };
  return (
    <>
      <Dropdown align={align}>
        <Dropdown.Toggle size="sm" variant="outline-secondary" id={`user-actions-${user.user_id}`} data-testid="user-actions">
          {t('admin.users.actions')}
          <span className="visually-hidden"> {user.username}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {actions.map((action) => (
            <Dropdown.Item as="button" key={action} onClick={() => setOpen(action)}>
              {t(`admin.users.action.${action}`)}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      {open === 'status' && <StatusDialog {...props} />}
      {open === 'role' && <RoleDialog {...props} />}
      {open === 'password' && <PasswordDialog {...props} />}
      {open === 'profile' && <ProfileDialog {...props} />}
      {open === 'activation' && <ActivationDialog {...props} />}
    </>
  );
}
