import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstLoadStrings } from '../../../i18n';
import { i18n } from '../../../i18n/translator';
import { licenseUrl, PostSource } from './PostSource';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('PostSource', () => {
  let host: HTMLDivElement;
  let root: Root;
  const source = { url: 'https://cooking.stackexchange.com/questions/10', author_name: 'Alice Baker', author_url: 'https://cooking.stackexchange.com/users/5', license: 'CC BY-SA 3.0' };

  beforeEach(() => {
    i18n.addResourceBundle('en_US', firstLoadStrings);
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => act(() => root.unmount()));

  it('names the site, the author and the licence, each linked', () => {
    act(() => root.render(<PostSource source={source} />));
    expect(host.textContent).toBe('Originally posted on cooking.stackexchange.com by Alice Baker, licensed CC BY-SA 3.0.');
    const href = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.getAttribute('href');
    expect(href('post-source-link')).toBe(source.url);
    expect(href('post-source-author')).toBe(source.author_url);
    expect(href('post-source-license')).toBe('https://creativecommons.org/licenses/by-sa/3.0/');
  });

  it('names an author without an account as plain text, and an unknown one as such', () => {
    act(() => root.render(<PostSource source={{ ...source, author_name: 'Ghost', author_url: '' }} />));
    expect(host.querySelector('[data-testid="post-source-author"]')).toBeNull();
    expect(host.textContent).toContain('by Ghost,');
    act(() => root.render(<PostSource source={{ ...source, author_name: '', author_url: '' }} />));
    expect(host.textContent).toContain('by an unknown author,');
  });

  it('links an unversioned licence to the current deed', () => {
    expect(licenseUrl('CC BY-SA')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
  });
});
