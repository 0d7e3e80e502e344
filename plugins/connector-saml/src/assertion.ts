import type { Profile } from '@node-saml/node-saml';
import { SignInError } from './errors.js';
import { CLOCK_SKEW_MS } from './limits.js';

/**
 * Checks of our own on the assertion node-saml verified, read from the signed bytes only
 * (`profile.getAssertion()` is parsed from what the signature covers, never from the rest of the
 * posted document). node-saml checks the signature, the audience, the Conditions' times and that
 * InResponseTo names our request; it does not check the Recipient, nor that the issuer is the IdP
 * whose certificate verified it, nor does it give the assertion's ID and lifetime, which the
 * replay check needs.
 */

// xml2js's shape (explicitCharkey): every element an array of objects with `$` (attributes) and `_` (text).
interface XmlNode {
  $?: Record<string, string>;
  _?: string;
  [child: string]: unknown;
}

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const MAX_ID_LENGTH = 256;

const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const value = node?.[name];
  return Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? { _: item } : (item as XmlNode))) : [];
};
const textOf = (node: XmlNode | undefined): string => (typeof node?._ === 'string' ? node._.trim() : '');
const attr = (node: XmlNode | undefined, name: string): string | undefined => node?.$?.[name];

/** An xs:dateTime as milliseconds, or NaN. */
const timeOf = (value: string | undefined): number => (value ? Date.parse(value) : Number.NaN);

export interface VerifiedAssertion {
  id: string;
  issuer: string;
  /** When it stops being acceptable (the earliest NotOnOrAfter that applies), in milliseconds. */
  expires: number;
  nameId: string;
  nameIdFormat: string;
  attributes: Attributes;
}

export interface Expected {
  idpEntityId: string;
  acsUrl: string;
  requestId: string;
}

/** The assertion of a verified profile, checked against what this sign-in expects. */
export function checkAssertion(profile: Profile, expected: Expected, now = Date.now()): VerifiedAssertion {
  const parsed = profile.getAssertion?.() as { Assertion?: XmlNode } | undefined;
  const assertion = parsed?.Assertion;
  if (!assertion) throw new SignInError('the response holds no assertion');

  const id = attr(assertion, 'ID') ?? '';
  if (!id || id.length > MAX_ID_LENGTH) throw new SignInError('the assertion has no usable ID');

  const issuer = textOf(children(assertion, 'Issuer')[0]);
  if (issuer !== expected.idpEntityId) throw new SignInError('the assertion was issued by another entity than the identity provider configured');

  // SAML profiles 4.1.4.2: a bearer confirmation for our ACS, answering our request, still valid.
  const subject = children(assertion, 'Subject')[0];
  const confirmation = children(subject, 'SubjectConfirmation')
    .filter((c) => attr(c, 'Method') === BEARER)
    .map((c) => children(c, 'SubjectConfirmationData')[0])
    .find((data) => {
      const notOnOrAfter = timeOf(attr(data, 'NotOnOrAfter'));
      const notBefore = attr(data, 'NotBefore');
      return (
        attr(data, 'Recipient') === expected.acsUrl &&
        attr(data, 'InResponseTo') === expected.requestId &&
        now - CLOCK_SKEW_MS < notOnOrAfter &&
        (notBefore === undefined || timeOf(notBefore) <= now + CLOCK_SKEW_MS)
      );
    });
  if (!confirmation) throw new SignInError('the assertion has no bearer confirmation for this site, this sign-in and this time (Recipient, InResponseTo, NotOnOrAfter)');

  const conditionsEnd = timeOf(attr(children(assertion, 'Conditions')[0], 'NotOnOrAfter'));
  const confirmationEnd = timeOf(attr(confirmation, 'NotOnOrAfter'));
  const expires = Number.isNaN(conditionsEnd) ? confirmationEnd : Math.min(conditionsEnd, confirmationEnd);

  const nameIdNode = children(subject, 'NameID')[0];
  return {
    id,
    issuer,
    expires: expires + CLOCK_SKEW_MS,
    nameId: textOf(nameIdNode),
    nameIdFormat: attr(nameIdNode, 'Format') ?? '',
    attributes: attributesOf(assertion),
  };
}

/** Attribute values (text values only; structured ones are skipped) by Name and by FriendlyName. */
export interface Attributes {
  byName: Map<string, string[]>;
  byFriendlyName: Map<string, string[]>;
}

function attributesOf(assertion: XmlNode): Attributes {
  const found: Attributes = { byName: new Map(), byFriendlyName: new Map() };
  for (const statement of children(assertion, 'AttributeStatement')) {
    for (const attribute of children(statement, 'Attribute')) {
      const values = children(attribute, 'AttributeValue')
        .map(textOf)
        .filter((value) => value !== '');
      const name = attr(attribute, 'Name');
      const friendly = attr(attribute, 'FriendlyName');
      // The first of a repeated name counts, as with node-saml's own profile.
      if (name && !found.byName.has(name)) found.byName.set(name, values);
      if (friendly && !found.byFriendlyName.has(friendly)) found.byFriendlyName.set(friendly, values);
    }
  }
  return found;
}

/** The values of the first of `names` the assertion has, each name matched by Name, then by FriendlyName. */
export function valuesOf(attributes: Attributes, names: readonly string[]): string[] {
  for (const name of names) {
    const values = attributes.byName.get(name) ?? attributes.byFriendlyName.get(name);
    if (values?.length) return values;
  }
  return [];
}
