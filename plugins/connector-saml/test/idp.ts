import * as samlify from 'samlify';
import type { KeyPair } from './keys.ts';

// samlify checks the XML it parses against a schema validator the application supplies. The
// test IdP parses only the AuthnRequests of the plugin under test, and checks what matters
// itself (the request's signature, by samlify, when the IdP wants signed requests).
samlify.setSchemaValidator({ validate: async () => 'not validated: test identity provider' });

export const IDP_ENTITY_ID = 'https://idp.example.test/realms/main';
export const IDP_SSO_URL = 'https://idp.example.test/realms/main/protocol/saml';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

const esc = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (ms: number): string => new Date(ms).toISOString();

/** One attribute as IdPs send it: a Name, maybe a FriendlyName, one or more string values. */
export interface Attribute {
  name: string;
  friendlyName?: string;
  values: string[];
}

/** What the response says; every field may be changed to test one check at a time. */
export interface Assertion {
  inResponseTo: string;
  nameId: string;
  nameIdFormat: string;
  attributes: Attribute[];
  issuer: string;
  audience: string;
  recipient: string;
  destination: string;
  /** Milliseconds: the Conditions' and the subject confirmation's window. */
  notBefore: number;
  notOnOrAfter: number;
  status: string;
}

export const ALICE: Attribute[] = [
  { name: 'urn:oid:0.9.2342.19200300.100.1.3', friendlyName: 'mail', values: ['alice@example.test'] },
  { name: 'urn:oid:2.16.840.1.113730.3.1.241', friendlyName: 'displayName', values: ['Alice Example'] },
  { name: 'urn:oid:0.9.2342.19200300.100.1.1', friendlyName: 'uid', values: ['alice'] },
  { name: 'Role', values: ['staff', 'admins'] },
  { name: 'employeeNumber', values: ['E-1001'] },
];

/** The Response, as Keycloak's or Shibboleth's look; unsigned (the IdP signs it). */
export function responseXml(a: Assertion, ids = { response: `_r${Math.random().toString(16).slice(2)}`, assertion: `_a${Math.random().toString(16).slice(2)}` }): string {
  const now = iso(Date.now());
  const attributes = a.attributes
    .map(
      (attr) =>
        `<saml:Attribute Name="${esc(attr.name)}"${attr.friendlyName ? ` FriendlyName="${esc(attr.friendlyName)}"` : ''} NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">` +
        attr.values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('') +
        '</saml:Attribute>',
    )
    .join('');
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="${ASSERTION_NS}" ID="${ids.response}" Version="2.0" IssueInstant="${now}" Destination="${esc(a.destination)}" InResponseTo="${esc(a.inResponseTo)}">` +
    `<saml:Issuer>${esc(a.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="${esc(a.status)}"/></samlp:Status>` +
    `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:saml="${ASSERTION_NS}" ID="${ids.assertion}" Version="2.0" IssueInstant="${now}">` +
    `<saml:Issuer>${esc(a.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${esc(a.nameIdFormat)}">${esc(a.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="${BEARER}"><saml:SubjectConfirmationData NotOnOrAfter="${iso(a.notOnOrAfter)}" Recipient="${esc(a.recipient)}" InResponseTo="${esc(a.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(a.notBefore)}" NotOnOrAfter="${iso(a.notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${esc(a.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    '</saml:Assertion></samlp:Response>'
  );
}

export interface TestIdp {
  entityId: string;
  /** Its metadata, as an IdP publishes it. */
  metadata: string;
  /**
   * A signed response to `inResponseTo`, base64 as it is posted. What is signed follows the SP's
   * metadata (WantAssertionsSigned: the assertion) unless `sign` says otherwise.
   */
  respond(spMetadata: string, overrides: Partial<Assertion> & { inResponseTo: string }, sign?: 'assertion' | 'response'): Promise<string>;
  /** The AuthnRequest of a redirect URL as the IdP reads it (its signature checked when the IdP wants signed requests). */
  readRequest(spMetadata: string, redirectUrl: string): Promise<{ id: string; issuer: string; destination: string; acsUrl: string; nameIdFormat: string }>;
}

/** The defaults of a valid response for the SP at `acsUrl` with entity ID `audience`. */
export const validAssertion = (acsUrl: string, audience: string, issuer = IDP_ENTITY_ID): Omit<Assertion, 'inResponseTo'> => ({
  nameId: 'G-4f6b2c1e-alice',
  nameIdFormat: PERSISTENT,
  attributes: ALICE,
  issuer,
  audience,
  recipient: acsUrl,
  destination: acsUrl,
  notBefore: Date.now() - 30_000,
  notOnOrAfter: Date.now() + 5 * 60_000,
  status: SUCCESS,
});

/**
 * A SAML identity provider made with samlify, signing with `keys`. It builds responses from the
 * template above and lets samlify sign them (real XML signatures, RSA-SHA256, exclusive c14n).
 */
export function startIdp(keys: KeyPair, options: { entityId?: string; wantAuthnRequestsSigned?: boolean } = {}): TestIdp {
  const entityId = options.entityId ?? IDP_ENTITY_ID;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    wantAuthnRequestsSigned: options.wantAuthnRequestsSigned ?? false,
    nameIDFormat: [PERSISTENT],
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO_URL },
      { Binding: samlify.Constants.namespace.binding.post, Location: IDP_SSO_URL },
    ],
    // Not used; samlify warns on stderr without one.
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${IDP_SSO_URL}/logout` }],
  });

  const serviceProvider = (spMetadata: string, sign: 'assertion' | 'response' | undefined) => {
    if (sign !== 'response') return samlify.ServiceProvider({ metadata: spMetadata });
    // The same SP, described as wanting the whole Response signed and not the assertion.
    const sp = samlify.ServiceProvider({ metadata: spMetadata });
    return samlify.ServiceProvider({
      entityID: sp.entityMeta.getEntityID(),
      assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: String(sp.entityMeta.getAssertionConsumerService('post')) }],
      wantAssertionsSigned: false,
      wantMessageSigned: true,
    });
  };

  return {
    entityId,
    metadata: idp.getMetadata(),
    async respond(spMetadata, overrides, sign) {
      const sp = serviceProvider(spMetadata, sign);
      const acsUrl = String(sp.entityMeta.getAssertionConsumerService('post'));
      const xml = responseXml({ ...validAssertion(acsUrl, sp.entityMeta.getEntityID(), entityId), ...overrides });
      const result = await idp.createLoginResponse(sp, { extract: { request: { id: overrides.inResponseTo } } }, 'post', {}, {
        customTagReplacement: () => ({ id: '', context: xml }),
      });
      return result.context;
    },
    async readRequest(spMetadata, redirectUrl) {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const url = new URL(redirectUrl);
      // The signed octet string is the query as sent, without the signature (SAML bindings 3.4.4.1).
      const octetString = url.search.slice(1).split('&').filter((pair) => !pair.startsWith('Signature=')).join('&');
      const { extract } = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString });
      const request = extract.request as Record<string, string>;
      const policy = (extract.nameIDPolicy ?? {}) as Record<string, string>;
      return { id: request.id!, issuer: String(extract.issuer), destination: request.destination!, acsUrl: request.assertionConsumerServiceUrl!, nameIdFormat: policy.format ?? '' };
    },
  };
}
