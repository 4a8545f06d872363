import { ZAmendCaseNoteInput, ZCreateCaseNoteInput } from '../../../shared/domain/case-notes';
import { ZCreateTaskInput, ZTaskListInput, ZUpdateTaskInput } from '../../../shared/domain/case-tasks';
import { ZPutCaseTeamInput } from '../../../shared/domain/case-team';
import { ZTimelineInput } from '../../../shared/domain/case-timeline';
import { ZBreakGlassInput, ZCaseIdInput, ZUpdateCaseInput } from '../../../shared/domain/cases';
import { ZCaseDocumentListInput } from '../../../shared/domain/documents';
import { DemoError } from '../demo-error';
import { procedure } from '../procedure';

// TODO(issue 18, demo helper): answer the case file from fixtures and the session's overlay.
const notYet = (): never => {
  throw new DemoError('INTERNAL_SERVER_ERROR', 'Not in the demo yet');
};

export const caseFileProcedures = {
  'cases.update': procedure({ input: ZUpdateCaseInput, capability: 'cases.update', run: notYet }),
  'cases.breakGlass': procedure({ input: ZBreakGlassInput, capability: 'caseFile.view', run: notYet }),
  'caseTeam.get': procedure({ input: ZCaseIdInput, capability: 'caseFile.view', run: notYet }),
  'caseTeam.put': procedure({ input: ZPutCaseTeamInput, capability: 'caseFile.write', run: notYet }),
  'timeline.list': procedure({ input: ZTimelineInput, capability: 'caseFile.view', run: notYet }),
  'notes.list': procedure({ input: ZCaseIdInput, capability: 'caseFile.view', run: notYet }),
  'notes.create': procedure({ input: ZCreateCaseNoteInput, capability: 'caseFile.write', run: notYet }),
  'notes.amend': procedure({ input: ZAmendCaseNoteInput, capability: 'caseFile.write', run: notYet }),
  'tasks.list': procedure({ input: ZTaskListInput, capability: 'caseFile.view', run: notYet }),
  'tasks.create': procedure({ input: ZCreateTaskInput, capability: 'caseFile.write', run: notYet }),
  'tasks.update': procedure({ input: ZUpdateTaskInput, capability: 'caseFile.view', run: notYet }),
  'documents.forCase': procedure({ input: ZCaseDocumentListInput, capability: 'caseFile.view', run: notYet }),
};
