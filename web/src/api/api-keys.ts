import { ADMIN_API_PREFIX, API_PREFIX, type ApiKeyCreated, type ApiKeyItem, type ApiKeyScope, type McpConfig } from '@answer/contract';
import { get, post, request } from './client';

export type { ApiKeyCreated, ApiKeyItem, ApiKeyScope };

/** `POST …/api-key`: `expires_at` in Unix seconds, 0 for never. */
export interface ApiKeyCreateBody {
  description: string;
  scope: ApiKeyScope;
  expires_at: number;
}

/**
 * One set of keys and its four calls: a member's own keys, or the administrators' site keys. The
 * pages show field errors and refusals themselves (`passingError`); a 403 is still told by the
 * client (a toast, or the admin console's error page).
 */
export interface ApiKeyRing {
  /** The TanStack Query key of the list. */
  queryKey: readonly string[];
  /** Whether these are site keys (the admin scope, an owner per key). */
  site: boolean;
  list: (signal?: AbortSignal) => Promise<ApiKeyItem[]>;
  /** The whole secret, which the server never sends again. */
  create: (body: ApiKeyCreateBody) => Promise<ApiKeyCreated>;
  rename: (body: { id: number; description: string }) => Promise<null>;
  /** The key stops working at once. */
  revoke: (id: number) => Promise<null>;
}

const quiet = { passingError: true } as const;

function ring(base: string, queryKey: readonly string[], site: boolean): ApiKeyRing {
  return {
    queryKey,
    site,
    list: (signal) => get<ApiKeyItem[] | null>(`${base}/all`, { signal }).then((list) => list ?? []),
    create: (body) => post<ApiKeyCreated>(base, body, quiet),
    rename: (body) => request<null>('PUT', base, { body, ...quiet }),
    revoke: (id) => request<null>('DELETE', base, { body: { id }, ...quiet }),
  };
}

/** The signed-in member's personal keys. */
export const memberApiKeys = ring(`${API_PREFIX}/user/api-key`, ['user', 'api-keys'], false);

/** The site keys (administrators). */
export const siteApiKeys = ring(`${ADMIN_API_PREFIX}/api-key`, ['admin', 'api-keys'], true);

/** Upstream 2.0's MCP switch and how a client connects (`GET|PUT /answer/admin/api/mcp-config`). */
export const MCP_CONFIG = ['admin', 'mcp-config'] as const;
export const getMcpConfig = (signal?: AbortSignal) => get<McpConfig>(`${ADMIN_API_PREFIX}/mcp-config`, { signal });
export const saveMcpConfig = (enabled: boolean) => request<null>('PUT', `${ADMIN_API_PREFIX}/mcp-config`, { body: { enabled } });
