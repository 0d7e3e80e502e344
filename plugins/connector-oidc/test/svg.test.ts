import { describe, expect, it } from 'vitest';
import { builtInIcon } from '../src/icons.ts';
import { svgProblem } from '../src/svg.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

describe('icon SVG', () => {
  it.each([
    `<svg ${NS} viewBox="0 0 24 24"><path d="M0 0h24v24H0z" fill="#333"/></svg>`,
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported --><svg ${NS}><title>Logo</title><style>.a{fill:#fff}</style><rect class="a" width="1" height="1"/></svg>\n`,
    `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0"/><linearGradient id="g"/></defs><use xlink:href="#p" fill="url(#g)"/></svg>`,
    `<svg ${NS}><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>`,
  ])('accepts %j', (svg) => {
    expect(svgProblem(svg)).toBeNull();
  });

  it('accepts every built-in icon', () => {
    for (const id of ['key', 'google', 'microsoft', 'gitlab', 'keycloak', 'authentik', 'github'] as const) expect(svgProblem(builtInIcon(id))).toBeNull();
  });

  it.each([
    ['not SVG', '<img src="x.png">'],
    ['trailing HTML', `<svg ${NS}></svg><script>alert(1)</script>`],
    ['script', `<svg ${NS}><script>alert(1)</script></svg>`],
    ['script in another case', `<svg ${NS}><SCRIPT>alert(1)</SCRIPT></svg>`],
    ['foreignObject', `<svg ${NS}><foreignObject><div/></foreignObject></svg>`],
    ['an event attribute', `<svg ${NS} onload="alert(1)"></svg>`],
    ['an event attribute after a slash', `<svg/onload=alert(1) ${NS}></svg>`],
    ['an event attribute on a child', `<svg ${NS}><rect\nonclick = "x()"/></svg>`],
    ['a javascript: link', `<svg ${NS}><a href="javascript:alert(1)"><rect/></a></svg>`],
    ['an outside image', `<svg ${NS}><image href="https://tracker.example/p.png"/></svg>`],
    ['an unquoted link', `<svg ${NS}><a href=https://x.example><rect/></a></svg>`],
    ['an SVG data image', `<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`],
    ['SMIL set', `<svg ${NS}><a><set attributeName="href" to="https://x"/></a></svg>`],
    ['a DOCTYPE', `<!DOCTYPE svg [<!ENTITY x "y">]><svg ${NS}>&x;</svg>`],
    ['an entity inside', `<svg ${NS}><!ENTITY x "y"></svg>`],
    ['CSS url()', `<svg ${NS}><style>rect{fill:url(https://x.example/a)}</style></svg>`],
    ['CSS @import', `<svg ${NS}><style>@import "https://x.example/a.css";</style></svg>`],
    ['too long', `<svg ${NS}>${'<rect/>'.repeat(3000)}</svg>`],
  ])('refuses %s', (_what, svg) => {
    expect(svgProblem(svg)).not.toBeNull();
  });
});
