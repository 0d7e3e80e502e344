import { randomBytes } from 'node:crypto';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { SignInError } from './errors.js';
import { FLOW_SECONDS } from './limits.js';

/**
 * What the sender keeps for the receiver, in the state record the host holds server-side and
 * hands back once: the AuthnRequest's ID (the response must answer it: InResponseTo), when it
 * was issued, and which providers it was made between.
 */
export interface FlowState {
  requestId: string;
  /** The request's IssueInstant (ISO 8601), as node-saml keeps it. */
  issued: string;
  binding: string;
}

/**
 * An AuthnRequest ID: a letter first (an xs:ID may not start with a digit), then 160 random bits,
 * so nobody can guess the ID of another person's request.
 */
export const newRequestId = (): string => `_${randomBytes(20).toString('hex')}`;

export const toRecord = (flow: FlowState): Record<string, string> => ({ requestId: flow.requestId, issued: flow.issued, binding: flow.binding });

/**
 * The stored flow, checked: started by this plugin against the same providers, less than ten
 * minutes ago. The host already keeps the record single-use and bound to the browser.
 */
export function checkFlow(record: Record<string, string> | undefined, binding: string, now = Date.now()): FlowState {
  const { requestId, issued, binding: started } = record ?? {};
  if (!requestId || !issued || !started || !/^_[0-9a-f]{40}$/.test(requestId)) throw new SignInError('no sign-in under way for this browser');
  if (started !== binding) throw new SignInError('the identity provider or entity ID changed during the sign-in');
  const age = now - Date.parse(issued);
  if (!(age >= 0 && age <= FLOW_SECONDS * 1000)) throw new SignInError('the sign-in took too long');
  return { requestId, issued, binding };
}

/**
 * node-saml's store of outstanding request IDs, for one sign-in: it holds the one request of the
 * flow and nothing else, so the only InResponseTo node-saml accepts is this browser's own
 * request. The host's single-use state replaces node-saml's process-wide memory (which would not
 * be shared between instances).
 */
export class FlowRequestCache implements CacheProvider {
  private request: { id: string; issued: string } | undefined;

  constructor(flow?: FlowState) {
    if (flow) this.request = { id: flow.requestId, issued: flow.issued };
  }

  /** The request node-saml saved while building the AuthnRequest (the sender's side). */
  get saved(): { id: string; issued: string } | undefined {
    return this.request;
  }

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    this.request = { id: key, issued: value };
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string): Promise<string | null> {
    return this.request && this.request.id === key ? this.request.issued : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!this.request || this.request.id !== key) return null;
    const { issued } = this.request;
    this.request = undefined;
    return issued;
  }
}
