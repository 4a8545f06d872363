import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { isUniqueViolation } from '../../../../db/unique-violation';
import {
  CASE_NOTE_KINDS,
  CASE_NOTE_KINDS_BY_PLATFORM,
  type TAmendCaseNoteInput,
  type TCaseNote,
  type TCaseNoteKind,
  type TCaseNoteList,
  type TCreateCaseNoteInput,
} from '../../../shared/domain/case-notes';
import { fullName } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';

// Notes on a case are append-only (ARCHITECTURE "clinical and legal records are append-only"): a row
// is never updated or deleted here. An amendment is a new row naming the one it amends; the old one
// stays and is shown as amended. The unique index on amends_id keeps the chain a line, so a second
// amendment of the same version loses to the first (409) instead of forking the record.

export const ALREADY_AMENDED_MESSAGE = 'This note was already amended; amend the newest version';
const UNKNOWN_AUTHOR = 'Former member';

function selectNotes(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('case_notes as n')
    .leftJoin('users as author', 'author.id', 'n.author_id')
    // The note that amends this one (at most one: unique index), so the list shows it as amended.
    .leftJoin('case_notes as amender', 'amender.amends_id', 'n.id')
    .select([
      'n.id',
      'n.case_id',
      'n.kind',
      'n.body',
      'n.author_id',
      'n.amends_id',
      'n.created_at',
      'author.first_name',
      'author.last_name',
      'amender.id as amended_by_id',
    ])
    .where('n.organization_id', '=', organizationId);
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['executeTakeFirstOrThrow']>>;

function toNote(row: NoteRow): TCaseNote {
  return {
    id: row.id,
    at: row.created_at,
    authorId: row.author_id,
    authorName: fullName(row.first_name, row.last_name) ?? UNKNOWN_AUTHOR,
    kind: row.kind as TCaseNoteKind,
    body: row.body,
    amendsId: row.amends_id,
    amendedById: row.amended_by_id ?? null,
  };
}

async function findNote(db: Kysely<DB>, actor: TenantActor, caseId: string, noteId: string): Promise<TCaseNote> {
  const row = await selectNotes(db, actor.organizationId).where('n.case_id', '=', caseId).where('n.id', '=', noteId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Note not found');
  return toNote(row);
}

/** Every note of the case, newest first; amended versions stay in the list, marked by amendedById. */
export async function listCaseNotes(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TCaseNoteList> {
  const kase = await requireCaseAccess(db, actor, caseId);
  const rows = await selectNotes(db, actor.organizationId)
    .where('n.case_id', '=', kase.id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return { items: rows.map(toNote) };
}

/** The kinds are per platform (a law firm writes no clinical note): another kind is a 400 on `kind`. */
function requireKindOfPlatform(actor: TenantActor, kind: TCaseNoteKind): void {
  if (CASE_NOTE_KINDS_BY_PLATFORM[actor.platform].includes(kind)) return;
  const allowed = CASE_NOTE_KINDS_BY_PLATFORM[actor.platform].map((k) => CASE_NOTE_KINDS[k]).join(', ');
  const message = `A ${CASE_NOTE_KINDS[kind].toLowerCase()} is not a kind of note on the ${PLATFORM_CONFIG[actor.platform].name} platform; choose one of: ${allowed}`;
  throw new AppError('BAD_REQUEST', message, { kind: message });
}

async function insertNote(
  db: Kysely<DB>,
  actor: TenantActor,
  values: { caseId: string; kind: TCaseNoteKind; body: string; amendsId: string | null },
): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('case_notes')
      .values({
        id,
        organization_id: actor.organizationId,
        case_id: values.caseId,
        kind: values.kind,
        body: values.body,
        author_id: actor.userId,
        amends_id: values.amendsId,
        created_at: nowIso(),
      })
      .execute();
    const label = CASE_NOTE_KINDS[values.kind];
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: values.caseId,
      actorId: actor.userId,
      kind: values.amendsId ? 'note.amended' : 'note.added',
      summary: values.amendsId ? `Note amended (${label})` : `Note added (${label})`,
      details: { noteId: id, ...(values.amendsId ? { amendsId: values.amendsId } : {}) },
    });
  });
  return id;
}

export async function createCaseNote(db: Kysely<DB>, actor: TenantActor, input: TCreateCaseNoteInput): Promise<TCaseNote> {
  const kase = await requireCaseAccess(db, actor, input.id);
  requireKindOfPlatform(actor, input.kind);
  const id = await insertNote(db, actor, { caseId: kase.id, kind: input.kind, body: input.body, amendsId: null });
  return findNote(db, actor, kase.id, id);
}

export async function amendCaseNote(db: Kysely<DB>, actor: TenantActor, input: TAmendCaseNoteInput): Promise<TCaseNote> {
  const kase = await requireCaseAccess(db, actor, input.id);
  const original = await findNote(db, actor, kase.id, input.noteId);
  // The author answers for what a note says, so only they correct it; an Administrator may too (the
  // author left, or a correction the organisation must make), and the amendment names who made it.
  if (original.authorId !== actor.userId && !can(actor, 'notes.amendAny')) {
    throw new AppError('FORBIDDEN', 'Only the author of a note, or an Administrator, can amend it.');
  }
  if (original.amendedById) throw new AppError('CONFLICT', ALREADY_AMENDED_MESSAGE);
  let id: string;
  try {
    id = await insertNote(db, actor, { caseId: kase.id, kind: original.kind, body: input.body, amendsId: original.id });
  } catch (error) {
    // Two amendments of the same version at once: the unique index lets one in, the other is told.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ALREADY_AMENDED_MESSAGE);
    throw error;
  }
  return findNote(db, actor, kase.id, id);
}
