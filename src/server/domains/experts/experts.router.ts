import { router } from '../../trpc';

// GET/POST /api/patient-cases/{id}/experts, PATCH /api/experts/{id} (issue 20). Placeholder of the foundation commit; its owner fills it.
export const expertsRouter = router({});
