import { type AiChatChunk, type AiStatus, aiAskSummarySchema, aiChatSchema, API_PREFIX, lastUserMessage } from '@answer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { send } from '../../core/envelope.js';
import { AppError, forbidden, notFound } from '../../core/errors.js';
import { canUseAssistant, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { apiCallFor } from '../mcp/tools.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';
import { askSummary, SummaryBudgetSpent } from './ask-summary.js';
import { ProviderFailure } from './chat-provider.js';
import { BudgetSpent, runTurn } from './chat-turn.js';
import { chosenChatProvider } from './config-store.js';
import { semanticNeighbours } from './embeddings/neighbours.js';
import { claimConversation, conversationRecords, dropIfEmpty, historyOf, saveTurn } from './conversations.js';
import type { Reader } from './retrieve.js';
import { giveBackQuestion, questionsLeftToday, takeQuestion, today } from './usage.js';

/**
 * The assistant's calls for members: upstream 2.0's `POST /chat/completions` (server-sent events
 * of OpenAI-style chunks) and ours: `GET /ai/status`, `POST /ai/ask-summary`. Refusals that can be
 * known before the provider answers (off, role, limits, provider down) are normal envelope errors;
 * a failure after the stream began is its last chunk (`error`).
 */
const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

/** The provider and settings, once the caller is known to be allowed; refuses otherwise. */
async function assistantFor(runtime: Runtime, user: SessionUser | null) {
  const settings = await loadSiteSettings(runtime);
  const provider = await chosenChatProvider(runtime);
  if (!provider) throw notFound('error.ai.disabled');
  if (!canUseAssistant(user, settings.ai.allowed_roles)) throw forbidden('error.ai.not_allowed');
  return { settings, provider };
}

/** What the prompt says of the site: its name and the administrator's instructions in the reader's language. */
function promptContext(settings: SiteSettings, lang: string) {
  return { lang, siteName: settings.general.name, sitePrompt: lang === 'zh_CN' ? settings.ai.prompt_config.zh_cn : settings.ai.prompt_config.en_us };
}

function readerFor(request: FastifyRequest): Reader {
  const runtime = request.server.runtime;
  const user = request.user!;
  return { runtime, user, api: apiCallFor(request), neighbours: (text, limit) => semanticNeighbours(runtime, user, text, limit) };
}

function providerError(error: ProviderFailure | BudgetSpent | SummaryBudgetSpent): AppError {
  if (!(error instanceof ProviderFailure)) return new AppError(429, 'error.ai.budget_spent');
  return new AppError(error.reason === 'rate_limited' ? 429 : 503, `error.ai.provider.${error.reason}`);
}

const isExpected = (error: unknown): error is ProviderFailure | BudgetSpent | SummaryBudgetSpent =>
  error instanceof ProviderFailure || error instanceof BudgetSpent || error instanceof SummaryBudgetSpent;

/** The member's stream: opened at the first thing worth sending, so early refusals stay envelopes. */
function eventStream(reply: FastifyReply, base: Omit<AiChatChunk, 'choices'>) {
  let opened = false;
  // A member who left has closed the socket: nothing more is written to it.
  const gone = () => reply.raw.destroyed || reply.raw.writableEnded;
  const write = (extra: Partial<AiChatChunk>, delta: AiChatChunk['choices'][0]['delta'] = {}, finish: AiChatChunk['choices'][0]['finish_reason'] = null) => {
    if (!gone()) reply.raw.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`);
  };
  const open = () => {
    if (opened) return;
    opened = true;
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' });
    write({}, { role: 'assistant' });
  };
  return {
    get opened() {
      return opened;
    },
    text(piece: string) {
      open();
      write({}, { content: piece });
    },
    step(step: NonNullable<AiChatChunk['step']>) {
      open();
      write({ step });
    },
    finish(extra: Partial<AiChatChunk>, reason: 'stop' | 'error') {
      open();
      write(extra, {}, reason);
      if (!gone()) reply.raw.end('data: [DONE]\n\n');
    },
  };
}

export async function aiChatRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get(`${API_PREFIX}/ai/status`, { config: { access: 'public', openapi: { response: 'AiStatus', summary: 'What the assistant offers the caller' } } }, async (request, reply) => {
    const { ai } = await loadSiteSettings(runtime);
    const enabled = (await chosenChatProvider(runtime)) !== null;
    const can_use = enabled && canUseAssistant(request.user ?? null, ai.allowed_roles);
    const status: AiStatus = {
      enabled,
      can_use,
      remaining_today: can_use ? await questionsLeftToday(runtime, request.user!.id) : 0,
      semantic_search: ai.semantic_search_enabled,
    };
    return send(request, reply, status);
  });

  app.post(
    `${API_PREFIX}/chat/completions`,
    { config: { access: 'auth', openapi: { body: aiChatSchema, produces: 'text/event-stream', summary: 'Ask the assistant (server-sent events of chat.completion.chunk)' } } },
    async (request, reply) => {
      const input = parseInput(aiChatSchema, request.body);
      const user = request.user!;
      const { settings, provider } = await assistantFor(runtime, user);
      const question = lastUserMessage(input.messages);
      const conversationId = input.conversation_id || randomId(18);
      const { isNew } = await claimConversation(runtime, conversationId, user.id, question);
      const day = today();
      if (!(await takeQuestion(runtime, user.id))) {
        if (isNew) await dropIfEmpty(runtime, conversationId);
        throw new AppError(429, 'error.ai.daily_limit', null, undefined, { limit: settings.ai.daily_limit_per_member });
      }
      const chatId = `chatcmpl-${randomId(18)}`;
      const stream = eventStream(reply, { id: chatId, chat_completion_id: chatId, conversation_id: conversationId, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: provider.model });
      // The member closing the page stops the provider call too.
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      const lang = request.lang;
      try {
        const result = await runTurn({
          runtime,
          reader: readerFor(request),
          provider,
          ...promptContext(settings, lang),
          history: isNew ? [] : historyOf(await conversationRecords(runtime, conversationId)),
          question,
          onText: (piece) => stream.text(piece),
          onStep: (step) => stream.step(step),
          signal: left.signal,
        });
        await saveTurn(runtime, conversationId, user.id, { chatCompletionId: chatId, question, answer: result.content, citations: result.citations, tokens: result.tokens });
        stream.finish({ citations: result.citations, html: result.html, grounded: result.grounded }, 'stop');
      } catch (error) {
        // Nothing useful came back: the question is not counted, a new conversation not kept.
        await giveBackQuestion(runtime, user.id, day);
        if (isNew) await dropIfEmpty(runtime, conversationId);
        if (!isExpected(error)) {
          if (!stream.opened) throw error;
          request.log.error({ err: error }, 'assistant turn failed');
          return stream.finish({ error: { reason: 'base.unknown', msg: t(lang, 'base.unknown') } }, 'error');
        }
        const refusal = providerError(error);
        request.log.warn({ reason: refusal.reason }, 'assistant provider failure');
        if (!stream.opened) throw refusal;
        stream.finish({ error: { reason: refusal.reason, msg: t(lang, refusal.reason) } }, 'error');
      }
    },
  );

  app.post(`${API_PREFIX}/ai/ask-summary`, { config: { access: 'auth', openapi: { body: aiAskSummarySchema, response: 'AiAskSummary', summary: 'What the site already says about a question being written' } } }, async (request, reply) => {
    const input = parseInput(aiAskSummarySchema, request.body);
    const user = request.user!;
    const { settings, provider } = await assistantFor(runtime, user);
    const lang = request.lang;
    const day = today();
    let charged = false;
    try {
      const summary = await askSummary(
        {
          runtime,
          reader: readerFor(request),
          provider,
          ...promptContext(settings, lang),
          title: input.title,
          content: input.content,
        },
        async () => (charged = await takeQuestion(runtime, user.id)),
      );
      if (!summary) throw new AppError(429, 'error.ai.daily_limit', null, undefined, { limit: settings.ai.daily_limit_per_member });
      return send(request, reply, summary);
    } catch (error) {
      if (!isExpected(error)) throw error;
      if (charged) await giveBackQuestion(runtime, user.id, day);
      throw providerError(error);
    }
  });
}
