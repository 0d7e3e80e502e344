import { describe, expect, it } from 'vitest';
import { questionProblemValues, serverFieldErrors, validateAnswer, validateQuestion } from './question-form';

describe('question form rules', () => {
  const ok = { title: 'How do I?', content: 'Body', tags: [{ slug_name: 'support', display_name: 'Support' }] };

  it('accepts a complete question', () => {
    expect(validateQuestion(ok)).toEqual({});
  });

  it('requires title, body and a tag, and limits the title to 150 characters', () => {
    expect(validateQuestion({ title: ' ', content: '\n', tags: [] })).toEqual({
      title: 'question.form.title_required',
      content: 'question.form.body_required',
      tags: 'question.form.tags_required',
    });
    expect(validateQuestion({ ...ok, title: 'x'.repeat(151) }).title).toBe('question.form.title_too_long');
    expect(validateQuestion({ ...ok, title: 'x'.repeat(150) }).title).toBeUndefined();
  });

  it("applies the site's question rules: shortest title and body, most tags", () => {
    const rules = { min_title_length: 15, min_body_length: 20, max_tags: 2 };
    const tags = ['a', 'b', 'c'].map((slug_name) => ({ slug_name, display_name: slug_name }));
    expect(validateQuestion({ title: 'Short title', content: `  ${'x'.repeat(19)}  `, tags }, rules)).toEqual({
      title: 'question.form.title_too_short',
      content: 'question.form.body_too_short',
      tags: 'question.form.tag_too_many',
    });
    expect(validateQuestion({ title: 'A long enough title', content: 'x'.repeat(20), tags: tags.slice(0, 2) }, rules)).toEqual({});
    expect(questionProblemValues(rules)['question.form.title_too_short']).toEqual({ min: 15 });
    expect(questionProblemValues(rules)['question.form.tag_too_many']).toEqual({ max: 2 });
  });

  it('wants answers of at least 6 characters', () => {
    expect(validateAnswer('short')).toBe('question.form.answer_too_short');
    expect(validateAnswer('long enough')).toBeUndefined();
  });

  it('puts nested server errors on their field and the rest on the form', () => {
    expect(serverFieldErrors({ 'tags.0.slug_name': 'Too long.', title: 'Required.' }, ['title', 'tags'])).toEqual({ tags: 'Too long.', title: 'Required.' });
    expect(serverFieldErrors({ captcha_code: 'Verification failed.', content: 'Empty.' }, ['content'])).toEqual({ form: 'Verification failed.', content: 'Empty.' });
  });
});
