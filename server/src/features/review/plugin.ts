import type { AnswerPlugin, ReviewContent, ReviewResult } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { judge } from './rules.js';

export const REVIEW_RULES_SLUG = 'review_rules';

const RESULT = { approve: 'approved', need_review: 'need_review', delete: 'delete_directly' } as const;

/**
 * The site's own review rules (rules.ts, set in Admin → Review), behind the reviewer interface
 * like any reviewer plugin. It is loaded first, so it is asked before the others, as upstream asks
 * its reviewers in load order. Comments are not judged by these rules (domain.md 5.11). Its
 * reason is a translation key with values (JSON), which the queue shows in the moderator's
 * language; its rule names the queue's "submitter" (`review_rules.<rule>`).
 */
export function reviewRulesPlugin(runtime: Runtime): AnswerPlugin {
  return {
    info: {
      slug_name: REVIEW_RULES_SLUG,
      name: { en_US: 'Review rules', zh_CN: '审核规则' },
      description: {
        en_US: 'The site’s own rules for new posts: blocked and watched words, low reputation, first posts, links. Set them in Admin → Review rules.',
        zh_CN: '站点自带的新帖规则：屏蔽词和关注词、低声望、首批帖子、链接数量。在 管理 → 审核规则 中设置。',
      },
      version: 'built-in',
      author: 'Answer team',
    },
    enabledByDefault: true,
    reviewer: {
      async review(content: ReviewContent): Promise<ReviewResult> {
        if (content.objectType === 'comment' || content.author.role !== 'user') return { result: 'approved' };
        const { verdict, rule } = await judge(
          {
            objectType: content.objectType,
            title: content.title ?? '',
            content: content.markdown,
            html: content.content,
            tags: content.tags ?? [],
            author: content.author,
          },
          (await loadSiteSettings(runtime)).review,
        );
        if (verdict.decision === 'approve') return { result: 'approved' };
        return { result: RESULT[verdict.decision], reason: JSON.stringify(verdict.reason ?? {}), rule };
      },
    },
  };
}
