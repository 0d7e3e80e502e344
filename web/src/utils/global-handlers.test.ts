import { afterEach, describe, expect, it, vi } from 'vitest';
import { forceFullNavigation, hideBrokenImages } from './global-handlers';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  document.body.innerHTML = '';
});

function click(el: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(event);
  return event;
}

describe('links to the server API', () => {
  it('do a full navigation that the app never sees', () => {
    const assign = vi.fn();
    const appHandler = vi.fn();
    cleanup = forceFullNavigation(document, assign);
    document.body.innerHTML = '<div id="app"><a href="/answer/api/v1/connector/login/github"><span>GitHub</span></a></div>';
    document.getElementById('app')!.addEventListener('click', appHandler);
    const event = click(document.querySelector('span')!);
    expect(assign).toHaveBeenCalledWith('/answer/api/v1/connector/login/github');
    expect(event.defaultPrevented).toBe(true);
    expect(appHandler).not.toHaveBeenCalled();
  });

  it('leave other links and modified clicks alone', () => {
    const assign = vi.fn();
    cleanup = forceFullNavigation(document, assign);
    document.body.innerHTML = '<a id="a" href="/questions">Q</a><a id="b" href="/answer/api/v1/x">X</a>';
    // Stands in for the router: sees whether the click reached it untouched (and stops jsdom navigating).
    const reachedApp: boolean[] = [];
    const app = (e: Event) => {
      reachedApp.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.body.addEventListener('click', app);
    click(document.getElementById('a')!);
    click(document.getElementById('b')!, { ctrlKey: true });
    document.body.removeEventListener('click', app);
    expect(reachedApp).toEqual([true, true]);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('broken images', () => {
  it('are hidden without alt text and kept with it', () => {
    cleanup = hideBrokenImages(document);
    document.body.innerHTML = '<img id="bare" src="/x.png"><img id="described" alt="Logo" src="/y.png">';
    for (const img of document.querySelectorAll('img')) img.dispatchEvent(new Event('error'));
    expect((document.getElementById('bare') as HTMLImageElement).style.display).toBe('none');
    expect((document.getElementById('described') as HTMLImageElement).style.display).toBe('');
  });
});
