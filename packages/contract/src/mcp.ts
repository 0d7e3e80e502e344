import { z } from 'zod';
import { QUESTION_ORDERS } from './content.js';
import { LIMITS } from './limits.js';
import { SEARCH_ORDERS, SEARCH_QUERY_MAX } from './search.js';

/**
 * The MCP server's tools (issue 28): what an AI assistant connected with an API key may ask.
 * Each tool is one or a few calls of this API, made as the key's owner, so a tool sees and does
 * exactly what the owner's key may. Write tools are offered only to keys that may write.
 */
const page = z.number().int().min(1).max(1000).optional().describe('Page number, from 1.');
const id = z.string().min(1).max(40);

export const MCP_TOOLS = {
  search: {
    title: 'Search posts',
    description:
      'Full-text search over the questions and answers the key may see. The query takes the site\'s operators: [tag], user:name, is:question, is:answer, answers:N, score:N, "exact phrase".',
    input: { query: z.string().min(1).max(SEARCH_QUERY_MAX).describe('Words and operators.'), order: z.enum(SEARCH_ORDERS).optional(), page },
    write: false,
  },
  get_question: {
    title: 'Get a question',
    description: 'A question with its answers and the comments on the question, by question id.',
    input: { id: id.describe('The question id.') },
    write: false,
  },
  list_questions: {
    title: 'List questions',
    description: 'Questions in one of the site\'s orders, optionally of one tag.',
    input: { order: z.enum(QUESTION_ORDERS).optional(), tag: z.string().max(LIMITS.tagNameMax).optional().describe('A tag\'s slug name.'), page },
    write: false,
  },
  list_tags: {
    title: 'List tags',
    description: 'Tags, the most used first, optionally those whose name contains a text.',
    input: { query: z.string().max(LIMITS.tagNameMax).optional(), page },
    write: false,
  },
  get_tag: {
    title: 'Get a tag',
    description: 'A tag\'s description and counts, by slug name.',
    input: { name: z.string().min(1).max(LIMITS.tagNameMax) },
    write: false,
  },
  get_user: {
    title: 'Get a user',
    description: 'A person\'s public profile, by username.',
    input: { username: z.string().min(1).max(LIMITS.adminNameMax) },
    write: false,
  },
  ask_question: {
    title: 'Ask a question',
    description: 'Posts a new question as the key\'s owner. Content is Markdown.',
    input: {
      title: z.string().min(1).max(LIMITS.questionTitleMax),
      content: z.string().min(1).max(65535),
      tags: z.array(z.string().min(1).max(LIMITS.tagNameMax)).min(1).max(10).describe('Tag slug names.'),
    },
    write: true,
  },
  post_answer: {
    title: 'Answer a question',
    description: 'Posts an answer to a question as the key\'s owner. Content is Markdown.',
    input: { question_id: id, content: z.string().min(LIMITS.answerMin).max(65535) },
    write: true,
  },
  add_comment: {
    title: 'Comment',
    description: 'Comments on a question or an answer as the key\'s owner.',
    input: { object_id: id.describe('The question or answer id.'), content: z.string().min(1).max(600) },
    write: true,
  },
  vote: {
    title: 'Vote',
    description: 'Votes a question, an answer or a comment up or down as the key\'s owner, or takes the vote back.',
    input: { object_id: id, direction: z.enum(['up', 'down']), cancel: z.boolean().optional().describe('Take the vote back.') },
    write: true,
  },
} as const;
export type McpToolName = keyof typeof MCP_TOOLS;

export const siteMcpSchema = z.object({ enabled: z.boolean({ message: 'error.common.invalid_type' }) });

/** `GET /answer/admin/api/mcp-config`, upstream 2.0's shape: how a client connects. */
export interface McpConfig {
  enabled: boolean;
  type: 'streamable-http';
  url: string;
  http_header: string;
}
