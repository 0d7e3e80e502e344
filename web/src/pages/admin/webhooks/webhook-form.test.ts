import { WEBHOOK_EVENTS } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import enUS from '../../../../../locales/en_US/ui.json';
import { ApiError } from '../../../api/api-error';
import { EVENT_GROUPS, eventLabelKey, formValuesOf, groupOf, parseTags, webhookBodyOf, webhookPath, withFormFieldNames } from './webhook-form';

const labels = enUS.admin.webhooks.events as Record<string, string>;
const echo = (key: string) => key;

describe('webhook form', () => {
  it('puts every event of the contract in exactly one group, and has a label for each (and ping)', () => {
    const grouped = EVENT_GROUPS.flatMap((g) => g.events);
    expect(grouped.toSorted()).toEqual([...WEBHOOK_EVENTS].toSorted());
    expect(EVENT_GROUPS.map((g) => g.key)).toEqual(['questions', 'answers', 'comments', 'votes', 'users', 'flags', 'badges', 'review']);
    expect(groupOf('post.queued')).toBe('review');
    expect(groupOf('something.new')).toBe('other');
    for (const event of [...WEBHOOK_EVENTS, 'ping']) expect(labels[eventLabelKey(event).split('.').pop()!], event).toBeTruthy();
  });

  it('reads tags separated by commas as slugs, each once', () => {
    expect(parseTags(' Docker, kubernetes ,,docker，Ruby on Rails ')).toEqual(['docker', 'kubernetes', 'ruby-on-rails']);
    expect(parseTags('  ')).toEqual([]);
  });

  it('builds the request body in the contract order, or says which fields are wrong', () => {
    const values = { ...formValuesOf(), url: ' https://hooks.example.com/in ', events: ['vote', 'question.created'] as const, tags: 'go, rust' };
    expect(webhookBodyOf({ ...values, events: [...values.events] }, echo)).toEqual({
      data: { url: 'https://hooks.example.com/in', description: '', events: ['question.created', 'vote'], tags: ['go', 'rust'], enabled: true, allow_private: false },
    });
    expect(webhookBodyOf({ ...formValuesOf(), url: 'ftp://x', events: [] }, echo)).toEqual({ errors: { url: 'error.webhook.url_invalid', events: 'error.webhook.events_required' } });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(webhookBodyOf({ ...formValuesOf(), url: 'https://x.example', tags: many }, echo)).toEqual({ errors: { tags: 'admin.webhooks.tags_too_many' } });
    expect(webhookBodyOf({ ...formValuesOf(), url: 'https://x.example', tags: 'x'.repeat(36) }, echo)).toEqual({ errors: { tags: 'admin.webhooks.tag_too_long' } });
  });

  it('starts a new webhook on, with every event; an existing one with its own values', () => {
    expect(formValuesOf()).toMatchObject({ enabled: true, allow_private: false, events: [...WEBHOOK_EVENTS], tags: '' });
    expect(formValuesOf({ id: 1, url: 'https://a.example', description: 'd', secret: 's', events: ['vote'], tags: ['go', 'rust'], enabled: false, allow_private: true, failure_count: 0, disabled_reason: '', created_at: 1 })).toEqual({
      url: 'https://a.example',
      description: 'd',
      events: ['vote'],
      tags: 'go, rust',
      enabled: false,
      allow_private: true,
    });
  });

  it('names an item of a list in a field error as the list', () => {
    const error = withFormFieldNames(new ApiError(400, 'error.common.invalid', '', null, [{ error_field: 'events.2', error_msg: 'bad' }, { error_field: 'tags[0]', error_msg: 'long' }, { error_field: 'url', error_msg: 'refused' }]));
    expect((error as ApiError).list.map((f) => f.error_field)).toEqual(['events', 'tags', 'url']);
  });

  it('links a webhook page and its later pages of deliveries', () => {
    expect(webhookPath(3)).toBe('/admin/webhooks/3');
    expect(webhookPath(3, 2)).toBe('/admin/webhooks/3?page=2');
  });
});
