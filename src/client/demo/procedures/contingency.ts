import { z } from 'zod';
import { dayKey } from '../../../shared/calendar';
import {
  CONTINGENCY_ITEM_IDS,
  type TContingencyAgreement,
  type TContingencyFee,
  type TContingencyItem,
  ZContingencyFeeRequest,
  ZSaveContingencyAgreementRequest,
  contingencyChecklist,
} from '../../../shared/domain/contingency';
import { contingencyFee } from '../../../shared/money/contingency-fee';
import { type DemoContext, myName } from '../context';
import { conflict } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent } from './case-file-state';
import { allCases } from './cases';
import { matterFees, requireBillingFirm } from './fee-notes';

// Contingency-fee agreements in demo mode (issue 34), with the server's rules (contingency.service.ts):
// versions never edited (an amendment is the next version; a stale version is 409), the matter's
// fee-earners and Finance only, firms that act for claimants only, and the success fee from the shared
// rule (money/contingency-fee.ts: the lesser of the uplifted fees and 25% of the award, VAT inside).
// Fixture: the first legal matter has a signed agreement — 100% uplift on the attorney-and-client tariff.

const feature = 'feeNotes' as const;
const AGREEMENT_CHANGED = 'The agreement was amended since you opened it: read the version in force and amend that';
const NO_AGREEMENT = 'This matter has no contingency-fee agreement: record the agreement (uplift, normal-fee basis, date signed) first';

interface AgreementRow extends Omit<TContingencyAgreement, 'items' | 'complete'> {
  confirmed: TContingencyItem[];
}

function fixtureAgreements(ctx: DemoContext): AgreementRow[] {
  const matter = ctx.platform === 'legal' ? allCases(ctx)[0] : undefined;
  if (!matter) return [];
  const signedOn = dayKey(new Date(ctx.anchor.getTime() - 120 * 86_400_000));
  return [
    {
      id: 'lg-contingency-1',
      caseId: matter.id,
      version: 1,
      upliftPercent: 100,
      normalFeeBasis: 'Attorney-and-client tariff, R2 500/hour',
      signedOn,
      confirmed: [...CONTINGENCY_ITEM_IDS],
      recordedBy: myName(ctx),
      recordedAt: `${signedOn}T10:00:00.000Z`,
    },
  ];
}

const viewOf = ({ confirmed, ...row }: AgreementRow): TContingencyAgreement => ({ ...row, ...contingencyChecklist(confirmed) });

/** The matter's versions, newest first. */
function historyOf(ctx: DemoContext, caseId: string): AgreementRow[] {
  return ctx.overlay
    .merge<AgreementRow>('contingencyAgreements', fixtureAgreements(ctx))
    .filter((a) => a.caseId === caseId)
    .sort((a, b) => b.version - a.version);
}

function save(ctx: DemoContext, input: z.output<typeof ZSaveContingencyAgreementRequest>): TContingencyAgreement {
  requireBillingFirm(ctx);
  const kase = matterFees(ctx, input.id);
  const inForce = historyOf(ctx, kase.id)[0]?.version ?? 0;
  if (input.version !== undefined && input.version !== inForce) throw conflict(AGREEMENT_CHANGED, { version: AGREEMENT_CHANGED });
  const version = inForce + 1;
  const confirmed = [...new Set(input.items)];
  const row = ctx.overlay.put<AgreementRow>('contingencyAgreements', {
    id: ctx.newId(),
    caseId: kase.id,
    version,
    upliftPercent: input.upliftPercent,
    normalFeeBasis: input.normalFeeBasis,
    signedOn: input.signedOn,
    confirmed,
    recordedBy: myName(ctx),
    recordedAt: ctx.nowIso(),
  });
  const { complete } = contingencyChecklist(confirmed);
  appendEvent(
    ctx,
    kase.id,
    version === 1 ? 'contingency-agreement.signed' : 'contingency-agreement.amended',
    `Contingency-fee agreement ${version === 1 ? 'recorded' : `amended (version ${version})`}: uplift ${input.upliftPercent}% on normal fees${complete ? '' : '; s3 checklist incomplete'}`,
  );
  return viewOf(row);
}

function feeOf(ctx: DemoContext, input: z.output<typeof ZContingencyFeeRequest>): TContingencyFee {
  const settings = requireBillingFirm(ctx);
  const kase = matterFees(ctx, input.id);
  const row = historyOf(ctx, kase.id)[0];
  if (!row) throw conflict(NO_AGREEMENT);
  const agreement = viewOf(row);
  const figures = contingencyFee({
    awardCents: input.awardCents,
    normalFeesCents: input.normalFeesCents,
    upliftPercent: agreement.upliftPercent,
    vatVendor: settings.registeredVendor,
  });
  return {
    ...figures,
    vatVendor: settings.registeredVendor,
    awardCents: input.awardCents,
    normalFeesCents: input.normalFeesCents,
    upliftPercent: agreement.upliftPercent,
    agreementVersion: agreement.version,
    agreementComplete: agreement.complete,
  };
}

export const contingencyProcedures = {
  'contingency.get': procedure({
    input: z.object({ id: z.string().trim().min(1).max(64) }),
    capability: 'fees.view',
    feature,
    run(ctx, input) {
      requireBillingFirm(ctx);
      const history = historyOf(ctx, matterFees(ctx, input.id).id).map(viewOf);
      return { agreement: history[0] ?? null, history };
    },
  }),
  'contingency.save': procedure({ input: ZSaveContingencyAgreementRequest, capability: 'fees.record', feature, run: save }),
  'contingency.fee': procedure({ input: ZContingencyFeeRequest, capability: 'fees.view', feature, run: feeOf }),
} satisfies Partial<DemoProcedures>;
