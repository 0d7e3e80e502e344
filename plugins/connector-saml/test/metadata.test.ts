import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectorHooks } from '@answer/plugin-sdk';
import { parseDomFromString } from '@node-saml/node-saml/lib/xml.js';
import * as samlify from 'samlify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseIdpMetadata } from '../src/idp-metadata.ts';
import { forgetMetadata } from '../src/metadata-fetch.ts';
import { certificateBody } from '../src/pem.ts';
import plugin from '../src/server.ts';
import { RECEIVER_URL, SP_ENTITY_ID, fakeContext } from './context.ts';
import { IDP_ENTITY_ID, IDP_SSO_URL, type TestIdp, startIdp } from './idp.ts';
import { type KeyPair, makeKeyPair } from './keys.ts';

const connector = plugin.connector as Required<ConnectorHooks>;

let idpKeys: KeyPair;
let idp: TestIdp;

/** A metadata server on 127.0.0.1 and a free port: each path answers as `routes` says, and every request is counted. */
let server: Server;
let base: string;
const seen: string[] = [];
const routes: Record<string, (res: ServerResponse) => void> = {};

beforeAll(async () => {
  idpKeys = makeKeyPair('test-idp');
  idp = startIdp(idpKeys);
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes['/metadata'] = (res) => res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadata);
  routes['/moved'] = (res) => res.writeHead(302, { location: '/metadata' }).end();
  routes['/elsewhere'] = (res) => res.writeHead(302, { location: 'http://idp.example.test/metadata' }).end();
  routes['/huge'] = (res) => {
    // More than the 1 MB limit, in chunks and without a length: the reader must stop by itself.
    res.writeHead(200, { 'content-type': 'application/xml' });
    const chunk = `<!-- ${'x'.repeat(64 * 1024)} -->`;
    for (let i = 0; i < 20; i++) res.write(chunk);
    res.end();
  };
  routes['/not-xml'] = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body>');
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  forgetMetadata();
});

describe('identity provider metadata', () => {
  it('is fetched from its URL, read once an hour, and again after the form is saved', async () => {
    const ctx = fakeContext({ idp_metadata_url: `${base}/metadata` });
    const first = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    expect(first.redirectUrl.startsWith(`${IDP_SSO_URL}?SAMLRequest=`)).toBe(true);
    await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    expect(seen).toEqual(['/metadata']);
    await plugin.setup!(ctx);
    await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    expect(seen).toEqual(['/metadata', '/metadata']);
  });

  it('signs a person in with a fetched metadata document as with a pasted one', async () => {
    const ctx = fakeContext({ idp_metadata_url: `${base}/metadata` });
    const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    const spMetadata = await connector.metadata({ receiverUrl: RECEIVER_URL }, ctx);
    const SAMLResponse = await idp.respond(spMetadata, { inResponseTo: started.state!.requestId! });
    const user = await connector.receiver({ receiverUrl: RECEIVER_URL, query: {}, body: { SAMLResponse }, state: started.state! }, ctx);
    expect(user.externalId).toBe('G-4f6b2c1e-alice');
  });

  it('follows a redirect on this machine, and refuses one to plain http elsewhere, answers too large, errors and non-metadata', async () => {
    const start = (path: string) => connector.sender({ receiverUrl: RECEIVER_URL }, fakeContext({ idp_metadata_url: `${base}${path}` }));
    await expect(start('/moved')).resolves.toMatchObject({ redirectUrl: expect.stringContaining(IDP_SSO_URL) });
    await expect(start('/elsewhere')).rejects.toThrow(/not https/);
    await expect(start('/huge')).rejects.toThrow(/larger than 1 MB/);
    await expect(start('/missing')).rejects.toThrow(/answered HTTP 404/);
    await expect(start('/not-xml')).rejects.toThrow(/no SAML 2.0 identity provider|not well-formed/);
    // A failed read is not kept: the next sign-in asks again.
    await expect(start('/missing')).rejects.toThrow(/HTTP 404/);
    expect(seen.filter((url) => url === '/missing')).toHaveLength(2);
  });

  it('is read from pasted XML: entity ID, the HTTP-Redirect sign-on address and the signing certificates', async () => {
    const metadata = await parseIdpMetadata(idp.metadata);
    expect(metadata).toEqual({ entityId: IDP_ENTITY_ID, ssoUrl: IDP_SSO_URL, certificates: [expect.stringContaining('-----BEGIN CERTIFICATE-----')] });
    expect(certificateBody(metadata.certificates[0]!)).toBe(certificateBody(idpKeys.certificate));
  });

  it('picks the identity provider by entity ID in a document listing several, and says when one is needed', async () => {
    const other = startIdp(makeKeyPair('other-idp'), { entityId: 'https://other-idp.example.test' });
    const strip = (xml: string) => xml.replace(/^<\?xml[^>]*\?>/, '');
    const both = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${strip(idp.metadata)}${strip(other.metadata)}</EntitiesDescriptor>`;
    await expect(parseIdpMetadata(both)).rejects.toThrow(/several identity providers/);
    expect((await parseIdpMetadata(both, 'https://other-idp.example.test')).entityId).toBe('https://other-idp.example.test');
    await expect(parseIdpMetadata(both, 'https://nobody.example.test')).rejects.toThrow(/no identity provider with the entity ID/);
  });

  it('refuses a DOCTYPE, a document without an IdP, and an IdP without the HTTP-Redirect binding', async () => {
    await expect(parseIdpMetadata(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/hostname">]>${idp.metadata.replace(/^<\?xml[^>]*\?>/, '')}`)).rejects.toThrow(/DOCTYPE/);
    await expect(parseIdpMetadata('<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>')).rejects.toThrow(/no SAML 2.0 identity provider/);
    await expect(parseIdpMetadata(idp.metadata.replace(/HTTP-Redirect/g, 'HTTP-Artifact'))).rejects.toThrow(/HTTP-Redirect/);
  });

  it('has its certificates replaced by a pasted one: only that one verifies assertions then', async () => {
    const pinned = makeKeyPair('pinned');
    const ctx = fakeContext({ idp_metadata_xml: idp.metadata, idp_certificate: pinned.certificate });
    const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    const spMetadata = await connector.metadata({ receiverUrl: RECEIVER_URL }, ctx);
    const SAMLResponse = await idp.respond(spMetadata, { inResponseTo: started.state!.requestId! });
    await expect(connector.receiver({ receiverUrl: RECEIVER_URL, query: {}, body: { SAMLResponse }, state: started.state! }, ctx)).rejects.toThrow(/not signed with the identity provider's certificate/);
  });
});

describe("the site's service provider metadata", () => {
  const read = async (xml: string) => {
    const doc = await parseDomFromString(xml);
    const sp = samlify.ServiceProvider({ metadata: xml });
    return { doc, sp };
  };

  it('names the entity ID, the ACS URL (HTTP-POST), the NameID format and that assertions must be signed, without any IdP set up yet', async () => {
    const xml = await connector.metadata({ receiverUrl: RECEIVER_URL }, fakeContext({}));
    const { doc, sp } = await read(xml);
    expect(doc.documentElement.localName).toBe('EntityDescriptor');
    expect(sp.entityMeta.getEntityID()).toBe(SP_ENTITY_ID);
    expect(sp.entityMeta.getAssertionConsumerService('post')).toBe(RECEIVER_URL);
    expect(sp.entityMeta.isWantAssertionsSigned()).toBe(true);
    expect(sp.entityMeta.isAuthnRequestSigned()).toBe(false);
    expect(xml).toContain('<NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</NameIDFormat>');
    expect(xml).not.toContain('KeyDescriptor');
  });

  it("publishes the request signing certificate (never the key), the admin's entity ID and NameID format", async () => {
    const keys = makeKeyPair('answers-sp');
    const xml = await connector.metadata(
      { receiverUrl: RECEIVER_URL },
      fakeContext({ sp_entity_id: 'urn:answers:example', name_id_format: 'email', sp_private_key: keys.privateKey, sp_certificate: keys.certificate }),
    );
    const { sp } = await read(xml);
    expect(sp.entityMeta.getEntityID()).toBe('urn:answers:example');
    expect(sp.entityMeta.isAuthnRequestSigned()).toBe(true);
    expect(certificateBody(String(sp.entityMeta.getX509Certificate('signing')))).toBe(certificateBody(keys.certificate));
    expect(xml).toContain('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
    expect(xml).not.toMatch(/PRIVATE KEY/);
    expect(xml).not.toContain(keys.privateKey.split('\n')[1]!);
  });
});
