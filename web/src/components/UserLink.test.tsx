import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserLink } from './UserLink';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('UserLink', () => {
  let host: HTMLDivElement;
  let root: Root;
  const show = (node: ReactNode) => {
    const router = createMemoryRouter([{ path: '/', element: node }]);
    act(() => root.render(<RouterProvider router={router} />));
  };

  beforeEach(() => {
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => act(() => root.unmount()));

  it('links the display name to the profile, the address escaping the username', () => {
    show(<UserLink user={{ username: 'ann lee', display_name: 'Ann' }} />);
    const link = host.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/users/ann%20lee');
    expect(link?.textContent).toBe('Ann');
  });

  it('falls back to the username when there is no display name', () => {
    show(<UserLink user={{ username: 'bob', display_name: '' }} />);
    expect(host.querySelector('a')?.textContent).toBe('bob');
  });

  it('puts the avatar inside the link, hidden from screen readers beside the name', () => {
    show(<UserLink user={{ username: 'carol', display_name: 'Carol', avatar: '/uploads/avatar/c.png' }} avatarSize={24} />);
    const link = host.querySelector('a');
    expect(link?.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatar/c.png');
    expect(link?.querySelector('[aria-hidden="true"] img')).not.toBeNull();
    expect(link?.textContent).toBe('Carol');
  });

  it('an avatar alone is the link and names the person', () => {
    show(<UserLink user={{ username: 'carol', display_name: 'Carol' }} avatarOnly />);
    const link = host.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/users/carol');
    expect(link?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Carol');
  });

  it('a deleted user is plain text: there is no profile to open', () => {
    show(<UserLink user={{ username: 'user7x', display_name: 'user7x', status: 'deleted' }} avatarSize={20} />);
    expect(host.querySelector('a')).toBeNull();
    expect(host.querySelector('[data-testid="user-name"]')?.textContent).toContain('user7x');
  });
});
