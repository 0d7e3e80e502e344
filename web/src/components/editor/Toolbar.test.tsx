import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { addPart } from '../../plugins/part-changes';
import { pluginParts } from '../../plugins/parts';
import { Toolbar } from './Toolbar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EMPTY = pluginParts.get();
let root: Root;
let host: HTMLDivElement;

beforeAll(() => initI18n());
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

describe("the editor toolbar's own buttons", () => {
  it('draw a Bootstrap icon each, hidden from screen readers, and are named by their label', async () => {
    await act(async () => root.render(<Toolbar onItem={() => undefined} onPluginButton={() => undefined} />));
    const tools = [...host.querySelectorAll<HTMLButtonElement>('[data-tool]')];
    expect(tools).toHaveLength(14);
    for (const tool of tools) {
      const icon = tool.querySelector('svg');
      expect(icon?.getAttribute('aria-hidden'), tool.dataset.tool).toBe('true');
      expect(icon?.querySelector('path'), tool.dataset.tool).not.toBeNull();
      // No text glyph beside the icon: the label is the only name.
      expect(tool.textContent, tool.dataset.tool).toBe('');
      expect(tool.getAttribute('aria-label'), tool.dataset.tool).toBeTruthy();
    }
    expect(host.querySelector('[data-tool="bold"]')?.getAttribute('aria-label')).toBe('Bold');
  });

  it('follow the colour theme instead of a fixed light button style', async () => {
    await act(async () => root.render(<Toolbar onItem={() => undefined} onPluginButton={() => undefined} />));
    expect(host.querySelector('.btn-light')).toBeNull();
  });
});

describe("the editor toolbar's plugin buttons", () => {
  it("follow the app's own buttons, named and drawn by the plugin, and report which was pressed", async () => {
    const onPluginButton = vi.fn();
    await act(async () => root.render(<Toolbar onItem={() => undefined} onPluginButton={onPluginButton} />));
    expect(host.querySelector('[data-plugin-tool]')).toBeNull();

    const formula = { slug: 'maths', name: 'formula', title: () => 'Formula', icon: '<svg viewBox="0 0 16 16"><path d="M1 1h14"/></svg>', run: vi.fn() };
    await act(async () => addPart('editorButtons', formula));
    const button = host.querySelector<HTMLButtonElement>('[data-plugin-tool="maths/formula"]')!;
    expect(button.getAttribute('aria-label')).toBe('Formula');
    expect(button.querySelector('svg path')).not.toBeNull();
    // After the app's buttons (their last one is help).
    const tools = [...host.querySelectorAll('button')];
    expect(tools.indexOf(button)).toBe(tools.length - 1);

    await act(async () => button.click());
    expect(onPluginButton).toHaveBeenCalledWith(formula);
  });
});
