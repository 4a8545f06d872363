import { z } from 'zod';

// Pieces the litigation schemas share (issue 20): days, money and versions.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const realDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A real calendar day 'YYYY-MM-DD' named in its messages (`label` e.g. 'Date'). */
export const zDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(realDay, `${label} must be a real calendar day`);

/** An optional day: '' and null mean none (stored as null). */
export const zOptionalDay = (label: string) =>
  z.preprocess(blankToUndefined, zDay(label).nullish()).transform((v) => v ?? null);

/** Money in cents: a whole, non-negative number below R 100 billion. */
export const zCents = (label: string) =>
  z.coerce
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000_000_000, `${label} is too large`);

export const zOptionalCents = (label: string) => z.preprocess(blankToUndefined, zCents(label).nullish()).transform((v) => v ?? null);

/** The version the editor saw: a stale one answers 409 with the current record. */
export const ZExpectedVersion = z.coerce.number().int().min(1, 'Version must be 1 or more');

export const ZCaseIdInput = z.object({ id: z.string().trim().min(1).max(64) });

/** Which side of the dispute: ours (the client's) or the opposing party's. */
export const SIDES = ['ours', 'opposing'] as const;
export const ZSide = z.enum(SIDES, { error: 'Side must be ours or opposing' });
export type TSide = z.infer<typeof ZSide>;
