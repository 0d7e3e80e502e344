import { describe, expect, it } from 'vitest';
import { insertMention, linkMentions, mentionAt } from './mention';

describe('@mentions', () => {
  it('finds the name being typed before the caret', () => {
    expect(mentionAt('hello @al', 9)).toEqual({ start: 6, query: 'al' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me@example', 15)).toBeNull();
    expect(mentionAt('@al and more', 12)).toBeNull();
    expect(mentionAt('line\n@bo', 8)).toEqual({ start: 5, query: 'bo' });
  });

  it('puts the picked username in place of what was typed', () => {
    expect(insertMention('hi @al, ok', 3, 6, 'alice')).toEqual({ text: 'hi @alice , ok', caret: 10 });
  });

  it('links picked users only and lists them once', () => {
    const result = linkMentions('@alice see @bob and @alice.', ['alice']);
    expect(result.text).toBe('[@alice](/users/alice) see @bob and [@alice](/users/alice).');
    expect(result.usernames).toEqual(['alice']);
  });

  it('leaves links written earlier alone', () => {
    expect(linkMentions('[@alice](/users/alice) hi', ['alice']).text).toBe('[@alice](/users/alice) hi');
  });
});
