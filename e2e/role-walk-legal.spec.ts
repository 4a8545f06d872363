import { walkEverySignedInRole } from './role-walk-signed-in';

// Issue 17: every role of the law firm and the state litigation unit, and the Super Admin, opens
// every link it is offered (e2e/role-walk.ts).
walkEverySignedInRole(['legal', 'medicolegal'], true);
