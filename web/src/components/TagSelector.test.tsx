import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import type { ChosenTag } from './tag-input';
import { TagSelector } from './TagSelector';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const searchTags = vi.hoisted(() => vi.fn());
vi.mock('../api/questions', () => ({ searchTags }));
// The member's tag.add privilege, as the server's probe would answer it.
const tagAdd = vi.hoisted(() => ({ current: { allowed: true, tip: '', need: 0 } }));
vi.mock('../hooks/usePermission', () => ({ usePermission: () => tagAdd.current }));

const DOCKER = [
  { slug_name: 'docker', display_name: 'docker' },
  { slug_name: 'docker-compose', display_name: 'docker-compose' },
];

describe('TagSelector', () => {
  let host: HTMLDivElement;
  let root: Root;
  let chosen: ChosenTag[];

  function Harness() {
    const [tags, setTags] = useState<ChosenTag[]>([]);
    chosen = tags;
    return <TagSelector label="Tags" value={tags} onChange={setTags} />;
  }

  const input = () => host.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  const type = (text: string) =>
    act(() => {
      input().focus();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), text);
      input().dispatchEvent(new Event('input', { bubbles: true }));
    });
  const press = (key: string) => act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
  /** Past the typing pause, with the (mocked) search answered: a second act renders what the first one queued. */
  const settle = async () => {
    await act(() => new Promise((r) => setTimeout(r, 300)));
    await act(() => new Promise((r) => setTimeout(r, 50)));
  };
  const rows = () => [...host.querySelectorAll('[role="option"]')].map((o) => o.textContent);

  beforeAll(() => initI18n());
  beforeEach(() => {
    tagAdd.current = { allowed: true, tip: '', need: 0 };
    searchTags.mockResolvedValue(DOCKER);
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <Harness />
        </QueryClientProvider>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('Enter picks the highlighted suggestion, not the typed fragment', async () => {
    await type('dock');
    await settle();
    expect(rows()).toEqual(['docker', 'docker-compose', 'Create the tag “dock”']);
    expect(host.querySelector('[aria-selected="true"]')?.textContent).toBe('docker');
    await press('Enter');
    expect(chosen).toEqual([{ slug_name: 'docker', display_name: 'docker' }]);
    expect(input().value).toBe('');
  });

  it('an Enter pressed before the suggestions arrived waits for them', async () => {
    // The search answers only when told to: on a slow machine the typing pause may pass before Enter.
    let answer!: () => void;
    searchTags.mockReturnValue(new Promise((resolve) => (answer = () => resolve(DOCKER))));
    await type('dock');
    await press('Enter');
    expect(chosen).toEqual([]);
    answer();
    await settle();
    expect(chosen).toEqual([{ slug_name: 'docker', display_name: 'docker' }]);
  });

  it('creates a new tag only on purpose: the create row, or Enter after closing the list', async () => {
    await type('dock');
    await settle();
    await press('ArrowUp');
    expect(host.querySelector('[aria-selected="true"]')?.textContent).toBe('Create the tag “dock”');
    expect(input().getAttribute('aria-activedescendant')).toBe(host.querySelector('[aria-selected="true"]')?.id);
    await press('Enter');
    expect(chosen).toEqual([{ slug_name: 'dock', display_name: 'dock', is_new: true }]);

    await type('swarm');
    await settle();
    await press('Escape');
    await press('Enter');
    expect(chosen.map((c) => c.slug_name)).toEqual(['dock', 'swarm']);
  });

  it('offers no creation when the exact name exists', async () => {
    await type('Docker');
    await settle();
    expect(rows()).toEqual(['docker', 'docker-compose']);
    await press('Enter');
    expect(chosen).toEqual([{ slug_name: 'docker', display_name: 'docker' }]);
  });

  it('tells a member without the privilege that a new tag needs reputation, and never offers one', async () => {
    tagAdd.current = { allowed: false, tip: 'You need at least 750 reputation to do this.', need: 750 };
    await type('kubernetes');
    await settle();
    expect(host.querySelector('.form-text')!.textContent).toContain('creating a new tag needs 750 reputation');
    expect(rows().some((r) => r?.includes('Create'))).toBe(false);
    await press('Escape');
    await press('Enter');
    expect(chosen).toEqual([]);
    expect(host.textContent).toContain('There is no tag “kubernetes” yet');
  });
});
