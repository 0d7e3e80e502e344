import type { ConfigValues, ConnectorHooks } from '@answer/plugin-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { RECEIVER_URL, SP_ENTITY_ID, fakeContext } from './context.ts';
import { ALICE, type Assertion, IDP_ENTITY_ID, IDP_SSO_URL, type TestIdp, responseXml, startIdp, validAssertion } from './idp.ts';
import { type KeyPair, makeKeyPair } from './keys.ts';

const connector = plugin.connector as Required<ConnectorHooks>;

let idpKeys: KeyPair;
let idp: TestIdp;
/** Another IdP under the same entity ID, with its own key: what an attacker without the IdP's key can make. */
let impostor: TestIdp;

beforeAll(() => {
  idpKeys = makeKeyPair('test-idp');
  idp = startIdp(idpKeys);
  impostor = startIdp(makeKeyPair('impostor'));
});

const config = (overrides: ConfigValues = {}): ConfigValues => ({ idp_metadata_xml: idp.metadata, ...overrides });

/** The button: the plugin's AuthnRequest, the state the host would keep, and the SP metadata the IdP knows the site by. */
async function begin(values: ConfigValues = config()) {
  const ctx = fakeContext(values);
  const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
  const spMetadata = await connector.metadata({ receiverUrl: RECEIVER_URL }, ctx);
  const state = started.state ?? {};
  return { ctx, state, redirectUrl: started.redirectUrl, spMetadata, requestId: state.requestId! };
}

/** The IdP's form post arriving at the receiver URL. */
const post = (flow: Awaited<ReturnType<typeof begin>>, SAMLResponse: string, state = flow.state) =>
  connector.receiver({ receiverUrl: RECEIVER_URL, query: {}, body: { SAMLResponse }, state }, flow.ctx);

/** A signed response of the test IdP to this flow's request, with some fields changed. */
const respond = (flow: Awaited<ReturnType<typeof begin>>, overrides: Partial<Assertion> = {}, by: TestIdp = idp, sign?: 'assertion' | 'response') =>
  by.respond(flow.spMetadata, { inResponseTo: flow.requestId, ...overrides }, sign);

const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

describe('the AuthnRequest', () => {
  it('goes to the IdP by HTTP-Redirect, names this site, its ACS URL and the NameID format, and its ID is kept in the state', async () => {
    const flow = await begin();
    const url = new URL(flow.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(IDP_SSO_URL);
    expect(url.searchParams.get('Signature')).toBeNull();
    const request = await idp.readRequest(flow.spMetadata, flow.redirectUrl);
    expect(request).toEqual({
      id: flow.requestId,
      issuer: SP_ENTITY_ID,
      destination: IDP_SSO_URL,
      acsUrl: RECEIVER_URL,
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    });
    expect(flow.requestId).toMatch(/^_[0-9a-f]{40}$/);
    expect(Object.keys(flow.state).sort()).toEqual(['binding', 'issued', 'requestId']);
    // Each sign-in asks with a new ID.
    expect((await begin()).requestId).not.toBe(flow.requestId);
  });

  it('is signed (RSA-SHA256) when a key is configured, and the IdP verifies it with the certificate of our metadata', async () => {
    const sp = makeKeyPair('answers-sp');
    const strictIdp = startIdp(idpKeys, { wantAuthnRequestsSigned: true });
    const flow = await begin({ idp_metadata_xml: strictIdp.metadata, sp_private_key: sp.privateKey, sp_certificate: sp.certificate });
    expect(new URL(flow.redirectUrl).searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(flow.spMetadata).toContain('AuthnRequestsSigned="true"');
    expect((await strictIdp.readRequest(flow.spMetadata, flow.redirectUrl)).id).toBe(flow.requestId);
    // Without the key the same IdP refuses the request: the check above is real.
    const unsigned = await begin({ idp_metadata_xml: strictIdp.metadata });
    await expect(strictIdp.readRequest(flow.spMetadata, unsigned.redirectUrl)).rejects.toThrow();
  });

  it('is refused before the form names an identity provider', async () => {
    const ctx = fakeContext({});
    await expect(connector.sender({ receiverUrl: RECEIVER_URL }, ctx)).rejects.toThrow(/not set up/);
    expect(ctx.logged).toHaveLength(1);
  });
});

describe('the response', () => {
  it('signs a person in: NameID as the permanent id, the standard attributes mapped, e-mail not vouched for by default', async () => {
    const flow = await begin();
    const user = await post(flow, await respond(flow));
    expect(user).toEqual({
      externalId: 'G-4f6b2c1e-alice',
      displayName: 'Alice Example',
      username: 'alice',
      email: 'alice@example.test',
      emailVerified: false,
      groups: ['staff', 'admins'],
      metaInfo: JSON.stringify({ provider: 'saml', idp: IDP_ENTITY_ID, subject: 'G-4f6b2c1e-alice' }),
    });
  });

  it("follows the admin's mapping: an attribute as the permanent id, names by FriendlyName, and e-mail vouched for when ticked", async () => {
    const flow = await begin(
      config({ attribute_external_id: 'employeeNumber', attribute_display_name: 'uid', attribute_email: 'nothing-here mail', attribute_groups: 'urn:x:none', idp_vouches_for_email: true }),
    );
    const user = await post(flow, await respond(flow));
    expect(user).toMatchObject({ externalId: 'E-1001', displayName: 'alice', email: 'alice@example.test', emailVerified: true });
    expect(user.groups).toBeUndefined();
  });

  it('builds a display name from given name and surname, and reads an e-mail NameID as the address', async () => {
    const flow = await begin();
    const user = await post(
      flow,
      await respond(flow, {
        nameId: 'bob@example.test',
        nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        attributes: [
          { name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', values: ['Bob'] },
          { name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', values: ['Builder'] },
        ],
      }),
    );
    expect(user).toMatchObject({ externalId: 'bob@example.test', displayName: 'Bob Builder', email: 'bob@example.test', emailVerified: false });
  });

  it('reads the whole NameID when a comment is slipped into it after signing (comments are outside the signature)', async () => {
    const flow = await begin();
    const signed = unb64(await respond(flow));
    const user = await post(flow, b64(signed.replace('>G-4f6b2c1e-alice<', '>G-4f6b2c1e<!---->-alice<')));
    expect(user.externalId).toBe('G-4f6b2c1e-alice');
  });

  it('refuses a transient NameID as the permanent id', async () => {
    const flow = await begin();
    await expect(post(flow, await respond(flow, { nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' }))).rejects.toThrow(/transient/);
  });

  it('refuses an unsigned response', async () => {
    const flow = await begin();
    const unsigned = b64(responseXml({ ...validAssertion(RECEIVER_URL, SP_ENTITY_ID), inResponseTo: flow.requestId }));
    await expect(post(flow, unsigned)).rejects.toThrow(/not signed with the identity provider's certificate/);
  });

  it('refuses a signed Response whose assertion is not signed itself', async () => {
    const flow = await begin();
    const responseSigned = await respond(flow, {}, idp, 'response');
    expect(unb64(responseSigned)).toMatch(/<\/saml:Issuer><ds:Signature/);
    await expect(post(flow, responseSigned)).rejects.toThrow(/not signed with the identity provider's certificate/);
  });

  it('refuses an assertion signed by another key, even one naming the IdP and carrying its own certificate', async () => {
    const flow = await begin();
    await expect(post(flow, await respond(flow, {}, impostor))).rejects.toThrow(/not signed with the identity provider's certificate/);
  });

  it('refuses an attribute changed after signing', async () => {
    const flow = await begin();
    const signed = unb64(await respond(flow));
    expect(signed).toContain('>alice@example.test<');
    await expect(post(flow, b64(signed.replace('>alice@example.test<', '>mallory@example.test<')))).rejects.toThrow(/not signed with the identity provider's certificate/);
  });

  it('refuses an assertion meant for another service provider', async () => {
    const flow = await begin();
    await expect(post(flow, await respond(flow, { audience: 'https://other-sp.example.test/metadata' }))).rejects.toThrow(/audience/);
  });

  it('refuses an assertion for another site (Recipient) and a response sent elsewhere (Destination)', async () => {
    const flow = await begin();
    await expect(post(flow, await respond(flow, { recipient: 'https://other-sp.example.test/acs' }))).rejects.toThrow(/Recipient/);
    const other = await begin();
    await expect(post(other, await respond(other, { destination: 'https://other-sp.example.test/acs' }))).rejects.toThrow(/Destination/);
  });

  it('refuses an expired assertion and one not valid yet, within a small clock skew', async () => {
    const expired = await begin();
    await expect(post(expired, await respond(expired, { notBefore: Date.now() - 15 * 60_000, notOnOrAfter: Date.now() - 5 * 60_000 }))).rejects.toThrow(/expired/);
    const early = await begin();
    await expect(post(early, await respond(early, { notBefore: Date.now() + 10 * 60_000, notOnOrAfter: Date.now() + 15 * 60_000 }))).rejects.toThrow(/not valid yet/);
    // A minute late is within the skew.
    const late = await begin();
    await expect(post(late, await respond(late, { notBefore: Date.now() - 6 * 60_000, notOnOrAfter: Date.now() - 60_000 }))).resolves.toMatchObject({ externalId: 'G-4f6b2c1e-alice' });
  });

  it("refuses a response to another request than this browser's (InResponseTo), and one answering none", async () => {
    const mine = await begin();
    const theirs = await begin();
    await expect(post(mine, await respond(theirs))).rejects.toThrow(/InResponseTo/);
    const unsolicited = await begin();
    await expect(post(unsolicited, await respond(unsolicited, { inResponseTo: '' }))).rejects.toThrow(/InResponseTo/);
  });

  it('refuses an assertion issued under another entity ID than the configured IdP', async () => {
    const flow = await begin();
    await expect(post(flow, await respond(flow, { issuer: 'https://idp.example.test/realms/other' }))).rejects.toThrow(/issued by another entity/);
  });

  it('refuses the same assertion a second time', async () => {
    const flow = await begin();
    const response = await respond(flow);
    await expect(post(flow, response)).resolves.toMatchObject({ externalId: 'G-4f6b2c1e-alice' });
    await expect(post(flow, response)).rejects.toThrow(/already used/);
    // Remembered under a hash, for no longer than it could be accepted.
    const [key, marker] = [...flow.ctx.stored][0]!;
    expect(key).toMatch(/^assertion:[\w-]{43}$/);
    expect(marker!.expires - Date.now()).toBeLessThanOrEqual(20 * 60_000);
    expect(marker!.expires - Date.now()).toBeGreaterThan(5 * 60_000);
  });

  it('refuses a DOCTYPE and entities, before any parser sees them', async () => {
    const flow = await begin();
    const signed = unb64(await respond(flow));
    const withEntity = `<!DOCTYPE samlp:Response [<!ENTITY who SYSTEM "file:///etc/passwd">]>${signed.replace('>alice<', '>&who;<')}`;
    await expect(post(flow, b64(withEntity))).rejects.toThrow(/DOCTYPE/);
    const internal = `<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${signed}`;
    await expect(post(flow, b64(internal))).rejects.toThrow(/DOCTYPE/);
  });

  it('refuses a second, unsigned assertion next to the signed one', async () => {
    const flow = await begin();
    const signed = unb64(await respond(flow));
    const extra = responseXml({ ...validAssertion(RECEIVER_URL, SP_ENTITY_ID), inResponseTo: flow.requestId, nameId: 'admin', attributes: [] });
    const forged = extra.slice(extra.indexOf('<saml:Assertion'), extra.indexOf('</samlp:Response>'));
    await expect(post(flow, b64(signed.replace('</samlp:Response>', `${forged}</samlp:Response>`)))).rejects.toThrow(/unexpected structure/);
  });

  it("reports an IdP's error status by its code only", async () => {
    const flow = await begin();
    const failed = responseXml({ ...validAssertion(RECEIVER_URL, SP_ENTITY_ID), inResponseTo: flow.requestId, status: 'urn:oasis:names:tc:SAML:2.0:status:Responder' });
    await expect(post(flow, b64(failed))).rejects.toThrow(/refused the sign-in \(status Responder\)/);
  });

  it('refuses malformed posts: none, by the redirect binding, not base64, too large, not XML', async () => {
    const flow = await begin();
    const receive = (body: Record<string, string>, query: Record<string, string> = {}) => connector.receiver({ receiverUrl: RECEIVER_URL, query, body, state: flow.state }, flow.ctx);
    await expect(receive({})).rejects.toThrow(/no SAMLResponse/);
    await expect(receive({}, { SAMLResponse: 'fZJNT8MwDIbv' })).rejects.toThrow(/HTTP-Redirect/);
    await expect(receive({ SAMLResponse: '<samlp:Response/>' })).rejects.toThrow(/not base64/);
    await expect(receive({ SAMLResponse: 'A'.repeat(100_004) })).rejects.toThrow(/too large/);
    await expect(receive({ SAMLResponse: b64('<samlp:Response') })).rejects.toThrow(/not well-formed/);
  });

  it('refuses a response without a sign-in under way, or one started with another identity provider', async () => {
    const flow = await begin();
    const response = await respond(flow);
    await expect(post(flow, response, {})).rejects.toThrow(/no sign-in under way/);
    await expect(post(flow, response, { ...flow.state, binding: 'x'.repeat(32) })).rejects.toThrow(/changed during the sign-in/);
    await expect(post(flow, response, { ...flow.state, issued: new Date(Date.now() - 11 * 60_000).toISOString() })).rejects.toThrow(/too long/);
  });

  it('never logs the assertion, its values or the keys', async () => {
    const flow = await begin();
    const response = await respond(flow);
    await post(flow, b64(unb64(response).replace('>alice<', '>mallory<'))).catch(() => {});
    await post(flow, await respond(flow, { audience: 'https://secret-audience.example.test' })).catch(() => {});
    const log = flow.ctx.logged.join('\n');
    expect(flow.ctx.logged.length).toBe(2);
    for (const leaked of ['alice', 'mallory', 'G-4f6b2c1e', 'secret-audience', response.slice(0, 40), 'BEGIN', ALICE[1]!.values[0]!]) expect(log).not.toContain(leaked);
  });
});
