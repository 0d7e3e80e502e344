import type { ReviewContent } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';
import { callHook, PluginHookError } from './call.js';
import { pluginContext } from './context.js';
import { enabledHooks } from './enabled-hooks.js';

export interface PluginVerdict {
  /** The reviewer's slug: the review row's submitter. */
  slug: string;
  result: 'need_review' | 'delete_directly';
  reason: string;
}

const RESULTS = new Set(['approved', 'need_review', 'delete_directly']);
/** A reason is shown to moderators in the queue; a longer one is cut (the review row keeps plain text). */
const MAX_REASON = 2000;

/**
 * Asks the enabled reviewer plugins about a new post, in load order; the first that does not
 * approve decides and the rest are not asked (domain.md 15.1, "first rejection wins", as upstream
 * calls its reviewers). A reviewer that fails (throws, hangs, answers no known result) is passed
 * over: callHook has logged it and marked it failed. Null when every one approves, or none is on.
 */
export async function askReviewerPlugins(runtime: Runtime, content: ReviewContent): Promise<PluginVerdict | null> {
  for (const { entry, hooks } of await enabledHooks(runtime, 'reviewer')) {
    const ctx = await pluginContext(runtime, entry);
    try {
      const verdict = await callHook(runtime, entry, 'reviewer.review', async () => {
        const answer = await hooks.review(content, ctx);
        if (!answer || !RESULTS.has(answer.result)) throw new Error('review() must answer { result: approved | need_review | delete_directly }');
        return answer;
      });
      if (verdict.result !== 'approved') return { slug: entry.slug, result: verdict.result, reason: String(verdict.reason ?? '').slice(0, MAX_REASON) };
    } catch (error) {
      if (!(error instanceof PluginHookError)) throw error;
    }
  }
  return null;
}
