/**
 * Time and size limits. The host gives a connector hook 30 s; one silent metadata server must
 * fail well inside that with a message that says so. Sizes bound what a stranger can make the
 * site parse: a SAML response is posted by any browser, before anything about it is trusted.
 */

/** How long fetching the identity provider's metadata may take. */
export const FETCH_TIMEOUT_MS = 8_000;
/** One identity provider's metadata is a few to a few tens of KB (AD FS's is the largest, ~70 KB). */
export const MAX_METADATA_BYTES = 1024 * 1024;
/** Redirects followed when fetching metadata (each must stay http(s)). */
export const MAX_REDIRECTS = 3;
/** How long fetched metadata is reused before it is read again (saving the form reads it at once). */
export const METADATA_TTL_MS = 60 * 60 * 1000;

/**
 * A posted SAMLResponse, base64: the host drops form fields over 100,000 characters, so a longer one
 * never arrives; a real signed response with a few attributes is 5 to 15 KB.
 */
export const MAX_RESPONSE_CHARS = 100_000;

/** How long a sign-in may take from the button to the response (the host keeps its state as long). */
export const FLOW_SECONDS = 600;

/**
 * Clocks of the site and the identity provider may differ this much for NotBefore and NotOnOrAfter.
 * Small: the window in which a stolen, expired assertion still works.
 */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;
