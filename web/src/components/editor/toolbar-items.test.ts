import { describe, expect, it } from 'vitest';
import enUS from '../../../../locales/en_US/ui.json';
import { applyEdit } from './markdown-commands';
import { TOOLBAR } from './toolbar-items';

const items = TOOLBAR.flat();

describe('editor toolbar', () => {
  it('names every button in the bundled language', () => {
    const labels = enUS.editor.toolbar as Record<string, string>;
    expect(items.filter((item) => !labels[item.id]).map((item) => item.id)).toEqual([]);
  });

  it('has every button the spec lists', () => {
    expect(items.map((item) => item.id).sort()).toEqual(
      ['blockquote', 'bold', 'bullet_list', 'code', 'heading', 'help', 'hr', 'image', 'indent', 'italic', 'link', 'ordered_list', 'outdent', 'table'].sort(),
    );
  });

  it('turns an empty document into valid text with every transform', () => {
    const t = (key: string) => key.split('.').pop()!;
    for (const item of items) {
      if (!('edit' in item)) continue;
      const edit = item.edit({ text: '', from: 0, to: 0 }, t);
      const text = applyEdit('', edit);
      expect(edit.anchor, item.id).toBeLessThanOrEqual(text.length);
      expect(edit.head, item.id).toBeLessThanOrEqual(text.length);
    }
  });
});
