import type { Kysely, Migration } from 'kysely';

/**
 * The staff roles a provider's group gave (features/connector/roles.ts): a role given by a group
 * goes when the person leaves the group, but a role an administrator gave by hand never does. One
 * row per person; an administrator's role change deletes it.
 */
export const externalRoleGrant: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('external_role_grant')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('role_id', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
