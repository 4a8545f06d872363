import { ZAmendCaseNoteInput, ZCaseNote, ZCaseNoteList, ZCreateCaseNoteInput } from '../../../shared/domain/case-notes';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import { router, tenantProcedure } from '../../trpc';
import { amendCaseNote, createCaseNote, listCaseNotes } from './notes.service';

const tags = ['case-notes'];

export const notesRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/patient-cases/{id}/notes', tags, summary: 'The notes of a case, newest first, amended ones marked' } })
    .input(ZCaseIdInput)
    .output(ZCaseNoteList)
    .query(({ ctx, input }) => listCaseNotes(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'POST', path: '/patient-cases/{id}/notes', tags, summary: 'Write a note on a case' } })
    .input(ZCreateCaseNoteInput)
    .output(ZCaseNote)
    .mutation(({ ctx, input }) => createCaseNote(ctx.db, ctx.actor, input)),

  amend: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'POST', path: '/patient-cases/{id}/notes/{noteId}/amend', tags, summary: 'Amend a note: a new version; the old one stays, shown as amended' } })
    .input(ZAmendCaseNoteInput)
    .output(ZCaseNote)
    .mutation(({ ctx, input }) => amendCaseNote(ctx.db, ctx.actor, input)),
});
