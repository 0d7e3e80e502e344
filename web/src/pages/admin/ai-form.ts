import type { AiConfig, AiConfigInput, AiPreset, AiProviderName } from '@answer/contract';

/** What the AI page edits: the chosen provider's fields flat, the limits as typed. */
export interface AiForm {
  enabled: boolean;
  provider: AiProviderName;
  api_host: string;
  /** Write-only: empty keeps the stored key. */
  api_key: string;
  model: string;
  embedding_model: string;
  semantic_search_enabled: boolean;
  daily_limit_per_member: string;
  monthly_token_budget: string;
  allowed_roles: number[];
  /** The system instructions added before the site's own rules, per language (optional). */
  prompt_en_us: string;
  prompt_zh_cn: string;
}

/** The fields of `provider`: as stored when it was set up before, else its preset's defaults. */
export function providerFields(config: AiConfig, provider: AiProviderName): Pick<AiForm, 'provider' | 'api_host' | 'api_key' | 'model' | 'embedding_model'> {
  const stored = config.ai_providers.find((p) => p.provider === provider);
  const preset = config.presets.find((p) => p.provider === provider) as AiPreset;
  const from = stored ?? preset;
  return { provider, api_host: from.api_host, api_key: '', model: from.model, embedding_model: from.embedding_model };
}

export function toForm(config: AiConfig): AiForm {
  const provider = config.chosen_provider || config.ai_providers[0]?.provider || 'openai';
  return {
    enabled: config.enabled,
    ...providerFields(config, provider),
    semantic_search_enabled: config.semantic_search_enabled,
    daily_limit_per_member: String(config.daily_limit_per_member),
    monthly_token_budget: String(config.monthly_token_budget),
    allowed_roles: config.allowed_roles,
    prompt_en_us: config.prompt_config?.en_us ?? '',
    prompt_zh_cn: config.prompt_config?.zh_cn ?? '',
  };
}

/** The PUT body: the edited provider replaces its entry, the others stay (their keys kept). */
export function fromForm(config: AiConfig, form: AiForm): AiConfigInput {
  const edited = { provider: form.provider, api_host: form.api_host, api_key: form.api_key, model: form.model, embedding_model: form.embedding_model };
  const others = config.ai_providers.filter((p) => p.provider !== form.provider).map(({ provider, api_host, model, embedding_model }) => ({ provider, api_host, api_key: '', model, embedding_model }));
  return {
    enabled: form.enabled,
    chosen_provider: form.provider,
    ai_providers: [edited, ...others],
    prompt_config: { en_us: form.prompt_en_us, zh_cn: form.prompt_zh_cn },
    embedding_model: form.embedding_model,
    semantic_search_enabled: form.semantic_search_enabled,
    daily_limit_per_member: form.daily_limit_per_member as unknown as number,
    monthly_token_budget: form.monthly_token_budget as unknown as number,
    allowed_roles: form.allowed_roles,
  };
}

/** A field error's place on the page: `ai_providers.0.api_host` is the form's `api_host`. */
export function formField(path: string): string {
  if (path === 'chosen_provider' || path === 'ai_providers') return 'provider';
  if (path.startsWith('ai_providers.')) return path.split('.')[2] ?? 'provider';
  if (path.startsWith('prompt_config.')) return `prompt_${path.split('.')[1]}`;
  return path.split('.')[0]!;
}
