/**
 * The Content-Security-Policy nonce of this page: the server writes a fresh one into
 * <meta property="csp-nonce"> for every page load. Code that must create a <style> element (the
 * editor's theme) gives it this nonce; without one the policy blocks the element. The browser
 * hides the attribute once the policy is applied, the `nonce` property keeps the value.
 */
export function cspNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}
