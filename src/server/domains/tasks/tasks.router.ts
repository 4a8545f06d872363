import { ZCaseTask, ZCaseTaskList, ZCreateTaskInput, ZTaskListInput, ZUpdateTaskInput } from '../../../shared/domain/case-tasks';
import { router, tenantProcedure } from '../../trpc';
import { createTask, listTasks, updateTask } from './tasks.service';

const tags = ['tasks'];

export const tasksRouter = router({
  list: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'GET', path: '/tasks', tags, summary: "Tasks: the caller's (assignee=me, the default), a colleague's, or a case's; open or done" } })
    .input(ZTaskListInput)
    .output(ZCaseTaskList)
    .query(({ ctx, input }) => listTasks(ctx.db, ctx.actor, input)),

  create: tenantProcedure
    .meta({ capability: 'caseFile.write', openapi: { method: 'POST', path: '/tasks', tags, summary: 'Create a task on a case for a colleague (or oneself)' } })
    .input(ZCreateTaskInput)
    .output(ZCaseTask)
    .mutation(({ ctx, input }) => createTask(ctx.db, ctx.actor, input)),

  // caseFile.view: the assignee completes their own task; any other change needs caseFile.write (service).
  update: tenantProcedure
    .meta({ capability: 'caseFile.view', openapi: { method: 'PATCH', path: '/tasks/{id}', tags, summary: 'Complete, reopen or change a task' } })
    .input(ZUpdateTaskInput)
    .output(ZCaseTask)
    .mutation(({ ctx, input }) => updateTask(ctx.db, ctx.actor, input)),
});
