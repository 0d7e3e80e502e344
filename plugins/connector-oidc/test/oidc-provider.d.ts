// oidc-provider ships no types (they live in DefinitelyTyped, not installed); only what the tests use is declared.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }

  interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    /** Koa's: oidc-provider is a Koa application. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    silent: boolean;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: new (properties: { accountId: string; clientId: string }) => Grant;
    AccessToken: { find(token: string): Promise<{ accountId: string } | undefined> };
  }

  export type { Account };
  export default Provider;
}
