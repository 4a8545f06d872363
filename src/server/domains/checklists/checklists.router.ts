import { router } from '../../trpc';

// GET /api/patient-cases/{id}/checklist, PATCH /api/checklist-items/{id}, templates (issue 20). Placeholder of the foundation commit; its owner fills it.
export const checklistsRouter = router({});
