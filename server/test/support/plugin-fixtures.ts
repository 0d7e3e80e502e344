import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './app.js';

/**
 * Plugin packages that live outside the repository, as a third party ships them: plain ES modules
 * (already built), a package.json naming the server module, a web folder. Written to a temporary
 * folder; tests add them the documented ways (config.yaml `plugins:` or <data>/plugins).
 */
export function writePluginFixtures(): { root: string; hello: string; brokenLoad: string; misbehaving: string; cdn: string; connector: string } {
  const root = tempDir('answer-plugins-');
  const write = (dir: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  const hello = write(path.join(root, 'hello'), {
    'package.json': JSON.stringify({ name: 'answer-plugin-hello', version: '1.2.3', type: 'module', answer: { plugin: 'server.js' } }),
    'server.js': HELLO_SERVER,
    'web/web.js': HELLO_WEB,
    'web/hello.css': '.hello-fixture { color: rebeccapurple; }\n',
    'web/secret.txt': 'not a web file',
  });
  const brokenLoad = write(path.join(root, 'broken-load'), {
    'package.json': JSON.stringify({ name: 'answer-plugin-broken', type: 'module', main: 'index.js' }),
    'index.js': "throw new Error('the broken plugin cannot start');\n",
  });
  const misbehaving = write(path.join(root, 'misbehaving'), {
    'package.json': JSON.stringify({ name: 'answer-plugin-misbehaving', type: 'module', main: 'index.js' }),
    'index.js': MISBEHAVING_SERVER,
  });
  const cdn = write(path.join(root, 'cdn'), {
    'package.json': JSON.stringify({ name: 'answer-plugin-cdn', type: 'module', main: 'index.js' }),
    'index.js': "export default { info: { slug_name: 'cdn_fixture', name: 'CDN', description: 'Static files from a CDN.', version: '1.0.0' }, cdn: { staticPrefix: () => 'https://cdn.example.com/site/' } };\n",
  });
  const connector = write(path.join(root, 'connector'), {
    'package.json': JSON.stringify({ name: 'answer-plugin-test-connector', type: 'module', main: 'index.js' }),
    'index.js': CONNECTOR_SERVER,
  });
  return { root, hello, brokenLoad, misbehaving, cdn, connector };
}

const HELLO_SERVER = `
export default {
  info: { slug_name: 'hello_fixture', name: { en_US: 'Hello', zh_CN: '你好' }, description: 'A fixture plugin.', version: '1.2.3', author: 'Tests', sdk: '1.0.0' },
  config: {
    fields: [
      { name: 'greeting', type: 'input', title: 'Greeting', required: true, default: 'Hello' },
      { name: 'times', type: 'input', inputType: 'number', title: 'Times', min: 1, max: 5, default: 1 },
      { name: 'colour', type: 'select', title: 'Colour', options: [{ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }], default: 'red' },
      { name: 'loud', type: 'switch', title: 'Loud' },
      { name: 'days', type: 'checkbox', title: 'Days', options: [{ label: 'Mon', value: 'mon' }, { label: 'Tue', value: 'tue' }] },
      { name: 'token', type: 'input', title: 'Token', secret: true },
      { name: 'receiver', type: 'input', inputType: 'url', title: 'Receiver' },
      { name: 'about', type: 'legend', title: 'About' },
      { name: 'check', type: 'button', title: 'Check', action: { path: '/check' } },
    ],
    validate(values) {
      return values.greeting === 'forbidden' ? [{ field: 'greeting', message: { en_US: 'Not that word.', zh_CN: '不能用这个词。' } }] : [];
    },
  },
  userConfig: { fields: [{ name: 'shout', type: 'switch', title: 'Shout' }] },
  publicConfig: (values) => ({ greeting: values.greeting }),
  routes: {
    public: [{ method: 'GET', path: '/hello/:name', handler: async (req, ctx) => ({ data: { text: ctx.config().greeting + ', ' + req.params.name } }) }],
    member: [{ method: 'GET', path: '/me', handler: async (req, ctx) => ({ data: { user: req.user, shout: (await ctx.userConfig(req.user.id)).shout === true } }) }],
    admin: [{ method: 'POST', path: '/check', handler: async () => ({ message: { en_US: 'All good.', zh_CN: '一切正常。' } }) }],
  },
  notification: {
    async siteEvent(event, ctx) {
      const url = ctx.config().receiver;
      if (url) await ctx.deliver({ url, body: { type: event.type, title: event.questionTitle, tags: event.tags }, key: event.id });
    },
  },
  web: { dir: 'web', module: 'web.js', styles: ['hello.css'], pages: [{ path: 'hello-page', title: 'Hello page' }], adds: ['page'] },
};
`;

const HELLO_WEB = `
export default function setup(host) {
  host.addPage({ path: 'hello-page', title: 'Hello page', mount(el) { el.textContent = String(host.config.greeting) + ' from a plugin'; } });
}
`;

const MISBEHAVING_SERVER = `
export default {
  info: { slug_name: 'misbehaving', name: 'Misbehaving', description: 'Throws and hangs.', version: '0.1.0' },
  routes: {
    public: [
      { method: 'GET', path: '/boom', handler: async () => { throw new Error('boom in a hook'); } },
      { method: 'GET', path: '/slow', handler: () => new Promise(() => {}) },
    ],
  },
  render: { config() { throw new Error('no theme today'); } },
};
`;

/**
 * A connector whose "provider" is its own sender: the redirect goes straight back to the receiver
 * with the chosen person (`?who=` on the login URL is not passed; the test picks the person by the
 * code it adds to the callback) and the state the sender kept, which the receiver checks.
 */
const CONNECTOR_SERVER = `
const PEOPLE = {
  newcomer: { externalId: 'ext-newcomer', username: 'newcomer', displayName: 'New Comer', email: 'newcomer@example.com', emailVerified: true, groups: ['staff'] },
  claimer: { externalId: 'ext-claimer', username: 'claimer', email: 'admin@example.com', emailVerified: false },
  owner: { externalId: 'ext-owner', username: 'siteowner', email: 'siteowner@example.com', emailVerified: true },
  noemail: { externalId: 'ext-noemail', username: 'noemail' },
  nomail2: { externalId: 'ext-nomail2', username: 'nomail2' },
  nomail3: { externalId: 'ext-nomail3', username: 'nomail3' },
  grouped: { externalId: 'ext-grouped', username: 'grouped', email: 'grouped@example.com', emailVerified: true, groups: ['Answer-Mods'] },
  ungrouped: { externalId: 'ext-grouped', username: 'grouped', email: 'grouped@example.com', emailVerified: true, groups: [] },
  partner: { externalId: 'ext-partner', username: 'partner', email: 'someone@partner.example', emailVerified: true },
  second: { externalId: 'ext-second', username: 'second', email: 'second-login@example.com', emailVerified: true },
};
export default {
  info: { slug_name: 'test_connector', name: 'Test connector', description: 'Signs people in for the tests.', version: '1.0.0' },
  config: { fields: [{ name: 'provider', type: 'input', title: 'Provider', default: 'https://idp-one.example' }] },
  connector: {
    slug: 'testid',
    providerId: (ctx) => ctx.config().provider,
    // The provider's name alone, as upstream's clients expect (they show "Connect with {name}").
    name: { en_US: 'TestID', zh_CN: 'TestID 账号' },
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>',
    async sender({ receiverUrl }) {
      const state = Math.random().toString(36).slice(2);
      return { redirectUrl: receiverUrl + '?state=' + state, state: { state } };
    },
    async receiver({ query, state }) {
      if (!query.state || query.state !== state.state) throw new Error('state mismatch');
      const person = PEOPLE[query.code];
      if (!person) throw new Error('unknown person');
      return person;
    },
    async login({ username, password }) {
      return password === 'directory-pass' && PEOPLE[username] ? PEOPLE[username] : null;
    },
  },
};
`;
