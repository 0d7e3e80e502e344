import { ADMIN_API_PREFIX, type AiConfig, type AiConfigInput, type AiTestResult } from '@answer/contract';
import { get, post, request } from './client';

export type { AiConfig, AiConfigInput, AiTestResult };

export const AI_CONFIG = ['admin', 'ai-config'] as const;
export const getAiConfig = (signal?: AbortSignal) => get<AiConfig>(`${ADMIN_API_PREFIX}/ai-config`, { signal });
export const saveAiConfig = (body: AiConfigInput) => request<null>('PUT', `${ADMIN_API_PREFIX}/ai-config`, { body });
/** A failed check is a 200 with `ok: false` and the reason in `msg`. */
export const testAiProvider = (body: { provider: string; api_host: string; api_key: string; model: string }) =>
  post<AiTestResult>(`${ADMIN_API_PREFIX}/ai-config/test`, body);
