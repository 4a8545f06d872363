import { RETENTION_YEARS_DEFAULT, ZDeidentifyInput } from '../../../shared/domain/retention';
import { DemoError } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { allCases } from './cases';

// The demo's cases are all recent, so none has served its retention period: the screen shows what
// is held, and de-identification is refused as the server would refuse a case still retained.

export const retentionProcedures = {
  'retention.overview': procedure({
    input: null,
    capability: 'retention.manage',
    run: (ctx) => ({
      retentionYears: RETENTION_YEARS_DEFAULT,
      heldCount: allCases(ctx).filter((c) => c.status === 'Completed').length,
      deidentifiedCount: 0,
      eligible: [],
    }),
  }),
  'retention.deidentify': procedure({
    input: ZDeidentifyInput,
    capability: 'retention.manage',
    run: () => {
      throw new DemoError('CONFLICT', `Demo cases are all inside the ${RETENTION_YEARS_DEFAULT}-year retention period; none can be de-identified.`);
    },
  }),
} satisfies Partial<DemoProcedures>;
