import type { SiteQuestion } from '@answer/contract';
import { FieldErrors, type FieldIssue } from '../../core/errors.js';

/**
 * The question group's rules (beyond 1.4.0) for a question being asked or edited: shortest title
 * and body (trimmed, in characters) and most tags. The contract's fixed limits are checked before.
 */
export function checkQuestionRules(rules: SiteQuestion, input: { title: string; content: string; tags: unknown[] }): void {
  const issues: FieldIssue[] = [];
  if (input.title.trim().length < rules.min_title_length) issues.push({ field: 'title', reason: 'error.question.title_too_short', vars: { min: rules.min_title_length } });
  if (input.content.trim().length < rules.min_body_length) issues.push({ field: 'content', reason: 'error.question.content_too_short', vars: { min: rules.min_body_length } });
  if (input.tags.length > rules.max_tags) issues.push({ field: 'tags', reason: 'error.tag.too_many', vars: { max: rules.max_tags } });
  if (issues.length) throw new FieldErrors(issues);
}
