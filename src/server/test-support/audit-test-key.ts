import { setProcessAuditKey } from '../audit/audit-key';
import { TEST_AUDIT_KEY } from '../config';

// vitest setup: tests that call procedures without buildApp (createCaller over a test database) append
// to the audit trail too, so the process has the same fixed key test apps get from testConfig().
setProcessAuditKey(Buffer.from(TEST_AUDIT_KEY, 'hex'));
