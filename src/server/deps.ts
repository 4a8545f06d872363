import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Config } from './config';

/** What the HTTP surface is built from: the database and the validated configuration. */
export interface Deps {
  db: Kysely<DB>;
  config: Config;
}
