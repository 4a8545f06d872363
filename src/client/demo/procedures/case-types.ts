import { SHIPPED_CASE_TYPES, ZAddCaseTypeInput, ZCaseTypeIdInput, caseTypeKey, mergeCaseTypes } from '../../../shared/domain/case-types';
import type { DemoContext } from '../context';
import { conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';

// Case types in demo mode (issue 32): the platform's shipped list and the visitor's own, kept for
// the session, with the server's refusals.

interface CaseTypeRow {
  id: string;
  name: string;
  platform: string;
  deleted?: boolean;
}

const EXISTS = 'This case type is already on the list.';

function ownTypes(ctx: DemoContext): CaseTypeRow[] {
  return ctx.overlay.rows<CaseTypeRow>('caseTypes').filter((row) => row.platform === ctx.platform && !row.deleted);
}

const list = (ctx: DemoContext) => mergeCaseTypes(ctx.platform, ownTypes(ctx));

export const caseTypesProcedures = {
  'caseTypes.list': procedure({ input: null, capability: 'cases.view', run: list }),
  'caseTypes.add': procedure({
    input: ZAddCaseTypeInput,
    capability: 'checklists.manage',
    run(ctx, input) {
      const name = input.name.replace(/\s+/g, ' ');
      const key = caseTypeKey(name);
      if ([...SHIPPED_CASE_TYPES[ctx.platform], ...ownTypes(ctx).map((t) => t.name)].some((n) => caseTypeKey(n) === key)) throw conflict(EXISTS, { name: EXISTS });
      ctx.overlay.put<CaseTypeRow>('caseTypes', { id: ctx.newId(), name, platform: ctx.platform });
      return list(ctx);
    },
  }),
  'caseTypes.remove': procedure({
    input: ZCaseTypeIdInput,
    capability: 'checklists.manage',
    run(ctx, input) {
      const row = ownTypes(ctx).find((t) => t.id === input.id);
      if (!row) throw notFound('Case type');
      ctx.overlay.put<CaseTypeRow>('caseTypes', { ...row, deleted: true });
      return list(ctx);
    },
  }),
} satisfies Partial<DemoProcedures>;
