import {
  ZChecklist,
  ZChecklistTemplate,
  ZChecklistTemplates,
  ZDeleteChecklistTemplateInput,
  ZSaveChecklistTemplateInput,
  ZTickChecklistItemInput,
} from '../../../shared/domain/checklists';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { router, tenantProcedure } from '../../trpc';
import { deleteChecklistTemplate, listChecklistTemplates, saveChecklistTemplate } from './checklist-templates.service';
import { getChecklist, tickChecklistItem } from './checklists.service';

// Compliance checklists (issue 20): on every platform with the 'compliance' flag. A case's items are
// read and ticked with the case file's capabilities; templates are the Administrators'.
const tags = ['checklists'];
const feature = 'compliance' as const;

export const checklistsRouter = router({
  get: tenantProcedure
    .meta({ capability: 'caseFile.view', feature, openapi: { method: 'GET', path: '/patient-cases/{id}/checklist', tags, summary: "The case's compliance checklist: items with who ticked them and when, and the percent done" } })
    .input(ZCaseIdInput)
    .output(ZChecklist)
    .query(({ ctx, input }) => getChecklist(ctx.db, ctx.actor, input.id)),

  tick: tenantProcedure
    .meta({ capability: 'caseFile.write', feature, openapi: { method: 'PATCH', path: '/checklist-items/{id}', tags, summary: 'Tick or untick a checklist item (who and when are recorded); a stale expectedVersion is 409' } })
    .input(ZTickChecklistItemInput)
    .output(ZChecklist)
    .mutation(({ ctx, input }) => tickChecklistItem(ctx.db, ctx.actor, input)),

  templates: tenantProcedure
    .meta({ capability: 'checklists.manage', feature, openapi: { method: 'GET', path: '/checklist-templates', tags, summary: "The organisation's checklist templates and the platform's shipped default" } })
    .output(ZChecklistTemplates)
    .query(({ ctx }) => listChecklistTemplates(ctx.db, ctx.actor)),

  saveTemplate: tenantProcedure
    .meta({ capability: 'checklists.manage', feature, openapi: { method: 'PUT', path: '/checklist-templates', tags, summary: 'Create a checklist template (no id) or replace one (id and expectedVersion; stale is 409)' } })
    .input(ZSaveChecklistTemplateInput)
    .output(ZChecklistTemplate)
    .mutation(({ ctx, input }) => saveChecklistTemplate(ctx.db, ctx.actor, input)),

  deleteTemplate: tenantProcedure
    .meta({ capability: 'checklists.manage', feature, openapi: { method: 'DELETE', path: '/checklist-templates/{id}', tags, summary: 'Delete a checklist template (cases that have their items keep them)' } })
    .input(ZDeleteChecklistTemplateInput)
    .output(ZChecklistTemplate)
    .mutation(({ ctx, input }) => deleteChecklistTemplate(ctx.db, ctx.actor, input.id)),
});
