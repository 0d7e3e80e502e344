import fs from 'node:fs';
import path from 'node:path';

/**
 * A connector plugin that is its own identity provider, as a third party would ship it (a plain ES
 * module). Its sender sends the browser straight back to the receiver with the state it kept and a
 * fixed person, so a browser can go through the whole redirect sign-in without another site; the
 * receiver checks the state as a real provider's callback would be checked.
 */
const serverModule = (c: FixtureConnector) => `
const PERSON = ${JSON.stringify(c.person)};
export default {
  info: { slug_name: '${c.slug}', name: 'Test connector ${c.urlSlug}', description: 'Signs a fixed person in, for the browser tests.', version: '1.0.0' },
  connector: {
    slug: '${c.urlSlug}',
    name: { en_US: '${c.name}', zh_CN: '${c.name}' },
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="teal"/></svg>',
    async sender({ receiverUrl }) {
      const state = Math.random().toString(36).slice(2);
      return { redirectUrl: receiverUrl + '?state=' + state, state: { state } };
    },
    async receiver({ query, state }) {
      if (!query.state || query.state !== state.state) throw new Error('the state does not match');
      return PERSON;
    },
  },
};
`;

interface FixtureConnector {
  slug: string;
  urlSlug: string;
  /** The provider's name, bare (as upstream's clients expect): My logins' row title. */
  name: string;
  /** Its button on the login page, our client's wording around the name. */
  button: string;
  person: Record<string, unknown>;
}

/** The slug the admin enables, the connector's name, and its button on the login page. */
export const TEST_CONNECTOR = {
  slug: 'test_connector',
  urlSlug: 'testid',
  name: 'TestID',
  button: 'Continue with TestID',
  person: { externalId: 'ext-newcomer', username: 'newcomer', displayName: 'New Comer', email: 'newcomer@example.com', emailVerified: true },
} as const;

/** A provider that vouches for no e-mail address: its people confirm one at /users/confirm-email. */
export const NO_MAIL_CONNECTOR = {
  slug: 'nomail_connector',
  urlSlug: 'nomailid',
  name: 'NoMailID',
  button: 'Continue with NoMailID',
  person: { externalId: 'ext-nomail', username: 'nomail', displayName: 'No Mail' },
} as const;

/** Puts the connector where a server finds plugins of its data directory (<data>/plugins/<folder>); restart the server after. */
export function addTestConnector(dataDir: string, connector: FixtureConnector = TEST_CONNECTOR): void {
  const dir = path.join(dataDir, 'plugins', connector.urlSlug);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `answer-plugin-${connector.urlSlug}`, version: '1.0.0', type: 'module', main: 'index.js' }));
  fs.writeFileSync(path.join(dir, 'index.js'), serverModule(connector));
}
