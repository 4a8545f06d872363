import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '../../../shared/domain/audit';
import { ACTION_LABELS, ENTITY_LABELS } from './audit-labels';
import { filterQuery, validateAuditSearch } from './audit-search';

describe('the Audit screen’s search params', () => {
  it('keeps the filters the server accepts', () => {
    expect(
      validateAuditSearch({ userId: 'u1', entityType: 'case', action: 'update', from: '2026-11-01', to: '2026-11-24', organizationId: 'o1', page: '3', untilSeq: '120' }),
    ).toEqual({ userId: 'u1', entityType: 'case', action: 'update', from: '2026-11-01', to: '2026-11-24', organizationId: 'o1', page: 3, untilSeq: 120 });
  });

  it('drops unknown codes, malformed days and pages, and an anchor without a page', () => {
    expect(
      validateAuditSearch({ entityType: 'patient', action: 'toString', from: '24/11/2026', to: '2026-11', page: '0', untilSeq: '9', userId: '' }),
    ).toEqual({});
    expect(validateAuditSearch({ page: '1', untilSeq: '9' })).toEqual({});
    expect(validateAuditSearch({ page: '2.5' })).toEqual({});
  });

  it('knows exactly the codes of the contract (the labels stand in for its lists)', () => {
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.keys(ENTITY_LABELS).sort()).toEqual([...AUDIT_ENTITY_TYPES].sort());
  });

  it('keeps "show every entry" (issue 32) and nothing else for it', () => {
    expect(validateAuditSearch({ every: true })).toEqual({ every: true });
    expect(validateAuditSearch({ every: 'true' })).toEqual({ every: true });
    expect(validateAuditSearch({ every: 'no' })).toEqual({});
    expect(filterQuery({ every: true, action: 'list' })).toBe('?action=list');
  });

  it('gives the CSV export the filters and never the page', () => {
    expect(filterQuery({ action: 'read', entityType: 'case', page: 2, untilSeq: 40 })).toBe('?entityType=case&action=read');
    expect(filterQuery({})).toBe('');
  });
});
