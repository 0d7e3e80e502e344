import type { UcAgent, UcAgentInfo } from '../api/types';

/** The user centre's description when one is active (the login agent of spec section 1), else null. */
export const activeAgent = (agent: UcAgent | null | undefined): UcAgentInfo | null => (agent?.enabled && agent.agent_info ? agent.agent_info : null);

/** Whether the user centre replaces the site's own accounts (its e-mail login, sign-up, password and e-mail change). */
export const agentReplacesAccounts = (agent: UcAgent | null | undefined): boolean => {
  const info = activeAgent(agent);
  return Boolean(info && !info.enabled_original_user_system);
};
