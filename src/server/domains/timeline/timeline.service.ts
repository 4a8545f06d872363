import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { type TFieldChange, type TTimelineInput, type TTimelinePage, ZFieldChange } from '../../../shared/domain/case-timeline';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';

// The timeline of a case, newest first, in keyset pages: (at, id) below the cursor, read along the
// (case_id, at, id) index of migration 0012, so page 40 costs what page 1 does and an event written
// while someone pages does not shift what they see next.

const BAD_CURSOR = 'This page link is no longer valid. Open the timeline again.';

interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor a page handed out, or a 400 naming `cursor`. */
export function decodeCursor(text: string): Cursor {
  const decoded = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '';
  const bar = decoded.indexOf('|');
  const at = decoded.slice(0, bar);
  const id = decoded.slice(bar + 1);
  if (bar <= 0 || id.length === 0 || Number.isNaN(Date.parse(at))) throw new AppError('BAD_REQUEST', BAD_CURSOR, { cursor: BAD_CURSOR });
  return { at, id };
}

function changesOf(details: string): TFieldChange[] {
  try {
    const parsed = JSON.parse(details) as { changes?: unknown };
    const changes = ZFieldChange.array().safeParse(parsed?.changes ?? []);
    return changes.success ? changes.data : [];
  } catch {
    // A row written by hand: show its summary without the lines rather than fail the page.
    return [];
  }
}

export async function listCaseTimeline(db: Kysely<DB>, actor: TenantActor, input: TTimelineInput): Promise<TTimelinePage> {
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  await requireCaseAccess(db, actor, input.id);
  const rows = await db
    .selectFrom('case_events')
    .leftJoin('users', 'users.id', 'case_events.actor_id')
    .select(['case_events.id', 'case_events.at', 'case_events.kind', 'case_events.summary', 'case_events.details', 'users.first_name', 'users.last_name'])
    .where('case_events.case_id', '=', input.id)
    .where('case_events.organization_id', '=', actor.organizationId)
    .$if(cursor !== null, (q) =>
      q.where((eb) =>
        eb.or([eb('case_events.at', '<', cursor!.at), eb.and([eb('case_events.at', '=', cursor!.at), eb('case_events.id', '<', cursor!.id)])]),
      ),
    )
    .orderBy('case_events.at', 'desc')
    .orderBy('case_events.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.at,
      actorName: fullName(row.first_name, row.last_name),
      kind: row.kind,
      summary: row.summary,
      changes: changesOf(row.details),
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}
