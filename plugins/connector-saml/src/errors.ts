/**
 * A refused sign-in. Its message is short and holds nothing of the response: no assertion, no
 * attribute value, no NameID, no key. It is what the plugin logs, and the host logs it again
 * after catching it.
 */
export class SignInError extends Error {
  constructor(readonly reason: string) {
    super(`saml: sign-in refused: ${reason}`);
    this.name = 'SignInError';
  }
}

/**
 * A problem with the identity provider's metadata or another document, found by this plugin: its
 * message is written here, names what is wrong and quotes nothing of the document. It is shown to
 * the admin in the form and logged as it is.
 */
export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentError';
  }
}

/**
 * node-saml's messages, mapped to fixed reasons. Some of its messages carry values from the
 * response (the audience received, the identity provider's status message), so none is passed
 * on as it is: an unknown message becomes a generic reason.
 */
const KNOWN: [RegExp, string][] = [
  [/multiple assertions|too many signatures|more than one element|referenced node|only 1 signed reference|too many transforms|ref uri/i, 'the response has an unexpected structure (several assertions or signatures)'],
  [/encrypted|decryption/i, 'the assertion is encrypted, which this connector does not support: turn assertion encryption off at the identity provider'],
  [/signature/i, "the assertion is not signed with the identity provider's certificate"],
  [/audience/i, 'the assertion is meant for another service provider (its audience is not this entity ID)'],
  [/not yet valid/i, 'the assertion is not valid yet (are the clocks of both servers right?)'],
  [/expired|too old/i, 'the assertion has expired'],
  [/subjectinresponseto|inresponseto/i, 'the response does not answer the sign-in request this browser started (InResponseTo)'],
  // node-saml keeps the subject confirmations whose times hold now: none left means all expired (or not valid yet).
  [/subject confirmation/i, 'the assertion has expired or is not valid yet (its subject confirmation times; are both clocks right?)'],
  [/missing saml assertion|cannot obtain assertion/i, 'the response holds no assertion'],
  [/multiple conditions/i, 'the assertion has several Conditions'],
  [/xmldom|not a valid xml|unexpected close tag|invalid character|unclosed|non-whitespace/i, 'the response is not well-formed XML'],
];

/** node-saml's SamlStatusError: the identity provider answered with an error status instead of an assertion. */
const STATUS = /^SAML provider returned (\w{1,40}) error/;

/** One line about why a sign-in failed, safe to log (see SignInError). */
export function describeFailure(error: unknown): string {
  if (error instanceof SignInError) return error.reason;
  if (error instanceof DocumentError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer in time';
  const message = error instanceof Error ? error.message : '';
  const status = STATUS.exec(message);
  // The status code is a fixed word (Requester, Responder, AuthnFailed...); its free-text message is left out.
  if (status) return `the identity provider refused the sign-in (status ${status[1]})`;
  for (const [pattern, reason] of KNOWN) if (pattern.test(message)) return reason;
  return 'the response could not be verified';
}
