import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';

// Clients and recorded time for the fee tests (issue 34): a person of the registry, and a time entry
// as the timer leaves it (stopped, priced at the rate of the day) — or still running.

/** A person of the organisation's registry, "first last". */
export async function createClient(
  db: Kysely<DB>,
  organizationId: string,
  firstName: string,
  lastName: string,
  address: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const at = nowIso();
  await db
    .insertInto('people')
    .values({
      id,
      organization_id: organizationId,
      kind: 'person',
      first_name: firstName,
      last_name: lastName,
      full_name: `${firstName} ${lastName}`,
      address,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A time entry of `minutes` at `rateCents` an hour started at `start` (null minutes: a running timer). */
export async function recordTime(
  db: Kysely<DB>,
  entry: { organizationId: string; caseId: string; userId: string; minutes: number | null; rateCents: number; start?: Date; role?: string },
): Promise<string> {
  const id = randomUUID();
  const start = entry.start ?? new Date(Date.now() - 86_400_000);
  const stopped = entry.minutes !== null;
  await db
    .insertInto('time_entries')
    .values({
      id,
      organization_id: entry.organizationId,
      case_id: entry.caseId,
      user_id: entry.userId,
      role: entry.role ?? 'Legal Consultants',
      description: 'Drafting particulars of claim',
      start_time: start.toISOString(),
      end_time: stopped ? new Date(start.getTime() + entry.minutes! * 60_000).toISOString() : null,
      duration_minutes: entry.minutes,
      hourly_rate_cents: entry.rateCents,
      total_cost_cents: stopped ? Math.round((entry.minutes! * entry.rateCents) / 60) : 0,
      created_at: nowIso(),
    })
    .execute();
  return id;
}
