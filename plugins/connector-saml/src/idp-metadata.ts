import { DocumentError } from './errors.js';
import { certificatePem } from './pem.js';
import { NS, elements, parseXml } from './xml.js';

/** What the site needs of an identity provider's metadata. */
export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService of the HTTP-Redirect binding, where the AuthnRequest goes. */
  ssoUrl: string;
  /** Its signing certificates, as PEM (several while it rolls a key over). */
  certificates: string[];
}

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
};

/**
 * Reads an identity provider's metadata: one EntityDescriptor with a SAML 2.0 IDPSSODescriptor
 * (or the one named `entityId` in a document listing several), its HTTP-Redirect sign-on address
 * and its signing certificates (KeyDescriptors of use "signing" or without a use). Errors say
 * what is missing, for the admin's form and the log.
 */
export async function parseIdpMetadata(xml: string, entityId = ''): Promise<IdpMetadata> {
  const doc = await parseXml(xml, 'identity provider metadata');
  const candidates = elements(doc, 'descendant', 'EntityDescriptor', NS.metadata).filter((entity) =>
    elements(entity, 'child', 'IDPSSODescriptor', NS.metadata).some((idp) => (idp.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML2_PROTOCOL)),
  );
  if (!candidates.length) throw new DocumentError('the metadata describes no SAML 2.0 identity provider (no IDPSSODescriptor)');
  let entity: Element | undefined;
  if (entityId) {
    entity = candidates.find((candidate) => candidate.getAttribute('entityID') === entityId);
    if (!entity) throw new DocumentError('the metadata has no identity provider with the entity ID given');
  } else if (candidates.length > 1) {
    throw new DocumentError('the metadata lists several identity providers: give the entity ID of the one to use');
  } else {
    entity = candidates[0]!;
  }
  const id = entity.getAttribute('entityID') ?? '';
  if (!id) throw new DocumentError('the identity provider has no entityID');
  const descriptor = elements(entity, 'child', 'IDPSSODescriptor', NS.metadata)[0]!;

  const sso = elements(descriptor, 'child', 'SingleSignOnService', NS.metadata).find((service) => service.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = sso?.getAttribute('Location') ?? '';
  if (!ssoUrl) throw new DocumentError('the identity provider offers no SingleSignOnService with the HTTP-Redirect binding');
  if (!isHttpUrl(ssoUrl)) throw new DocumentError('the sign-on address of the identity provider is not an http(s) address');

  const certificates: string[] = [];
  for (const key of elements(descriptor, 'child', 'KeyDescriptor', NS.metadata)) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const element of elements(key, 'descendant', 'X509Certificate', NS.dsig)) {
      const pem = certificatePem(element.textContent ?? '');
      if (!pem) throw new DocumentError('a signing certificate of the identity provider cannot be read');
      if (!certificates.includes(pem)) certificates.push(pem);
    }
  }
  return { entityId: id, ssoUrl, certificates };
}
