import type { AiProviderName } from '@answer/contract';

/** One provider as kept in site_info (type `ai`): the key only as `enc:` ciphertext (secret.ts). */
export interface AiStoredProvider {
  provider: AiProviderName;
  api_host: string;
  api_key_enc: string;
  model: string;
  embedding_model: string;
}

export interface AiStored {
  enabled: boolean;
  chosen_provider: AiProviderName | '';
  ai_providers: AiStoredProvider[];
  prompt_config: { zh_cn: string; en_us: string };
  semantic_search_enabled: boolean;
  daily_limit_per_member: number;
  monthly_token_budget: number;
  allowed_roles: number[];
}

/** Off, no provider; once on, members of every role may ask, 20 questions a day, no monthly budget. */
export const AI_DEFAULTS: AiStored = {
  enabled: false,
  chosen_provider: '',
  ai_providers: [],
  prompt_config: { zh_cn: '', en_us: '' },
  semantic_search_enabled: false,
  daily_limit_per_member: 20,
  monthly_token_budget: 0,
  allowed_roles: [1, 2, 3],
};
