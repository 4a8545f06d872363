import { router } from '../../trpc';

// GET/POST /api/patient-cases/{id}/hearings, PATCH /api/hearings/{id} (issue 20). Placeholder of the foundation commit; its owner fills it.
export const hearingsRouter = router({});
