import { z } from 'zod';
import type { TPlatform } from '../platform';
import { requiredText } from './cases';

// Notes on a case (issue 18): dated, authored, of a kind, and append-only. An amendment is a new note
// naming the one it amends (amendsId); the amended note stays, shown as amended (amendedById).

export const CASE_NOTE_KINDS = {
  clinical: 'Clinical note',
  nursing: 'Nursing note',
  progress: 'Progress note',
  attendance: 'Attendance note',
  file: 'File note',
  telephone: 'Telephone note',
  correspondence: 'Correspondence',
} as const;
export type TCaseNoteKind = keyof typeof CASE_NOTE_KINDS;
export const ZCaseNoteKind = z.enum(Object.keys(CASE_NOTE_KINDS) as [TCaseNoteKind, ...TCaseNoteKind[]], { error: 'Choose a kind of note' });

export const CASE_NOTE_KINDS_BY_PLATFORM: Record<TPlatform, readonly TCaseNoteKind[]> = {
  healthcare: ['clinical', 'nursing', 'progress', 'telephone', 'file'],
  legal: ['attendance', 'file', 'telephone', 'correspondence'],
  medicolegal: ['attendance', 'file', 'telephone', 'correspondence', 'clinical'],
};

export const CASE_NOTE_BODY_MAX = 20_000;

export const ZCaseNote = z.object({
  id: z.string(),
  at: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  kind: ZCaseNoteKind,
  body: z.string(),
  /** The note this one amends. */
  amendsId: z.string().nullable(),
  /** The note that amends this one: this one is shown as amended. */
  amendedById: z.string().nullable(),
});
export type TCaseNote = z.infer<typeof ZCaseNote>;

export const ZCaseNoteList = z.object({ items: z.array(ZCaseNote) });
export type TCaseNoteList = z.infer<typeof ZCaseNoteList>;

export const ZCreateCaseNoteInput = z.object({
  id: z.string().min(1).max(64),
  kind: ZCaseNoteKind,
  body: requiredText('Write the note', CASE_NOTE_BODY_MAX),
});
export type TCreateCaseNoteInput = z.infer<typeof ZCreateCaseNoteInput>;

export const ZAmendCaseNoteInput = z.object({
  id: z.string().min(1).max(64),
  noteId: z.string().min(1).max(64),
  body: requiredText('Write the amended note', CASE_NOTE_BODY_MAX),
});
export type TAmendCaseNoteInput = z.infer<typeof ZAmendCaseNoteInput>;
