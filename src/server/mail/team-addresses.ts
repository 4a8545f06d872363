import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import type { Config } from '../config';

/**
 * Who hears of what the public sends the product team (a contact-us request): NOTIFY_EMAIL when
 * the install names one, else every active Super Admin — the people who work the requests at
 * /contact-requests. None (a fresh install) means no e-mail; the request is stored all the same.
 */
export async function teamAddresses(db: Kysely<DB> | Transaction<DB>, config: Config): Promise<string[]> {
  if (config.NOTIFY_EMAIL) return [config.NOTIFY_EMAIL];
  const rows = await db.selectFrom('users').select('email').where('is_super_admin', '=', 1).where('is_active', '=', 1).orderBy('email').execute();
  return rows.map((r) => r.email);
}
