import { describe, expect, test } from 'vitest';
import { parseEmbed } from '../src/parse.js';

const ID = 'dQw4w9WgXcQ';
const LOOM = '0123456789abcdef0123456789abcdef';

describe('links that are embeds', () => {
  test.each([
    [`https://www.youtube.com/watch?v=${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://youtube.com/watch?v=${ID}&list=PL1&index=2`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://m.youtube.com/watch?v=${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`http://youtu.be/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://youtu.be/${ID}?t=90`, `https://www.youtube-nocookie.com/embed/${ID}?start=90`],
    [`https://www.youtube.com/watch?v=${ID}&t=1h2m3s`, `https://www.youtube-nocookie.com/embed/${ID}?start=3723`],
    [`https://www.youtube.com/shorts/${ID}/`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}?start=5`, `https://www.youtube-nocookie.com/embed/${ID}?start=5`],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://vimeo.com/76979871/8a7b6c5d4e', 'https://player.vimeo.com/video/76979871?h=8a7b6c5d4e&dnt=1'],
    ['https://player.vimeo.com/video/76979871?h=8a7b6c5d4e', 'https://player.vimeo.com/video/76979871?h=8a7b6c5d4e&dnt=1'],
    ['https://codepen.io/some_one/pen/abXYz12', 'https://codepen.io/some_one/embed/abXYz12?default-tab=result'],
    ['https://codepen.io/team-x/full/QWErty', 'https://codepen.io/team-x/embed/QWErty?default-tab=result'],
    [`https://www.loom.com/share/${LOOM}`, `https://www.loom.com/embed/${LOOM}`],
  ])('%s', (href, src) => {
    expect(parseEmbed(href)).toEqual({ platform: expect.any(String), src });
  });

  test('a gist is a card with an address rebuilt from its parts', () => {
    expect(parseEmbed('https://gist.github.com/octo-cat/0123456789abcdef0123/')).toEqual({
      platform: 'github_gist',
      user: 'octo-cat',
      id: '0123456789abcdef0123',
      href: 'https://gist.github.com/octo-cat/0123456789abcdef0123',
    });
  });
});

describe('links that are not', () => {
  test.each([
    'javascript:alert(1)',
    `javascript://www.youtube.com/watch?v=${ID}`,
    `data:text/html,<script>alert(1)</script>`,
    `//www.youtube.com/watch?v=${ID}`,
    `/watch?v=${ID}`,
    'not a url',
    // Lookalike hosts and hosts hidden in other parts of the address.
    'https://www.youtube.com.evil.com/watch?v=x',
    `https://www.youtube.com.evil.com/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://www.youtube.com.@evil.com/watch?v=${ID}`,
    `https://www.youtube.com@evil.com/watch?v=${ID}`,
    `https://evil.com/?next=https://www.youtube.com/watch?v=${ID}`,
    `https://evil.com/#https://youtu.be/${ID}`,
    `https://www.youtube.com./watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    // Ids that are not ids.
    'https://www.youtube.com/watch?v=x',
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}"`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 9)}"x`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 8)}'><`,
    `https://youtu.be/${ID.slice(0, 10)}%22`,
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/embed/${ID}/../../evil`.replace('/../../evil', '/x'),
    'https://vimeo.com/12ab',
    'https://vimeo.com/123/"onload=x',
    'https://vimeo.com/channels/staffpicks/123',
    'https://player.vimeo.com/video/123?h=zz"x',
    'https://codepen.io/a"b/pen/abc123',
    'https://codepen.io/user/pen/abc"123',
    'https://codepen.io/user/pen/abc123/extra',
    'https://codepen.io/user/collection/abc123',
    'https://gist.github.com/user/not-hex!',
    'https://gist.github.com/-user/0123456789abcdef',
    'https://gist.github.com/user',
    'https://www.loom.com/share/abc',
    `https://www.loom.com/share/${LOOM.toUpperCase()}z`,
  ])('%s', (href) => {
    expect(parseEmbed(href)).toBeNull();
  });

  test('a start time that is not a time is dropped', () => {
    expect(parseEmbed(`https://youtu.be/${ID}?t="><script>`)).toEqual({ platform: 'youtube', src: `https://www.youtube-nocookie.com/embed/${ID}` });
  });
});
