import { SignInError } from './errors.js';
import { MAX_RESPONSE_CHARS } from './limits.js';
import { NS, elements, hasDeclaration, parseXml } from './xml.js';

const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/**
 * The posted SAMLResponse as XML text, before anything else reads it: bounded, base64, and
 * without a DOCTYPE or any other declaration (xml.ts says why).
 */
export function decodeResponse(body: Record<string, string>, query: Record<string, string>): string {
  const encoded = body.SAMLResponse;
  if (encoded === undefined) {
    // The HTTP-Redirect binding for responses (deflated, in the query) is not what the metadata offers.
    if (query.SAMLResponse !== undefined) throw new SignInError('the response came by the HTTP-Redirect binding; only HTTP-POST is accepted');
    throw new SignInError('no SAMLResponse was posted');
  }
  if (encoded.length > MAX_RESPONSE_CHARS) throw new SignInError('the response is too large');
  if (!BASE64.test(encoded)) throw new SignInError('the response is not base64');
  const xml = Buffer.from(encoded, 'base64').toString('utf8');
  if (hasDeclaration(xml)) throw new SignInError('the response contains a DOCTYPE or another declaration, which SAML never needs');
  return xml;
}

/**
 * Checks of the Response element around the assertion: it is one, it was sent to this site
 * (Destination, when given; SAML bindings 3.5.5.2), and it reports success. None of this is
 * trusted for who the person is; a response failing it is refused with a clearer reason than a
 * missing assertion would give. The status code's last segment is a fixed word; the IdP's
 * free-text status message is never read.
 */
export async function checkResponseEnvelope(xml: string, acsUrl: string): Promise<void> {
  let doc: Document;
  try {
    doc = await parseXml(xml, 'response');
  } catch (error) {
    throw new SignInError(error instanceof Error ? error.message : 'the response is not well-formed XML');
  }
  const root = doc.documentElement;
  if (!root || root.localName !== 'Response' || root.namespaceURI !== NS.protocol) throw new SignInError('the posted message is not a SAML Response');
  const destination = root.getAttribute('Destination');
  if (destination && destination !== acsUrl) throw new SignInError('the response was sent to another address (Destination)');
  const status = elements(root, 'child', 'Status', NS.protocol)[0];
  const code = status ? elements(status, 'child', 'StatusCode', NS.protocol)[0] : undefined;
  const value = code?.getAttribute('Value') ?? '';
  if (value !== SUCCESS) {
    const nested = code ? elements(code, 'child', 'StatusCode', NS.protocol)[0]?.getAttribute('Value') : undefined;
    const word = (urn: string | null | undefined) => /(?:^|:)([A-Za-z]{1,40})$/.exec(urn ?? '')?.[1];
    const words = [word(value), word(nested)].filter(Boolean).join('/');
    throw new SignInError(`the identity provider refused the sign-in (status ${words || 'missing'})`);
  }
}
