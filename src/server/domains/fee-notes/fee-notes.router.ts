import { z } from 'zod';
import {
  ZCreateDisbursementRequest,
  ZCreateFeeNoteRequest,
  ZCreditNoteRequest,
  ZDisbursement,
  ZFeeNote,
  ZFeeNoteList,
  ZFeeNoteReceipt,
  ZFeeReceiptRequest,
  ZFeeSettings,
  ZFeeSettingsInput,
  ZIssueFeeNoteRequest,
  ZWip,
} from '../../../shared/domain/fee-notes';
import { router, tenantProcedure } from '../../trpc';
import { listDisbursements, recordDisbursement } from './disbursements.service';
import { reverseFeeReceipt, recordFeeReceipt } from './fee-receipts.service';
import { creditFeeNote, createFeeNote, getFeeNote, issueFeeNote, listFeeNotes, workInProgress } from './fee-notes.service';
import { getFeeSettings, saveFeeSettings } from './fee-settings.service';

// Getting paid on the legal platforms (issue 34): fee-earners record disbursements (fees.record) and
// read their matters' work in progress and fee notes (fees.view); Finance Staff and the Director
// bill, credit and receipt (fees.manage); the Administrator sets the firm's billing details.

const feature = 'feeNotes' as const;
const tags = ['fee-notes'];
const ZId = z.object({ id: z.string().trim().min(1).max(64) });

export const feesRouter = router({
  settings: tenantProcedure
    .meta({ capability: 'fees.view', feature, openapi: { method: 'GET', path: '/fee-settings', tags, summary: "The firm's name, address, VAT number and business banking on its fee notes; whether it bills at all" } })
    .input(z.void())
    .output(ZFeeSettings)
    .query(({ ctx }) => getFeeSettings(ctx.db, ctx.actor)),

  saveSettings: tenantProcedure
    .meta({ capability: 'billingSettings.manage', feature, openapi: { method: 'PUT', path: '/fee-settings', tags, summary: "Set the firm's VAT number (a registered vendor charges 15% VAT), banking details and, on the medicolegal platform, whether it acts for claimants" } })
    .input(ZFeeSettingsInput)
    .output(ZFeeSettings)
    .mutation(({ ctx, input }) => saveFeeSettings(ctx.db, ctx.actor, input)),
});

export const disbursementsRouter = router({
  create: tenantProcedure
    .meta({ capability: 'fees.record', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/disbursements', tags, summary: 'Record a disbursement on the matter (amount exclusive of VAT; vatable says whether VAT is added when billed)' } })
    .input(ZCreateDisbursementRequest)
    .output(ZDisbursement)
    .mutation(({ ctx, input }) => recordDisbursement(ctx.db, ctx.actor, input)),

  list: tenantProcedure
    .meta({ capability: 'fees.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/disbursements', tags, summary: "The matter's disbursements, billed and unbilled" } })
    .input(ZId)
    .output(z.object({ items: z.array(ZDisbursement) }))
    .query(async ({ ctx, input }) => ({ items: await listDisbursements(ctx.db, ctx.actor, input.id) })),
});

export const feeNotesRouter = router({
  wip: tenantProcedure
    .meta({ capability: 'fees.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/wip', tags, summary: "The matter's work in progress: stopped time and disbursements not yet billed" } })
    .input(ZId)
    .output(ZWip)
    .query(({ ctx, input }) => workInProgress(ctx.db, ctx.actor, input.id)),

  create: tenantProcedure
    .meta({ capability: 'fees.manage', feature, openapi: { method: 'POST', path: '/patient-cases/{id}/fee-notes', tags, summary: 'Bill unbilled time, fixed fees and disbursements: a pro-forma, or a numbered tax invoice with VAT per line; work already billed is 409' } })
    .input(ZCreateFeeNoteRequest)
    .output(ZFeeNote)
    .mutation(({ ctx, input }) => createFeeNote(ctx.db, ctx.actor, input)),

  list: tenantProcedure
    .meta({ capability: 'fees.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/fee-notes', tags, summary: "The matter's fee notes, newest first" } })
    .input(ZId)
    .output(ZFeeNoteList)
    .query(async ({ ctx, input }) => ({ items: await listFeeNotes(ctx.db, ctx.actor, input.id) })),

  get: tenantProcedure
    .meta({ capability: 'fees.view', feature, openapi: { method: 'GET', path: '/fee-notes/{id}', tags, summary: 'A fee note with its lines, receipts, credit note and what it still owes' } })
    .input(ZId)
    .output(ZFeeNote)
    .query(({ ctx, input }) => getFeeNote(ctx.db, ctx.actor, input.id)),

  issue: tenantProcedure
    .meta({ capability: 'fees.manage', feature, openapi: { method: 'POST', path: '/fee-notes/{id}/issue', tags, summary: 'Issue a pro-forma as a tax invoice with the next number of the series' } })
    .input(ZIssueFeeNoteRequest)
    .output(ZFeeNote)
    .mutation(({ ctx, input }) => issueFeeNote(ctx.db, ctx.actor, input)),

  creditNote: tenantProcedure
    .meta({ capability: 'fees.manage', feature, openapi: { method: 'POST', path: '/fee-notes/{id}/credit-note', tags, summary: 'Reverse an issued fee note with a numbered credit note (or withdraw a pro-forma); its work can be billed again' } })
    .input(ZCreditNoteRequest)
    .output(ZFeeNote)
    .mutation(({ ctx, input }) => creditFeeNote(ctx.db, ctx.actor, input)),

  receive: tenantProcedure
    .meta({ capability: 'fees.manage', feature, openapi: { method: 'POST', path: '/fee-notes/{id}/receipts', tags, summary: 'A business receipt (cash, card, EFT) against a fee note; never more than it still owes (409)' } })
    .input(ZFeeReceiptRequest)
    .output(ZFeeNoteReceipt)
    .mutation(({ ctx, input }) => recordFeeReceipt(ctx.db, ctx.actor, input)),

  reverseReceipt: tenantProcedure
    .meta({ capability: 'fees.manage', feature, openapi: { method: 'POST', path: '/fee-receipts/{id}/reverse', tags, summary: 'Reverse a receipt taken in error: a negative row with its own number (once)' } })
    .input(ZId)
    .output(ZFeeNoteReceipt)
    .mutation(({ ctx, input }) => reverseFeeReceipt(ctx.db, ctx.actor, input.id)),
});
