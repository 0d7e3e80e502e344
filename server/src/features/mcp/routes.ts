import { ADMIN_API_PREFIX, API_PREFIX, MCP_TOOLS, type McpConfig, type McpToolName, siteMcpSchema } from '@answer/contract';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { AppError, notFound } from '../../core/errors.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings, saveSiteGroup } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { APP_VERSION } from '../../version.js';
import { apiCallFor, TOOL_RUNNERS, ToolError } from './tools.js';

const MCP_PATH = `${API_PREFIX}/mcp`;

/** The tools of one request: reads for every key, writes only for a key that may write. */
function serverFor(request: FastifyRequest): McpServer {
  const server = new McpServer({ name: 'answer', version: APP_VERSION });
  const call = apiCallFor(request);
  const mayWrite = request.apiKey!.scope !== 'read';
  for (const name of Object.keys(MCP_TOOLS) as McpToolName[]) {
    const tool = MCP_TOOLS[name];
    if (tool.write && !mayWrite) continue;
    server.registerTool(
      name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: { readOnlyHint: !tool.write } },
      async (input: unknown) => {
        try {
          const result = await (TOOL_RUNNERS[name] as (i: unknown, c: typeof call) => Promise<unknown>)(input, call);
          return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
        } catch (error) {
          if (!(error instanceof ToolError)) throw error;
          return { content: [{ type: 'text' as const, text: error.message }], isError: true };
        }
      },
    );
  }
  return server;
}

async function mcpConfig(runtime: Runtime, request: FastifyRequest): Promise<McpConfig> {
  const settings = await loadSiteSettings(runtime);
  const base = parseSiteUrl(settings.general.site_url) ?? `${request.protocol}://${request.host}`;
  return { enabled: settings.mcp.enabled, type: 'streamable-http', url: `${base}${MCP_PATH}`, http_header: 'Authorization: Bearer <API key>' };
}

/**
 * The Model Context Protocol server (Streamable HTTP, stateless: each POST is answered on its own,
 * in JSON) at `/answer/api/v1/mcp`, for API keys only, while an administrator has it on; and
 * upstream 2.0's `GET|PUT /answer/admin/api/mcp-config`.
 */
export async function mcpRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  app.post(MCP_PATH, { config: { access: 'auth', openapi: { produces: 'application/json', summary: 'Model Context Protocol (JSON-RPC over Streamable HTTP, API keys only)' } } }, async (request, reply) => {
    if (!(await loadSiteSettings(runtime)).mcp.enabled) throw notFound('error.mcp.disabled');
    if (!request.apiKey) throw new AppError(401, 'error.mcp.key_required');
    const server = serverFor(request);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(key, value);
      const response = await transport.handleRequest(new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers, body: JSON.stringify(request.body ?? null) }), {
        parsedBody: request.body,
      });
      reply.code(response.status);
      response.headers.forEach((value, key) => void reply.header(key, value));
      return reply.send(await response.text());
    } finally {
      await server.close();
    }
  });
  // Stateless: no stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({ method, url: MCP_PATH, config: { access: 'auth', openapi: { response: null, summary: 'Not offered (stateless server): 405' } }, handler: async () => {
      throw new AppError(405, 'error.mcp.post_only');
    } });
  }

  app.get(`${ADMIN_API_PREFIX}/mcp-config`, { config: { access: 'admin', openapi: { response: 'McpConfig' } } }, async (request, reply) => send(request, reply, await mcpConfig(runtime, request)));
  app.put(`${ADMIN_API_PREFIX}/mcp-config`, { config: { access: 'admin', openapi: { body: siteMcpSchema, response: null } } }, async (request, reply) => {
    await saveSiteGroup(runtime, 'mcp', parseInput(siteMcpSchema, request.body));
    return send(request, reply, null);
  });
}
