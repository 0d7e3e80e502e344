import { SignInError } from './errors.js';
import { providerFetch } from './http.js';
import type { Settings } from './settings.js';
import { isProviderUrl } from './urls.js';

const MAX_TOKEN_LENGTH = 16 * 1024;

/** RFC 6749 2.3.1: the id and secret are form-encoded before they are joined for Basic authentication. */
const formEncode = (value: string): string => encodeURIComponent(value).replace(/%20/g, '+');

/** The token endpoint's answer: JSON, or form-encoded from providers (GitHub) that still default to it. */
function parseTokenAnswer(contentType: string, text: string): Record<string, unknown> {
  if (/application\/x-www-form-urlencoded/i.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new SignInError('the token endpoint did not answer JSON');
}

/**
 * Redeems the authorisation code at the token endpoint (RFC 6749 4.1.3) for an access token. The
 * answer is checked: an `error` (GitHub answers errors with status 200), a missing or oversized
 * token, or a token type other than Bearer (the only one this plugin can present) refuse it.
 */
export async function exchangeCode(settings: Settings, input: { code: string; redirectUri: string; verifier?: string }): Promise<string> {
  if (!isProviderUrl(settings.tokenUrl)) throw new SignInError('the token endpoint address is not https');
  const body = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri });
  if (input.verifier) body.set('code_verifier', input.verifier);
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
  if (settings.tokenAuth === 'client_secret_basic') {
    headers.authorization = `Basic ${Buffer.from(`${formEncode(settings.clientId)}:${formEncode(settings.clientSecret)}`).toString('base64')}`;
  } else {
    body.set('client_id', settings.clientId);
    body.set('client_secret', settings.clientSecret);
  }

  const response = await providerFetch(settings.tokenUrl, { method: 'POST', headers, body });
  const answer = parseTokenAnswer(response.headers.get('content-type') ?? '', await response.text());
  if (answer.error !== undefined || response.status < 200 || response.status > 299) {
    // The provider's error code is logged only when it looks like one; its description never is.
    const code = typeof answer.error === 'string' && /^[A-Za-z0-9_.-]{1,60}$/.test(answer.error) ? answer.error : `HTTP ${response.status}`;
    throw new SignInError(`the token endpoint refused the code (${code})`);
  }
  const token = answer.access_token;
  if (typeof token !== 'string' || !token || token.length > MAX_TOKEN_LENGTH || /[\s\u0000-\u001f]/.test(token)) throw new SignInError('the token endpoint sent no usable access token');
  const type = answer.token_type;
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) throw new SignInError('the token endpoint sent a token type other than Bearer');
  return token;
}
