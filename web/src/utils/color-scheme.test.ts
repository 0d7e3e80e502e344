import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyColorScheme, chooseScheme, resolveScheme } from './color-scheme';

/** A matchMedia double whose answer the test can flip, like a user switching the OS theme. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    listeners,
    set(next: boolean) {
      dark = next;
      for (const fn of listeners) fn();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('choosing the colour scheme', () => {
  it('prefers the user, then the site, then the stored choice', () => {
    expect(chooseScheme('dark', 'light', 'light')).toBe('dark');
    expect(chooseScheme('default', 'light', 'dark')).toBe('light');
    expect(chooseScheme('', '', 'dark')).toBe('dark');
    expect(chooseScheme(undefined, null, null)).toBe('system');
    expect(chooseScheme('purple', 'system', 'dark')).toBe('system');
  });

  it('resolves system from the OS preference', () => {
    expect(resolveScheme('system', true)).toBe('dark');
    expect(resolveScheme('system', false)).toBe('light');
    expect(resolveScheme('light', true)).toBe('light');
  });
});

describe('applying the colour scheme', () => {
  const root = () => document.documentElement.getAttribute('data-bs-theme');

  it('follows the system live while the scheme is system', () => {
    const system = fakeSystem(false);
    const stop = applyColorScheme('system');
    expect(root()).toBe('light');
    system.set(true);
    expect(root()).toBe('dark');
    stop();
    expect(system.listeners.size).toBe(0);
    system.set(false);
    expect(root()).toBe('dark');
  });

  it('ignores the system for an explicit scheme', () => {
    const system = fakeSystem(true);
    applyColorScheme('light');
    expect(root()).toBe('light');
    expect(system.listeners.size).toBe(0);
  });
});
