import { ADMIN_API_PREFIX, type AiConfig, type AiConfigInput, type AiReindexState, type AiTestResult } from '@answer/contract';
import { get, post, request } from './client';

export type { AiConfig, AiConfigInput, AiReindexState, AiTestResult };

export const AI_CONFIG = ['admin', 'ai-config'] as const;
export const getAiConfig = (signal?: AbortSignal) => get<AiConfig>(`${ADMIN_API_PREFIX}/ai-config`, { signal });
export const saveAiConfig = (body: AiConfigInput) => request<null>('PUT', `${ADMIN_API_PREFIX}/ai-config`, { body });
/** A failed check is a 200 with `ok: false` and the reason in `msg`. */
export const testAiProvider = (body: { provider: string; api_host: string; api_key: string; model: string }) =>
  post<AiTestResult>(`${ADMIN_API_PREFIX}/ai-config/test`, body);

export const AI_REINDEX = ['admin', 'ai-reindex'] as const;
export const getAiReindex = (signal?: AbortSignal) => get<AiReindexState>(`${ADMIN_API_PREFIX}/ai/reindex`, { signal });
/** Starts embedding the existing posts; a run already going is returned as it is. */
export const startAiReindex = () => post<AiReindexState>(`${ADMIN_API_PREFIX}/ai/reindex`, {});
