import { z } from 'zod';
import { type TCharge, ZChargeInput } from '../domain/medical-accounts';

// The wire shapes of charges on the case (issue 33): ZChargeInput (medical-accounts.ts) with the
// case's id from the path, the void and the authorisation-number correction, and the charge as read.

const ZId = z.string().trim().min(1).max(64);

/** POST /api/patient-cases/{id}/charges. */
export const ZRecordChargeInput = z.object({ id: ZId, ...ZChargeInput.shape }).superRefine((v, ctx) => {
  if (!v.tariffCode && !v.nappiCode) ctx.addIssue({ code: 'custom', path: ['tariffCode'], message: 'Give a tariff code or a NAPPI code' });
  if (v.tariffCode && v.nappiCode) ctx.addIssue({ code: 'custom', path: ['nappiCode'], message: 'A line has a tariff code or a NAPPI code, not both' });
});
export type TRecordChargeInput = z.infer<typeof ZRecordChargeInput>;

export const ZVoidChargeInput = z.object({
  id: ZId,
  reason: z.string({ error: 'Give the reason for voiding the charge' }).trim().min(1, 'Give the reason for voiding the charge').max(500, 'The reason is at most 500 characters'),
});
export type TVoidChargeInput = z.infer<typeof ZVoidChargeInput>;

export const ZCorrectChargeInput = z.object({
  id: ZId,
  /** The scheme's pre-authorisation number; empty clears it. */
  authorisationNumber: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: 'Authorisation number must be text' }).trim().max(40, 'Authorisation number is at most 40 characters').nullable(),
  ),
});
export type TCorrectChargeInput = z.infer<typeof ZCorrectChargeInput>;

export const ZCharge = z.object({
  id: z.string(),
  caseId: z.string(),
  encounterId: z.string().nullable(),
  serviceDate: z.string(),
  codeList: z.enum(['tariff', 'nappi']),
  code: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  amountCents: z.number(),
  vatCents: z.number(),
  icd10Codes: z.array(z.string()),
  modifier: z.string().nullable(),
  authorisationNumber: z.string().nullable(),
  needsAuthorisation: z.boolean(),
  pmb: z.boolean(),
  treatingPractitioner: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  accountId: z.string().nullable(),
  accountNumber: z.number().nullable(),
  voided: z.boolean(),
}) satisfies z.ZodType<TCharge>;
export const ZChargeList = z.object({ items: z.array(ZCharge) });
export type TChargeList = z.infer<typeof ZChargeList>;
