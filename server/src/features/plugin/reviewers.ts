import type { ReviewContent } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';
import { callHook, PluginHookError } from './call.js';
import { pluginContext } from './context.js';
import { enabledHooks } from './enabled-hooks.js';

export interface PluginVerdict {
  /** The review row's submitter: the reviewer's slug, with the rule that decided when it names one. */
  submitter: string;
  result: 'need_review' | 'delete_directly';
  reason: string;
}

const RESULTS = new Set(['approved', 'need_review', 'delete_directly']);
/** A rule name a reviewer gives (anything else is dropped: the submitter is then the slug alone). */
const RULE = /^[a-z0-9_]{1,40}$/;
/** A reason is shown to moderators in the queue; a longer one is cut (the review row keeps plain text). */
const MAX_REASON = 2000;

/**
 * Asks the enabled reviewers about a new post (the site's own rules first: review/plugin.ts), in load order; the first that does not
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
      if (verdict.result === 'approved') continue;
      const rule = typeof verdict.rule === 'string' && RULE.test(verdict.rule) ? `.${verdict.rule}` : '';
      return { submitter: `${entry.slug}${rule}`, result: verdict.result, reason: String(verdict.reason ?? '').slice(0, MAX_REASON) };
    } catch (error) {
      if (!(error instanceof PluginHookError)) throw error;
    }
  }
  return null;
}
