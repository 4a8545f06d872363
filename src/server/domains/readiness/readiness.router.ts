import { router } from '../../trpc';

// The trial-readiness summary of a case (issue 20); the PDF is a plain route. Placeholder of the foundation commit; its owner fills it.
export const readinessRouter = router({});
