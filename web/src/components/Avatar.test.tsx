import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { Avatar } from './Avatar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('shows the initial instead of a picture that cannot be loaded', () => {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(<Avatar src="https://unreachable.example/avatar.png" name="carol" />));
  const img = host.querySelector('img');
  expect(img?.getAttribute('alt')).toBe('carol');
  act(() => {
    img?.dispatchEvent(new Event('error'));
  });
  expect(host.querySelector('img')).toBeNull();
  expect(host.querySelector('[role="img"]')?.textContent).toBe('C');
  act(() => root.unmount());
});
