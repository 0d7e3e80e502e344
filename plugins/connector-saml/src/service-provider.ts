import { SAML, type SamlConfig, ValidateInResponseTo, generateServiceProviderMetadata } from '@node-saml/node-saml';
import type { FlowRequestCache } from './flow-state.js';
import type { IdpMetadata } from './idp-metadata.js';
import { CLOCK_SKEW_MS, FLOW_SECONDS } from './limits.js';
import { NAME_ID_FORMATS, type Settings } from './settings.js';

/** The service provider's side of one sign-in: who we are, where responses come, what is asked for. */
export interface SpSide {
  settings: Settings;
  entityId: string;
  /** The assertion consumer service: the host's receiver URL. */
  acsUrl: string;
}

/**
 * node-saml configured for one sign-in. Every choice that matters is written out rather than left
 * to a default:
 * - the assertion itself must carry a valid signature by one of the IdP's certificates (a signed
 *   Response around an unsigned assertion is not enough), checked with the referenced bytes only;
 * - the audience must be our entity ID; NotBefore and NotOnOrAfter hold within a small skew;
 * - InResponseTo must name this flow's request (the cache holds only that one);
 * - the AuthnRequest goes by HTTP-Redirect, signed with SHA-256 when a key is configured, and
 *   asks for no particular authentication context, which would make IdPs that sign people in
 *   otherwise (Kerberos, MFA) refuse.
 */
export function samlFor(sp: SpSide, idp: IdpMetadata, cache: FlowRequestCache, requestId: string): SAML {
  const config: SamlConfig = {
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    identifierFormat: NAME_ID_FORMATS[sp.settings.nameIdFormat],
    allowCreate: true,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FLOW_SECONDS * 1000,
    cacheProvider: cache,
    generateUniqueId: () => requestId,
    authnRequestBinding: 'HTTP-Redirect',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
  };
  if (sp.settings.signing) {
    config.privateKey = sp.settings.signing.privateKey;
    config.publicCert = sp.settings.signing.certificate;
  }
  return new SAML(config);
}

/**
 * The site's service provider metadata, for the IdP's administrator: entity ID, the assertion
 * consumer service (HTTP-POST at the receiver URL), the NameID format asked for, that assertions
 * must be signed, and the request signing certificate when there is one. The private key is
 * given to node-saml only so that it writes the certificate and AuthnRequestsSigned; it signs
 * nothing here.
 */
export function serviceProviderMetadata(sp: SpSide): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: NAME_ID_FORMATS[sp.settings.nameIdFormat],
    wantAssertionsSigned: true,
    ...(sp.settings.signing ? { privateKey: sp.settings.signing.privateKey, publicCerts: [sp.settings.signing.certificate] } : {}),
  });
}
