import { describe, expect, it } from 'vitest';
import { ANSWER_ACTIONS, contentListHref, QUESTION_ACTIONS, readAnswersState, readQuestionsState, summarise, targetStatus, toggledAll, toggledOne } from './admin-content-params';

describe('admin content list state', () => {
  it('reads the address with defaults, and writes it back without them', () => {
    expect(readQuestionsState(new URLSearchParams(''))).toEqual({ status: 'normal', query: '', page: 1, questionId: '' });
    const state = readQuestionsState(new URLSearchParams('status=deleted&query=%20spam%20&page=3'));
    expect(state).toEqual({ status: 'deleted', query: 'spam', page: 3, questionId: '' });
    expect(contentListHref('/admin/questions', state)).toBe('/admin/questions?status=deleted&query=spam&page=3');
    expect(contentListHref('/admin/questions', { ...state, status: 'normal', query: '', page: 1 })).toBe('/admin/questions');
    // A tab the list does not have, or a page that is not a number, falls back.
    expect(readAnswersState(new URLSearchParams('status=closed&page=x'))).toMatchObject({ status: 'normal', page: 1 });
    // Upstream links name the question filter questionId.
    expect(readAnswersState(new URLSearchParams('questionId=10010000000000001')).questionId).toBe('10010000000000001');
    expect(contentListHref('/admin/answers', readAnswersState(new URLSearchParams('questionId=Q1')))).toBe('/admin/answers?question_id=Q1');
  });

  it('offers each tab only the actions that fit its posts', () => {
    expect(QUESTION_ACTIONS.normal).toEqual(['close', 'delete']);
    expect(QUESTION_ACTIONS.closed).toEqual(['reopen', 'delete']);
    expect(QUESTION_ACTIONS.deleted).toEqual(['undelete', 'purge']);
    expect(ANSWER_ACTIONS.normal).toEqual(['delete']);
    expect(ANSWER_ACTIONS.deleted).toEqual(['undelete', 'purge']);
    expect([targetStatus('close'), targetStatus('reopen'), targetStatus('delete'), targetStatus('undelete')]).toEqual(['closed', 'available', 'deleted', 'available']);
  });

  it('selects a page at once, or clears it when it was all selected', () => {
    expect([...toggledAll(new Set(), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggledAll(new Set(['a']), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggledAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([]);
    expect([...toggledAll(new Set(), [])]).toEqual([]);
    expect([...toggledOne(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggledOne(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });

  it('adds up a bulk reply', () => {
    expect(
      summarise([
        { id: '1', ok: true, changed: true, msg: '' },
        { id: '2', ok: true, changed: false, msg: '' },
        { id: '3', ok: false, changed: false, msg: 'Question not found.' },
        { id: '4', ok: false, changed: false, msg: 'Question not found.' },
      ]),
    ).toEqual({ changed: 1, unchanged: 1, failed: 2, messages: ['Question not found.'] });
  });
});
