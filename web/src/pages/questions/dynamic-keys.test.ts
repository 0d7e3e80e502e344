import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en_US/ui.json';
import zhCN from '../../../../locales/zh_CN/ui.json';

/** Keys the question pages build from server values (orders, operations, states), which the bundle test cannot see. */
const DYNAMIC = [
  ...['newest', 'active', 'frequent', 'score', 'unanswered'].map((o) => `question.order.${o}`),
  ...['asked', 'answered', 'modified'].map((o) => `question.operation.${o}`),
  ...['closed', 'deleted', 'pending'].map((s) => `question.state.${s}`),
  ...['default', 'newest', 'oldest', 'votes'].map((o) => `question.answer_order.${o}`),
  ...['deleted', 'pending'].map((s) => `question.answer_state.${s}`),
  ...['too_long', 'too_many'].map((e) => `question.form.tag_${e}`),
  ...['title_required', 'title_too_long', 'body_required', 'tags_required', 'answer_too_short'].map((e) => `question.form.${e}`),
  ...['not_image', 'too_large'].map((e) => `editor.image_dialog.${e}`),
  ...['reason_required', 'msg_required', 'url_invalid', 'url_origin'].map((e) => `question.close.${e}`),
  'question.edited',
  'question.answered',
];

const lookup = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('question page translations', () => {
  it.each([
    ['en_US', enUS],
    ['zh_CN', zhCN],
  ])('%s has every key built at run time', (_, bundle) => {
    expect(DYNAMIC.filter((key) => typeof lookup(bundle, key) !== 'string')).toEqual([]);
  });
});
