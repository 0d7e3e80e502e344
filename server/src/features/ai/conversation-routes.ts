import {
  ADMIN_API_PREFIX,
  type AiUsage,
  aiConversationIdSchema,
  aiConversationPageSchema,
  aiConversationReportSchema,
  aiConversationVoteSchema,
  API_PREFIX,
} from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { adminConversationDetail, adminConversations } from './admin-conversations.js';
import { chosenChatProvider } from './config-store.js';
import { conversationDetail, conversationTotals, deleteConversation, memberConversations, reportAnswer, voteAnswer } from './conversations.js';
import { questionsToday, tokensThisMonth } from './usage.js';

/**
 * Conversations with the assistant: a member's own (upstream 2.0's list, detail and vote; our
 * delete and report) and the administrators' view of all of them (upstream's list, detail and
 * delete; our usage figures for the dashboard). A member only ever reaches their own: every
 * query names the owner, and someone else's id is "not found".
 */
export async function aiConversationRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const member = `${API_PREFIX}/ai/conversation`;
  const admin = `${ADMIN_API_PREFIX}/ai/conversation`;

  app.get(`${member}/page`, { config: { access: 'auth', openapi: { query: aiConversationPageSchema, response: 'AiConversationPage' } } }, async (request, reply) => {
    const { page, page_size } = parseInput(aiConversationPageSchema, request.query);
    return send(request, reply, await memberConversations(runtime, request.user!.id, page, page_size));
  });
  app.get(member, { config: { access: 'auth', openapi: { query: aiConversationIdSchema, response: 'AiConversationDetail' } } }, async (request, reply) => {
    const { conversation_id } = parseInput(aiConversationIdSchema, request.query);
    return send(request, reply, await conversationDetail(runtime, conversation_id, request.user!.id));
  });
  app.delete(member, { config: { access: 'auth', openapi: { body: aiConversationIdSchema, response: null } } }, async (request, reply) => {
    const { conversation_id } = parseInput(aiConversationIdSchema, request.body);
    await deleteConversation(runtime, conversation_id, request.user!.id);
    return send(request, reply, null);
  });
  app.post(`${member}/vote`, { config: { access: 'auth', openapi: { body: aiConversationVoteSchema, response: null } } }, async (request, reply) => {
    const input = parseInput(aiConversationVoteSchema, request.body);
    await voteAnswer(runtime, input.chat_completion_id, request.user!.id, input.vote_type, input.cancel);
    return send(request, reply, null);
  });
  app.post(`${member}/report`, { config: { access: 'auth', openapi: { body: aiConversationReportSchema, response: null } } }, async (request, reply) => {
    const input = parseInput(aiConversationReportSchema, request.body);
    await reportAnswer(runtime, input.chat_completion_id, request.user!.id, input.reason);
    return send(request, reply, null);
  });

  app.get(`${admin}/page`, { config: { access: 'admin', openapi: { query: aiConversationPageSchema, response: 'AiAdminConversationPage' } } }, async (request, reply) => {
    const { page, page_size } = parseInput(aiConversationPageSchema, request.query);
    return send(request, reply, await adminConversations(runtime, page, page_size));
  });
  app.get(admin, { config: { access: 'admin', openapi: { query: aiConversationIdSchema, response: 'AiAdminConversationDetail' } } }, async (request, reply) => {
    const { conversation_id } = parseInput(aiConversationIdSchema, request.query);
    return send(request, reply, await adminConversationDetail(runtime, conversation_id));
  });
  app.delete(admin, { config: { access: 'admin', openapi: { body: aiConversationIdSchema, response: null } } }, async (request, reply) => {
    const { conversation_id } = parseInput(aiConversationIdSchema, request.body);
    await deleteConversation(runtime, conversation_id, null);
    return send(request, reply, null);
  });
  app.get(`${ADMIN_API_PREFIX}/ai/usage`, { config: { access: 'admin', openapi: { response: 'AiUsage', summary: 'The assistant\'s figures for the dashboard' } } }, async (request, reply) => {
    const { ai } = await loadSiteSettings(runtime);
    const usage: AiUsage = {
      enabled: (await chosenChatProvider(runtime)) !== null,
      tokens_this_month: await tokensThisMonth(runtime),
      monthly_token_budget: ai.monthly_token_budget,
      questions_today: await questionsToday(runtime),
      ...(await conversationTotals(runtime)),
    };
    return send(request, reply, usage);
  });
}
