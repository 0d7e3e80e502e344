import type { Kysely, Migration } from 'kysely';

/**
 * Which identity provider a binding was made with (features/connector/accounts.ts): a connector's
 * slug can be pointed at another provider, whose ids mean other people, so a binding of the
 * previous provider must not sign anyone in. Empty for bindings made before (and for connectors
 * that do not say who their provider is).
 */
export const externalLoginProvider: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('user_external_login').addColumn('provider_id', 'varchar(512)', (c) => c.notNull().defaultTo('')).execute();
  },
};
