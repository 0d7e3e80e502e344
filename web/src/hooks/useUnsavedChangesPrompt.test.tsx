import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { useUnsavedChangesPrompt } from './useUnsavedChangesPrompt';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A form with changes from the start, like an edit page after typing; "save" posts and leaves. */
function DirtyForm() {
  const [posted, setPosted] = useState(false);
  const { leave } = useUnsavedChangesPrompt(true);
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        id="save"
        onClick={async () => {
          await Promise.resolve(); // the request
          setPosted(true);
          leave('/done');
        }}
      >
        save
      </button>
      <button type="button" id="away" onClick={() => navigate('/elsewhere')}>
        away
      </button>
      <p id="form">{posted ? 'posted' : 'editing'}</p>
    </>
  );
}

describe('useUnsavedChangesPrompt', () => {
  let host: HTMLDivElement;
  let root: Root;
  let router: ReturnType<typeof createMemoryRouter>;

  beforeAll(() => initI18n());
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    router = createMemoryRouter(
      [
        { path: '/form', element: <DirtyForm /> },
        { path: '/done', element: <p id="done">done</p> },
        { path: '/elsewhere', element: <p id="elsewhere">elsewhere</p> },
      ],
      { initialEntries: ['/form'] },
    );
    act(() => root.render(<RouterProvider router={router} />));
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const click = (id: string) => act(async () => host.querySelector<HTMLButtonElement>(`#${id}`)?.click());

  it('leaves after a successful save without asking, even though the form still holds the changes', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    await click('save');
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/done');
    expect(host.querySelector('#done')).not.toBeNull();
  });

  it('still asks before other navigation, and cancelling keeps the form', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await click('away');
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to leave? Changes you made may not be saved.');
    expect(router.state.location.pathname).toBe('/form');
    expect(host.querySelector('#form')?.textContent).toBe('editing');
  });

  it('does not hold the tab open once released', async () => {
    await act(async () => {
      await router.navigate('/form?again');
    });
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);

    await click('save');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
