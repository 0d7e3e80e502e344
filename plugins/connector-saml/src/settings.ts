import { createHash } from 'node:crypto';
import { type ConfigValues, type Translatable, connectorName } from '@answer/plugin-sdk';
import { certificatePem, privateKeyPem, splitCertificates } from './pem.js';

export const SLUG = 'saml';

// Form field names, shared by the form, the validation and this reader.
export const FIELD = {
  buttonLabel: 'button_label',
  metadataUrl: 'idp_metadata_url',
  metadataXml: 'idp_metadata_xml',
  idpEntityId: 'idp_entity_id',
  idpCertificate: 'idp_certificate',
  spEntityId: 'sp_entity_id',
  nameIdFormat: 'name_id_format',
  spPrivateKey: 'sp_private_key',
  spCertificate: 'sp_certificate',
  attributeExternalId: 'attribute_external_id',
  attributeDisplayName: 'attribute_display_name',
  attributeUsername: 'attribute_username',
  attributeEmail: 'attribute_email',
  attributeGroups: 'attribute_groups',
  emailVerified: 'idp_vouches_for_email',
} as const;

export const NAME_ID_FORMATS = {
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  email: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
} as const;
export type NameIdFormat = keyof typeof NAME_ID_FORMATS;

/**
 * Where each field of the person is looked for when the admin names no attribute: the standard
 * names of the LDAP schema as SAML carries them (urn:oid, Shibboleth, Keycloak's X500 mappers),
 * Microsoft's claim URIs (Entra ID, AD FS) and the plain names many IdPs use. An attribute matches
 * by its Name or its FriendlyName.
 */
export const DEFAULT_ATTRIBUTES = {
  displayName: ['urn:oid:2.16.840.1.113730.3.1.241', 'http://schemas.microsoft.com/identity/claims/displayname', 'displayName', 'displayname', 'name', 'cn', 'urn:oid:2.5.4.3'],
  givenName: ['urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'givenName', 'firstName'],
  surname: ['urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'sn', 'surname', 'lastName'],
  username: ['urn:oid:0.9.2342.19200300.100.1.1', 'uid', 'username', 'preferred_username'],
  email: [
    'urn:oid:0.9.2342.19200300.100.1.3',
    'urn:oid:1.2.840.113549.1.9.1',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'mail',
    'email',
    'emailAddress',
  ],
  groups: [
    'urn:oid:1.3.6.1.4.1.5923.1.5.1.1',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
    'groups',
    'memberOf',
    'isMemberOf',
    'Role',
    'roles',
  ],
} as const;

export interface AttributeNames {
  /** Empty: the NameID. */
  externalId: string[];
  displayName: string[];
  /** Only when the display name is not configured: given name and surname joined. */
  givenName: string[];
  surname: string[];
  username: string[];
  email: string[];
  groups: string[];
}

export interface Settings {
  /** The provider's bare name on the sign-in button ("Continue with {name}"). */
  label: Translatable;
  /** The identity provider's metadata: an address to fetch, or the document pasted. */
  metadataUrl: string;
  metadataXml: string;
  /** Which entity of the metadata (empty: its only identity provider). */
  idpEntityId: string;
  /** Certificates pasted by the admin: used instead of the metadata's when given. */
  idpCertificates: string[];
  /** Empty: the site's metadata address (spEntityIdFor). */
  spEntityId: string;
  nameIdFormat: NameIdFormat;
  /** Signing of the AuthnRequest, when both halves are given. */
  signing?: { privateKey: string; certificate: string };
  attributes: AttributeNames;
  emailVerified: boolean;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Whose people the NameIDs are (the host's `providerId`): the chosen IdP entity, else the pasted
 * metadata's first entity ID, else the metadata's address. Read without parsing: it only tells
 * settings apart, it is never trusted for a sign-in.
 */
export function providerIdentity(settings: Settings): string {
  if (settings.idpEntityId) return settings.idpEntityId;
  const pasted = /\bentityID\s*=\s*["']([^"']{1,1024})["']/.exec(settings.metadataXml)?.[1];
  return pasted ?? settings.metadataUrl;
}

// A switch may arrive as a boolean or, from a form post, as text.
const flag = (value: unknown): boolean => value === true || value === 'true';

/** Attribute names: one or more, separated by spaces, commas or lines (names are URIs or words, never with spaces). */
export const namesOf = (value: unknown): string[] => [...new Set(text(value).split(/[\s,]+/).filter(Boolean))];

/** The button's name while the admin gives none, in the reader's language: "Continue with SSO". */
export const DEFAULT_LABEL: Translatable = { en_US: 'SSO', zh_CN: '单点登录' };

export function readSettings(values: ConfigValues): Settings {
  const format = text(values[FIELD.nameIdFormat]);
  const privateKey = privateKeyPem(text(values[FIELD.spPrivateKey]));
  const certificate = certificatePem(text(values[FIELD.spCertificate]));
  const configured = (field: string, fallback: readonly string[]): string[] => {
    const names = namesOf(values[field]);
    return names.length ? names : [...fallback];
  };
  const displayNames = namesOf(values[FIELD.attributeDisplayName]);
  return {
    // A whole label saved before names were bare ("Sign in with Corp SSO") loses its wording.
    label: connectorName(text(values[FIELD.buttonLabel])) || DEFAULT_LABEL,
    metadataUrl: text(values[FIELD.metadataUrl]),
    metadataXml: text(values[FIELD.metadataXml]),
    idpEntityId: text(values[FIELD.idpEntityId]),
    idpCertificates: splitCertificates(text(values[FIELD.idpCertificate]))
      .map(certificatePem)
      .filter((pem): pem is string => pem !== null),
    spEntityId: text(values[FIELD.spEntityId]),
    nameIdFormat: format in NAME_ID_FORMATS ? (format as NameIdFormat) : 'persistent',
    signing: privateKey && certificate ? { privateKey, certificate } : undefined,
    attributes: {
      externalId: namesOf(values[FIELD.attributeExternalId]),
      displayName: displayNames.length ? displayNames : [...DEFAULT_ATTRIBUTES.displayName],
      // An admin who names the display name attribute gets that one only, not a guess from other attributes.
      givenName: displayNames.length ? [] : [...DEFAULT_ATTRIBUTES.givenName],
      surname: displayNames.length ? [] : [...DEFAULT_ATTRIBUTES.surname],
      username: configured(FIELD.attributeUsername, DEFAULT_ATTRIBUTES.username),
      email: configured(FIELD.attributeEmail, DEFAULT_ATTRIBUTES.email),
      groups: configured(FIELD.attributeGroups, DEFAULT_ATTRIBUTES.groups),
    },
    emailVerified: flag(values[FIELD.emailVerified]),
  };
}

/**
 * The service provider's entity ID: the admin's, or this site's metadata address, which is unique
 * and what most IdPs expect. It is derived from the receiver URL the host gives (the site's
 * address, or the request's host before one is set) so that both always name the same site.
 */
export function spEntityIdFor(settings: Settings, receiverUrl: string): string {
  if (settings.spEntityId) return settings.spEntityId;
  return receiverUrl.replace(/\/connector\/redirect\/([^/?#]+)$/, '/connector/metadata/$1');
}

/**
 * Which identity provider and service provider a sign-in was started with, hashed into its
 * state: a response to a request made before the admin changed either is refused.
 */
export const providerBinding = (idpEntityId: string, spEntityId: string): string =>
  createHash('sha256').update(JSON.stringify([idpEntityId, spEntityId])).digest('base64url').slice(0, 32);
