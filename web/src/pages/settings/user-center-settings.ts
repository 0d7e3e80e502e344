import type { SiteUsers, UserCenterProfileField } from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import { getUserCenterSettings, USER_CENTER_SETTINGS, type UserCenterUserSettings } from '../../api/user-center';
import type { UcAgentInfo } from '../../api/types';
import { activeAgent, agentReplacesAccounts } from '../../app/agent';
import { useAgent } from '../../state/site';

export interface UserCenterView {
  /** The active user centre, or null. */
  agent: UcAgentInfo | null;
  /** Its name as people read it. */
  name: string;
  /** Whether it replaces the site's own e-mail and password accounts. */
  replacesAccounts: boolean;
  /** What it says for this member (null while asking, or without a user centre). */
  settings: UserCenterUserSettings | null;
  pending: boolean;
}

/** The user centre as the settings pages show it: its name, and this member's links and read-only fields there. */
export function useUserCenterView(): UserCenterView {
  const ucAgent = useAgent();
  const agent = activeAgent(ucAgent);
  const query = useQuery({ queryKey: USER_CENTER_SETTINGS, queryFn: ({ signal }) => getUserCenterSettings(signal), enabled: Boolean(agent) });
  return {
    agent,
    name: agent?.display_name || agent?.name || '',
    replacesAccounts: agentReplacesAccounts(ucAgent),
    settings: agent ? (query.data ?? null) : null,
    pending: Boolean(agent) && query.isPending,
  };
}

const ALLOW: Partial<Record<UserCenterProfileField, keyof SiteUsers>> = {
  display_name: 'allow_update_display_name',
  username: 'allow_update_username',
  avatar: 'allow_update_avatar',
  bio: 'allow_update_bio',
  website: 'allow_update_website',
  location: 'allow_update_location',
};

/** The site's "who may change what" with the fields the user centre owns locked too: the form neither offers nor sends them. */
export function lockOwnedFields(users: SiteUsers, owned: readonly UserCenterProfileField[]): SiteUsers {
  const locked: SiteUsers = { ...users };
  for (const field of owned) {
    const key = ALLOW[field];
    if (key) (locked as unknown as Record<string, unknown>)[key] = false;
  }
  return locked;
}
