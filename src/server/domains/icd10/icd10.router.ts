import { z } from 'zod';
import { ZIcd10ListStatus, ZIcd10SearchInput, ZIcd10SearchResult } from '../../../shared/domain/icd10';
import { router, tenantProcedure } from '../../trpc';
import { icd10ListStatus, searchIcd10 } from './icd10.service';

// The import is a multipart upload: a plain route beside this router (icd10.routes.ts).

const tags = ['icd10'];

export const icd10Router = router({
  search: tenantProcedure
    .meta({ capability: 'records.view', feature: 'medicalRecords', openapi: { method: 'GET', path: '/icd10', tags, summary: "Search the organisation's ICD-10 code list by code prefix or words" } })
    .input(ZIcd10SearchInput)
    .output(ZIcd10SearchResult)
    .query(({ ctx, input }) => searchIcd10(ctx.db, ctx.actor, input.search)),

  status: tenantProcedure
    .meta({ capability: 'icd10.manage', feature: 'medicalRecords', openapi: { method: 'GET', path: '/icd10/status', tags, summary: 'Which ICD-10 code list the organisation uses: the starter list or its imported MIT' } })
    .input(z.void())
    .output(ZIcd10ListStatus)
    .query(({ ctx }) => icd10ListStatus(ctx.db, ctx.actor)),
});
