import { AI_PROVIDER_NAMES, AI_PROVIDER_PRESETS, type AiConfig, type aiConfigSchema, type AiProviderName } from '@answer/contract';
import type { z } from 'zod';
import type { Runtime } from '../../runtime.js';
import type { ChatProvider } from './chat-provider.js';
import { loadSiteSettings, saveSiteGroup } from '../siteinfo/service.js';
import { seal, unseal } from './secret.js';
import type { AiStored, AiStoredProvider } from './stored.js';

const KEY_PURPOSE = 'ai.provider.api_key';

export const AI_PRESETS = AI_PROVIDER_NAMES.map((provider) => {
  const { label, api_host, model, embedding_model, key_required } = AI_PROVIDER_PRESETS[provider];
  return { provider, label, api_host, model, embedding_model, key_required };
});

async function stored(runtime: Runtime): Promise<AiStored> {
  return (await loadSiteSettings(runtime)).ai;
}

/** The settings as the admin page sees them: every key replaced by whether one is set. */
export async function aiConfig(runtime: Runtime): Promise<AiConfig> {
  const s = await stored(runtime);
  const chosen = s.ai_providers.find((p) => p.provider === s.chosen_provider);
  return {
    enabled: s.enabled,
    chosen_provider: s.chosen_provider,
    ai_providers: s.ai_providers.map(({ api_key_enc, ...p }) => ({ ...p, api_key: '', api_key_set: api_key_enc !== '' })),
    prompt_config: { ...s.prompt_config },
    embedding_model: chosen?.embedding_model ?? '',
    semantic_search_enabled: s.semantic_search_enabled,
    daily_limit_per_member: s.daily_limit_per_member,
    monthly_token_budget: s.monthly_token_budget,
    allowed_roles: [...s.allowed_roles],
    presets: AI_PRESETS,
  };
}

/**
 * Upstream's PUT replaces the provider list; a provider sent without a key keeps the one stored for
 * it (the page never has it to send back). Our optional fields keep their value when left out, so
 * an upstream client saving its three fields does not reset them.
 */
export async function saveAiConfig(runtime: Runtime, input: z.output<typeof aiConfigSchema>): Promise<void> {
  const before = await stored(runtime);
  const providers: AiStoredProvider[] = input.ai_providers.map((p) => {
    const old = before.ai_providers.find((o) => o.provider === p.provider);
    return {
      provider: p.provider,
      api_host: p.api_host.replace(/\/+$/, ''),
      api_key_enc: p.api_key ? seal(runtime, KEY_PURPOSE, p.api_key) : (old?.api_key_enc ?? ''),
      model: p.model,
      embedding_model: p.embedding_model,
    };
  });
  const chosen = providers.find((p) => p.provider === input.chosen_provider);
  if (chosen && input.embedding_model !== undefined) chosen.embedding_model = input.embedding_model;
  await saveSiteGroup(runtime, 'ai', {
    enabled: input.enabled,
    chosen_provider: input.chosen_provider,
    ai_providers: providers,
    prompt_config: { zh_cn: input.prompt_config?.zh_cn ?? before.prompt_config.zh_cn, en_us: input.prompt_config?.en_us ?? before.prompt_config.en_us },
    semantic_search_enabled: input.semantic_search_enabled ?? before.semantic_search_enabled,
    daily_limit_per_member: input.daily_limit_per_member ?? before.daily_limit_per_member,
    monthly_token_budget: input.monthly_token_budget ?? before.monthly_token_budget,
    allowed_roles: input.allowed_roles ? [...new Set(input.allowed_roles)].sort((a, b) => a - b) : before.allowed_roles,
  });
}

/** The stored key of a provider in plain text, for calls to it ('' when none or unreadable). */
export async function storedApiKey(runtime: Runtime, provider: AiProviderName): Promise<string> {
  const enc = (await stored(runtime)).ai_providers.find((p) => p.provider === provider)?.api_key_enc ?? '';
  return enc ? (unseal(runtime, KEY_PURPOSE, enc) ?? '') : '';
}

/** The provider the assistant talks to, key opened; null while the assistant is off or has none. */
export async function chosenChatProvider(runtime: Runtime): Promise<ChatProvider | null> {
  const s = await stored(runtime);
  const chosen = s.ai_providers.find((p) => p.provider === s.chosen_provider);
  if (!s.enabled || !chosen || !chosen.api_host) return null;
  const api_key = chosen.api_key_enc ? (unseal(runtime, KEY_PURPOSE, chosen.api_key_enc) ?? '') : '';
  return { provider: chosen.provider, api_host: chosen.api_host, api_key, model: chosen.model };
}
