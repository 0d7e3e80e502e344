import type { AiProviderName } from '@answer/contract';
import type { Runtime } from '../../../runtime.js';
import { loadSiteSettings } from '../../siteinfo/service.js';
import { storedApiKey } from '../config-store.js';
import type { AiStored } from '../stored.js';

/** What an embedding call needs: the chosen provider, its address, key and embedding model. */
export interface EmbeddingSetup {
  provider: AiProviderName;
  api_host: string;
  model: string;
  api_key: string;
}

/**
 * Semantic search is on when the administrator switched it on and the chosen provider has an
 * address and an embedding model; otherwise null, and every caller keeps full-text behaviour. The
 * assistant's own switch (`enabled`) is not needed: search may use embeddings without the chat.
 */
export function embeddingModelOf(ai: AiStored): { provider: AiProviderName; api_host: string; model: string } | null {
  if (!ai.semantic_search_enabled || !ai.chosen_provider) return null;
  const chosen = ai.ai_providers.find((p) => p.provider === ai.chosen_provider);
  if (!chosen?.api_host || !chosen.embedding_model) return null;
  return { provider: chosen.provider, api_host: chosen.api_host, model: chosen.embedding_model };
}

export async function embeddingSetup(runtime: Runtime): Promise<EmbeddingSetup | null> {
  const chosen = embeddingModelOf((await loadSiteSettings(runtime)).ai);
  return chosen && { ...chosen, api_key: await storedApiKey(runtime, chosen.provider) };
}
