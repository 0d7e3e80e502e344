import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '../../i18n/translator';
import { ADMIN_AGENT, type AdminUser, getAdminUserCenterAgent } from '../../api/admin-users';
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
  const agent = useQuery({ queryKey: ADMIN_AGENT, queryFn: ({ signal }) => getAdminUserCenterAgent(signal), staleTime: 60_000 });
  if (user.status === 'deleted' || me?.id === user.user_id) return null;
  const done = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'moderation-log'] });
  };
  // What the site's user centre manages is not offered (the server refuses it too).
  const allowed: Record<UserDialog, boolean> = {
    status: agent.data?.allow_update_user_status ?? false,
    role: agent.data?.allow_update_user_role ?? false,
    password: agent.data?.allow_update_user_password ?? false,
    profile: true,
    activation: user.status === 'inactive',
  };
  const actions = (['status', 'role', 'password', 'profile', 'activation'] as const).filter((action) => allowed[action]);
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
