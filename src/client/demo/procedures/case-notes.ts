import { CASE_NOTE_KINDS_BY_PLATFORM, CASE_NOTE_KINDS, type TCaseNote, ZAmendCaseNoteInput, ZCreateCaseNoteInput } from '../../../shared/domain/case-notes';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import { type DemoContext, myName } from '../context';
import { badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, fixtureNotes, openCase } from './case-file-state';

// Notes in demo mode: append-only as on the server. An amendment is a new note naming the one it
// amends; the amended one stays, shown as amended (amendedById), never edited in place.

type NoteRow = TCaseNote & { caseId: string };

function notesOf(ctx: DemoContext, caseId: string): TCaseNote[] {
  const kase = openCase(ctx, caseId);
  const base: NoteRow[] = fixtureNotes(ctx, kase).map((n) => ({ ...n, caseId: kase.id }));
  return ctx.overlay
    .merge<NoteRow>('caseNotes', base)
    .filter((n) => n.caseId === kase.id)
    .map(({ caseId: _caseId, ...note }) => note)
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
}

function checkKind(ctx: DemoContext, kind: TCaseNote['kind']): void {
  if (!CASE_NOTE_KINDS_BY_PLATFORM[ctx.platform].includes(kind)) throw badRequest('Input validation failed', { kind: 'Choose a kind of note this platform uses' });
}

export const caseNotesProcedures = {
  'notes.list': procedure({ input: ZCaseIdInput, capability: 'caseFile.view', run: (ctx, input) => ({ items: notesOf(ctx, input.id) }) }),

  'notes.create': procedure({
    input: ZCreateCaseNoteInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      checkKind(ctx, input.kind);
      const note: NoteRow = {
        id: ctx.newId(), caseId: kase.id, at: ctx.nowIso(), authorId: ctx.me.id, authorName: myName(ctx),
        kind: input.kind, body: input.body, amendsId: null, amendedById: null,
      };
      ctx.overlay.put('caseNotes', note);
      appendEvent(ctx, kase.id, 'note.added', `${CASE_NOTE_KINDS[note.kind]}: ${note.body.slice(0, 80)}`);
      const { caseId: _caseId, ...shown } = note;
      return shown;
    },
  }),

  'notes.amend': procedure({
    input: ZAmendCaseNoteInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const original = notesOf(ctx, kase.id).find((n) => n.id === input.noteId);
      if (!original) throw notFound('Note');
      // Only the latest version is amended, so the versions stay one chain.
      if (original.amendedById) throw conflict('This note has already been amended; amend its latest version.');
      const amendment: NoteRow = {
        id: ctx.newId(), caseId: kase.id, at: ctx.nowIso(), authorId: ctx.me.id, authorName: myName(ctx),
        kind: original.kind, body: input.body, amendsId: original.id, amendedById: null,
      };
      ctx.overlay.put('caseNotes', amendment);
      ctx.overlay.put<NoteRow>('caseNotes', { ...original, caseId: kase.id, amendedById: amendment.id });
      appendEvent(ctx, kase.id, 'note.amended', `Amended a ${CASE_NOTE_KINDS[original.kind].toLowerCase()}: ${input.body.slice(0, 80)}`);
      const { caseId: _caseId, ...shown } = amendment;
      return shown;
    },
  }),
} satisfies Partial<DemoProcedures>;
