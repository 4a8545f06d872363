import type { TAuditAction, TAuditEntityType, TAuditOutcome } from '../../shared/domain/audit';

// What a caller hands to recordAuditEvent (audit-log.ts); its own file so the folding of repeats
// (audit-aggregate.ts) and the appender can both name it without importing each other.

export interface AuditActorRef {
  userId: string | null;
  role: string | null;
  organizationId: string | null;
}

export interface AuditClient {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEventInput {
  actor: AuditActorRef | null;
  action: TAuditAction;
  entityType: TAuditEntityType | null;
  entityId?: string | null;
  /** The case this concerns, for the access report: the case itself, or its cost, document, message … */
  caseId?: string | null;
  outcome: TAuditOutcome;
  client: AuditClient;
  /** Small, non-personal facts: the procedure, an error code, a result count, the e-mail tried at a failed sign-in. */
  details?: Record<string, unknown>;
  /** A read a screen repeats on a timer: fold its repeats per person and minute (audit-aggregate.ts). */
  fold?: boolean;
}
