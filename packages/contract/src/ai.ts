import { z } from 'zod';
import { ADMIN_ROLE_IDS } from './admin-users.js';
import { text } from './text.js';

/**
 * Admin → AI (issue 31, part 1): the OpenAI-compatible provider the assistant and semantic search
 * will use. The wire shape is upstream 2.0's `GET|PUT /answer/admin/api/ai-config` (`enabled`,
 * `chosen_provider`, `ai_providers[]`, `prompt_config`) so its clients work; the fields after those
 * are ours and optional. The API key is write-only: replies carry `api_key: ''` and `api_key_set`.
 */
export const AI_PROVIDER_PRESETS = {
  openai: { label: 'OpenAI', api_host: 'https://api.openai.com', model: 'gpt-4o-mini', embedding_model: 'text-embedding-3-small', key_required: true },
  azure_openai: { label: 'Azure OpenAI', api_host: 'https://YOUR-RESOURCE.openai.azure.com/openai', model: '', embedding_model: '', key_required: true },
  ollama: { label: 'Ollama', api_host: 'http://127.0.0.1:11434', model: 'llama3.1', embedding_model: 'nomic-embed-text', key_required: false },
  vllm: { label: 'vLLM', api_host: 'http://127.0.0.1:8000', model: '', embedding_model: '', key_required: false },
  openai_compatible: { label: 'Other OpenAI-compatible server', api_host: '', model: '', embedding_model: '', key_required: false },
} as const;
export type AiProviderName = keyof typeof AI_PROVIDER_PRESETS;
export const AI_PROVIDER_NAMES = Object.keys(AI_PROVIDER_PRESETS) as AiProviderName[];

const providerName = z.enum(AI_PROVIDER_NAMES as [AiProviderName, ...AiProviderName[]], { message: 'error.ai.provider_unknown' });
const apiHost = text()
  .trim()
  .max(512)
  .refine((u) => u === '' || (/^https?:\/\/[^\s/?#]+/i.test(u) && URL.canParse(u)), { message: 'error.ai.api_host_invalid' });
const limit = (max: number) => z.coerce.number({ message: 'error.common.invalid_type' }).int({ message: 'error.common.invalid' }).min(0, { message: 'error.common.invalid' }).max(max, { message: 'error.common.invalid' });

export const aiProviderSchema = z.object({
  provider: providerName,
  api_host: apiHost.optional().default(''),
  /** Empty or missing: keep the key already stored for this provider. */
  api_key: text().trim().max(256).optional().default(''),
  model: text().trim().max(100).optional().default(''),
  embedding_model: text().trim().max(100).optional().default(''),
});

export const aiConfigSchema = z.object({
  enabled: z.boolean({ message: 'error.common.invalid_type' }).optional().default(false),
  chosen_provider: z.union([z.literal(''), providerName]).optional().default(''),
  ai_providers: z.array(aiProviderSchema).max(AI_PROVIDER_NAMES.length).optional().default([]),
  prompt_config: z.object({ zh_cn: text().max(4000).optional().default(''), en_us: text().max(4000).optional().default('') }).optional(),
  /** Our fields. The chosen provider's embedding model (also settable per provider above). */
  embedding_model: text().trim().max(100).optional(),
  semantic_search_enabled: z.boolean({ message: 'error.common.invalid_type' }).optional(),
  /** Questions a member may ask the assistant per day; 0: no limit. */
  daily_limit_per_member: limit(100_000).optional(),
  /** Tokens the whole site may spend per calendar month; 0: no budget. */
  monthly_token_budget: limit(1_000_000_000_000).optional(),
  /** Role ids (1 user, 2 admin, 3 moderator) that may use the assistant. */
  allowed_roles: z.array(z.coerce.number().int().refine((r) => (ADMIN_ROLE_IDS as readonly number[]).includes(r), { message: 'error.common.invalid' })).max(3).optional(),
}).superRefine((config, ctx) => {
  const names = config.ai_providers.map((p) => p.provider);
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['ai_providers'], message: 'error.ai.provider_duplicate' });
  // Switching the assistant on needs a provider to talk to.
  if (config.enabled && (config.chosen_provider === '' || !names.includes(config.chosen_provider))) {
    ctx.addIssue({ code: 'custom', path: ['chosen_provider'], message: 'error.ai.provider_required' });
  }
});
export type AiConfigInput = z.input<typeof aiConfigSchema>;

/** `POST /answer/admin/api/ai-config/test`: the provider as typed in the form (key empty: the stored one). */
export const aiTestSchema = aiProviderSchema;

export interface AiProviderConfig {
  provider: AiProviderName;
  api_host: string;
  /** Always '' in replies: the key is never sent back. */
  api_key: string;
  api_key_set: boolean;
  model: string;
  embedding_model: string;
}

export interface AiPreset {
  provider: AiProviderName;
  label: string;
  api_host: string;
  model: string;
  embedding_model: string;
  key_required: boolean;
}

export interface AiConfig {
  enabled: boolean;
  chosen_provider: AiProviderName | '';
  ai_providers: AiProviderConfig[];
  prompt_config: { zh_cn: string; en_us: string };
  embedding_model: string;
  semantic_search_enabled: boolean;
  daily_limit_per_member: number;
  monthly_token_budget: number;
  allowed_roles: number[];
  presets: AiPreset[];
}

/** What the test button found: `ok` with the models the server lists, or a reason and its message. */
export interface AiTestResult {
  ok: boolean;
  /** '' when ok; else one of: unreachable, timeout, unauthorized, rate_limited, malformed, http_error, address_refused, no_host. */
  reason: string;
  msg: string;
  status: number;
  models: string[];
  elapsed_ms: number;
}

/**
 * `GET|POST /answer/admin/api/ai/reindex`: embedding the posts that exist (after switching semantic
 * search on, changing the embedding model or importing), run in the background with its progress.
 */
export interface AiReindexState {
  running: boolean;
  /** Posts looked at so far, of `total`. */
  done: number;
  total: number;
  embedded: number;
  started_at: number;
  finished_at: number;
  /** Why the last run stopped early: '' (finished), 'out_of_budget', 'provider' (`msg` says what), 'off' (semantic search is off). */
  stopped: '' | 'out_of_budget' | 'provider' | 'off';
  msg: string;
}
