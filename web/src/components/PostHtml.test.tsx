import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addPart, removeParts } from '../plugins/part-changes';
import { pluginParts } from '../plugins/parts';
import { PostHtml } from './PostHtml';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EMPTY = pluginParts.get();
let root: Root;
let host: HTMLDivElement;
const show = (html: string) => act(async () => root.render(<PostHtml html={html} testId="body" />));

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  pluginParts.set(EMPTY);
});

describe("plugins' renderers over a post body", () => {
  it('run once the HTML is in the page, again after a clean-up when it changes, and clean up on unmount', async () => {
    const seen: string[] = [];
    const cleanUp = vi.fn();
    const render = vi.fn((element: HTMLElement) => {
      seen.push(`${element.isConnected}:${element.innerHTML}`);
      element.querySelector('code')?.classList.add('typeset');
      return cleanUp;
    });
    addPart('renderers', { slug: 'maths', render });
    await show('<p><code>x^2</code></p>');
    expect(seen).toEqual(['true:<p><code>x^2</code></p>']);
    expect(host.querySelector('code')?.className).toBe('typeset');

    // The same HTML again (a parent rendered): nothing runs twice.
    await show('<p><code>x^2</code></p>');
    expect(render).toHaveBeenCalledTimes(1);

    await show('<p><code>y^3</code></p>');
    expect(cleanUp).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toBe('true:<p><code>y^3</code></p>');

    await act(async () => root.unmount());
    expect(cleanUp).toHaveBeenCalledTimes(2);
    root = createRoot(host);
  });

  it('run over bodies already shown when a plugin comes, and stop with it', async () => {
    await show('<p>body</p>');
    const cleanUp = vi.fn();
    const render = vi.fn(() => cleanUp);
    await act(async () => addPart('renderers', { slug: 'maths', render }));
    expect(render).toHaveBeenCalledWith(host.querySelector('[data-testid="body"]'));
    await act(async () => removeParts('maths'));
    expect(cleanUp).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
