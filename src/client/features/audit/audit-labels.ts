import type { TAuditAction, TAuditEntityType, TAuditOutcome } from '../../../shared/domain/audit';

// How the trail's codes read on screen.

export const ENTITY_LABELS: Record<TAuditEntityType, string> = {
  session: 'Sign-in',
  case: 'Case',
  person: 'Person',
  appointment: 'Appointment',
  message: 'Message',
  bed: 'Bed',
  cost: 'Cost',
  document: 'Document',
  user: 'User',
  organization: 'Organisation',
  support: 'Support chat',
  mail: 'E-mail',
  audit: 'Audit trail',
  request: 'Request',
};

export const ACTION_LABELS: Record<TAuditAction, string> = {
  'sign-in': 'Sign in',
  'sign-out': 'Sign out',
  'two-factor': 'Two-factor change',
  list: 'List',
  read: 'Read',
  export: 'Export',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  assign: 'Assign',
  release: 'Release',
  'de-identify': 'De-identify',
  'access-denied': 'Access denied',
  'password-reset': 'Password reset',
  search: 'Search',
  merge: 'Merge',
  'checkpoints-missing': 'Checkpoints missing',
};

export const OUTCOME_STYLES: Record<TAuditOutcome, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  failure: 'border-red-200 bg-red-50 text-red-800',
  denied: 'border-red-300 bg-red-100 text-red-900',
};

export const labelOf = <K extends string>(labels: Record<K, string>, key: string | null): string =>
  key === null ? '—' : ((labels as Record<string, string>)[key] ?? key);
