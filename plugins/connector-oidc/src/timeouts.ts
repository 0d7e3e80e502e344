/**
 * Time limits for calls to the provider. The host gives a connector hook 10 s; one dead or silent
 * endpoint must fail inside that with a message that says so, instead of leaving a socket open
 * behind a call the host already gave up on.
 */
export const REQUEST_TIMEOUT_MS = 8_000;
/** openid-client counts in seconds. */
export const REQUEST_TIMEOUT_SECONDS = REQUEST_TIMEOUT_MS / 1000;

/** How long a sign-in may take from the button to the callback (the host keeps its state as long). */
export const FLOW_SECONDS = 600;

/** How long a discovered provider (endpoints; openid-client keeps its key set with it) is reused. */
export const DISCOVERY_TTL_MS = 60 * 60 * 1000;
