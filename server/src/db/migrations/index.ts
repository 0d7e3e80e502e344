import type { Migration } from 'kysely';
import { initialSchema } from './0001_initial_schema.js';

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_initial_schema': initialSchema,
};
