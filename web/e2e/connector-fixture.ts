import fs from 'node:fs';
import path from 'node:path';

/** The slug the admin enables, and the connector's name on the login page. */
export const TEST_CONNECTOR = { slug: 'test_connector', button: 'Sign in with TestID' } as const;

/**
 * A connector plugin that is its own identity provider, as a third party would ship it (a plain ES
 * module). Its sender sends the browser straight back to the receiver with the state it kept and a
 * fixed person (`code=newcomer`), so a browser can go through the whole redirect sign-in without
 * another site; the receiver checks the state as a real provider's callback would be checked.
 */
const SERVER_MODULE = `
const PEOPLE = {
  newcomer: { externalId: 'ext-newcomer', username: 'newcomer', displayName: 'New Comer', email: 'newcomer@example.com', emailVerified: true },
};
export default {
  info: { slug_name: '${TEST_CONNECTOR.slug}', name: 'Test connector', description: 'Signs a fixed person in, for the browser tests.', version: '1.0.0' },
  connector: {
    slug: 'testid',
    name: { en_US: '${TEST_CONNECTOR.button}', zh_CN: '使用 TestID 登录' },
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="teal"/></svg>',
    async sender({ receiverUrl }) {
      const state = Math.random().toString(36).slice(2);
      return { redirectUrl: receiverUrl + '?state=' + state + '&code=newcomer', state: { state } };
    },
    async receiver({ query, state }) {
      if (!query.state || query.state !== state.state) throw new Error('the state does not match');
      const person = PEOPLE[query.code];
      if (!person) throw new Error('no such person');
      return person;
    },
  },
};
`;

/** Puts the connector where a server finds plugins of its data directory (<data>/plugins/<folder>); restart the server after. */
export function addTestConnector(dataDir: string): void {
  const dir = path.join(dataDir, 'plugins', 'connector');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'answer-plugin-test-connector', version: '1.0.0', type: 'module', main: 'index.js' }));
  fs.writeFileSync(path.join(dir, 'index.js'), SERVER_MODULE);
}
