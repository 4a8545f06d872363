import { type THospitalRecordList, bundlePageRanges, compareBundleOrder } from '../../../shared/domain/hospital-records';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { type DemoContext, nameOf } from '../context';
import { HOSPITAL_RECORD_SEEDS } from '../fixtures/hospital-records';
import { type DemoProcedures, procedure } from '../procedure';
import { allCases } from './cases';
import { openCase } from './case-file-state';

// A medicolegal case's hospital records in demo mode (issue 22): the fixtures, plus the rows the tab
// added this session (the upload is a multipart route, not tRPC, so the tab writes its row into the
// overlay itself — features/case-file/hospital-records-demo.ts — with the pages the visitor's PDF
// has, counted in the browser). Ordered and paginated by the same shared rule as the server.

const HOUR_MS = 3_600_000;

/** A hospital record as the overlay keeps it (the tab writes this shape). */
export interface DemoHospitalRecordRow {
  id: string;
  caseId: string;
  fileName: string;
  sourceFacility: string;
  recordsFrom: string;
  recordsTo: string;
  pages: number;
  sha256: string;
  uploadedAt: string;
  uploadedByName: string | null;
}

function fixtureRows(ctx: DemoContext): DemoHospitalRecordRow[] {
  const cases = allCases(ctx);
  return HOSPITAL_RECORD_SEEDS[ctx.platform].flatMap((seed, index) => {
    const kase = cases[seed.caseIndex];
    if (!kase) return [];
    // A stand-in hash of the right shape: the demo has no bytes to hash.
    const sha256 = Array.from({ length: 8 }, (_, i) => ((index + 1) * 2654435761 * (i + 7)).toString(16).slice(-8).padStart(8, '0')).join('');
    return [{
      id: `${ctx.platform}-hospital-record-${index + 1}`, caseId: kase.id, fileName: seed.fileName, sourceFacility: seed.sourceFacility,
      recordsFrom: seed.recordsFrom, recordsTo: seed.recordsTo, pages: seed.pages, sha256,
      uploadedAt: new Date(ctx.anchor.getTime() - seed.hoursAgo * HOUR_MS).toISOString(), uploadedByName: nameOf(ctx, seed.uploader),
    }];
  });
}

export function demoHospitalRecords(ctx: DemoContext, caseId: string): THospitalRecordList {
  const records = ctx.overlay
    .merge<DemoHospitalRecordRow>('hospitalRecords', fixtureRows(ctx))
    .filter((row) => row.caseId === caseId)
    .map(({ id, caseId: _case, ...rest }) => ({ documentId: id, ...rest }))
    .sort(compareBundleOrder);
  const { ranges, indexPages, totalPages } = bundlePageRanges(records.map((r) => r.pages));
  return { items: records.map((record, i) => ({ ...record, ...ranges[i]! })), indexPages, totalPages };
}

export const hospitalRecordsProcedures = {
  'hospitalRecords.list': procedure({
    input: ZCaseIdInput,
    capability: 'records.view',
    feature: 'hospitalRecords',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      return demoHospitalRecords(ctx, kase.id);
    },
  }),
} satisfies Partial<DemoProcedures>;
