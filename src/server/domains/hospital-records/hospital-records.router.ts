import { ZHospitalRecordList } from '../../../shared/domain/hospital-records';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { router, tenantProcedure } from '../../trpc';
import { listHospitalRecords } from './hospital-records.service';

// The JSON side of a medicolegal case's hospital records (issue 22). Uploading a record and
// downloading the bundle carry file bytes: plain routes in hospital-records.routes.ts.

const tags = ['hospital-records'];

export const hospitalRecordsRouter = router({
  list: tenantProcedure
    .meta({
      capability: 'records.view',
      feature: 'hospitalRecords',
      openapi: { method: 'GET', path: '/patient-cases/{id}/hospital-records', tags, summary: 'The hospital records of a medicolegal case in bundle order, with their continuous bundle pages' },
    })
    .input(ZCaseIdInput)
    .output(ZHospitalRecordList)
    .query(({ ctx, input }) => listHospitalRecords(ctx.db, ctx.actor, input.id)),
});
