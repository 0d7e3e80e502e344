import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../api/notification';
import { notificationLink, notificationsPath, notificationsRoute, rankText } from './notification-links';

const item = (object_type: string, object_id: string, object_map: NotificationItem['object_info']['object_map']) => ({
  object_info: { object_type, object_id, title: 'How do I back up?', object_map },
});

describe('notificationLink', () => {
  it('opens a question', () => {
    expect(notificationLink(item('question', 'Q1', { question: 'Q1' }), 2)).toBe('/questions/Q1');
  });

  it('opens the exact answer under its question', () => {
    expect(notificationLink(item('answer', 'A1', { question: 'Q1', answer: 'A1' }), 2)).toBe('/questions/Q1/A1');
    // Title-slug permalink styles: there is no slug to add, the question page takes /q/a as it is.
    expect(notificationLink(item('answer', 'A1', { question: 'Q1', answer: 'A1' }), 1)).toBe('/questions/Q1/A1');
  });

  it('opens a comment on an answer or a question, naming the comment', () => {
    expect(notificationLink(item('comment', 'C1', { question: 'Q1', answer: 'A1', comment: 'C1' }), 2)).toBe('/questions/Q1/A1?commentId=C1#comment-C1');
    expect(notificationLink(item('comment', 'C2', { question: 'Q1', comment: 'C2' }), 2)).toBe('/questions/Q1?commentId=C2#comment-C2');
  });

  it('sends a badge award to its badge page', () => {
    expect(notificationLink(item('badge_award', '7', { badge_id: '3' }))).toBe('/badges/3');
  });

  it('falls back to the object id when the map lacks it, and gives up without a question', () => {
    expect(notificationLink(item('question', 'Q9', {}))).toBe('/questions/Q9');
    expect(notificationLink(item('answer', 'A1', {}))).toBeNull();
  });
});

describe('notificationsRoute and notificationsPath', () => {
  it('reads the stream and inbox filter from the URL', () => {
    expect(notificationsRoute('inbox')).toEqual({ type: 'inbox', inboxType: 'all' });
    expect(notificationsRoute('inbox', 'votes')).toEqual({ type: 'inbox', inboxType: 'votes' });
    expect(notificationsRoute('achievement')).toEqual({ type: 'achievement', inboxType: 'all' });
  });

  it('refuses what the page does not have', () => {
    expect(notificationsRoute('outbox')).toBeNull();
    expect(notificationsRoute('inbox', 'likes')).toBeNull();
    expect(notificationsRoute('achievement', 'votes')).toBeNull();
  });

  it('builds the addresses back', () => {
    expect(notificationsPath('inbox')).toBe('/users/notifications/inbox');
    expect(notificationsPath('inbox', 'invites', 2)).toBe('/users/notifications/inbox/invites?page=2');
    expect(notificationsPath('achievement', 'all', 3)).toBe('/users/notifications/achievement?page=3');
  });
});

it('signs reputation changes', () => {
  expect([10, -2, 0].map(rankText)).toEqual(['+10', '-2', '0']);
});

it('reads the read state as upstream sends it (true once read)', async () => {
  const { isUnread } = await import('../../../api/notification');
  expect([false, true].map((is_read) => isUnread({ is_read }))).toEqual([true, false]);
});
