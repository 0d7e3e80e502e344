// oidc-provider ships no types (they live in DefinitelyTyped, not installed): what the e2e fixture uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    silent: boolean;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ params: Record<string, unknown> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: new (properties: { accountId: string; clientId: string }) => Grant;
  }
}
