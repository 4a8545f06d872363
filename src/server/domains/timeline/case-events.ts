import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import type { TCaseEventKind, TFieldChange } from '../../../shared/domain/case-timeline';

// The timeline is written, not reconstructed (ARCHITECTURE "the case is the centre"): every service
// that changes something of a case appends one event here, with the same `db` — pass the transaction
// the change runs in, so the event and the change land together or not at all.

export interface CaseEventInput {
  organizationId: string;
  caseId: string;
  /** Who did it; null for the system (a retention job, an import). */
  actorId: string | null;
  kind: TCaseEventKind;
  /** One line a person reads: "Note added (Clinical note)", "Task 'Order MRI' completed". */
  summary: string;
  /** For case.updated: each field old → new. */
  changes?: TFieldChange[];
  /** Anything else the kind needs (ids of the note, task, appointment …). */
  details?: Record<string, unknown>;
  /** Defaults to now. */
  at?: string;
}

export async function appendCaseEvent(db: Kysely<DB>, event: CaseEventInput): Promise<void> {
  await db
    .insertInto('case_events')
    .values({
      id: randomUUID(),
      organization_id: event.organizationId,
      case_id: event.caseId,
      at: event.at ?? nowIso(),
      actor_id: event.actorId,
      kind: event.kind,
      summary: event.summary.slice(0, 500),
      details: JSON.stringify({ ...(event.details ?? {}), ...(event.changes ? { changes: event.changes } : {}) }),
    })
    .execute();
}
