import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Avatar } from './Avatar';
import { avatarColour } from './avatar-colour';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const drawn = (markup: string) => {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host.querySelector<HTMLElement>('[role="img"]')!;
};

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

it("draws a user without a picture as their initials on their own colour, named for screen readers", () => {
  const avatar = drawn(renderToStaticMarkup(<Avatar name="Ada Lovelace" seed="ada" size={40} />));
  expect(avatar.textContent).toBe('AL');
  expect(avatar.getAttribute('aria-label')).toBe('Ada Lovelace');
  expect(avatar.style.backgroundColor).not.toBe('');
  expect(avatar.style.width).toBe('40px');
});

it('keeps the colour of the username when the display name changes', () => {
  const before = drawn(renderToStaticMarkup(<Avatar name="Ada" seed="ada" />)).style.backgroundColor;
  const after = drawn(renderToStaticMarkup(<Avatar name="Countess Lovelace" seed="ada" />)).style.backgroundColor;
  expect(after).toBe(before);
  // Without a seed the name picks it.
  const byName = drawn(renderToStaticMarkup(<Avatar name="ada" />)).getAttribute('style');
  expect(byName).toContain(avatarColour('ada'));
});

it('leaves uploaded and Gravatar pictures as they are', () => {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<Avatar src="/uploads/avatar/a.webp" name="Ada" seed="ada" />);
  expect(host.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatar/a.webp');
  expect(host.querySelector('[role="img"]')).toBeNull();
});
