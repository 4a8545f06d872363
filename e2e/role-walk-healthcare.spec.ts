import { walkEverySignedInRole } from './role-walk-signed-in';

// Issue 17: every role of the hospital opens every link it is offered (e2e/role-walk.ts).
walkEverySignedInRole(['healthcare'], false);
