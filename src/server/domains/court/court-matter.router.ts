import { router } from '../../trpc';

// GET/PUT /api/patient-cases/{id}/court-matter (issue 20). Placeholder of the foundation commit; its owner fills it.
export const courtMatterRouter = router({});
