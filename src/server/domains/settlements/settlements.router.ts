import { router } from '../../trpc';

// GET/POST /api/patient-cases/{id}/settlement-events (issue 20). Placeholder of the foundation commit; its owner fills it.
export const settlementsRouter = router({});
