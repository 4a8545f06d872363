import { describe, expect, it } from 'vitest';
import { ZLegalDocumentList, type TLegalDocumentList } from '../../../shared/domain/documents';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';

// The demo's legal documents: sample listings on the legal platforms, filtered as the server
// filters, and a clear refusal for the delete it cannot do (it holds no files).

const PARTNER: DemoIdentity = { userId: 'managing_partner', role: 'Director', name: 'Grace Naidoo', isSuperAdmin: false, platform: 'legal', caseTerminology: 'client' };
const UNIT_ADMIN: DemoIdentity = { userId: 'ml-administrator', role: 'Administrator', name: 'Refilwe Masilela', isSuperAdmin: false, platform: 'medicolegal', caseTerminology: 'client' };
const HOSPITAL_ADMIN: DemoIdentity = { userId: 'hospital_administrator', role: 'Administrator', name: 'Johan Botha', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };

const list = (input: unknown, who: DemoIdentity) => ZLegalDocumentList.parse(answer('documents.list', input, who)) as TLegalDocumentList;

describe('demo legal documents', () => {
  it('lists samples newest first on both legal platforms, filtered by case and search', () => {
    const all = list(undefined, PARTNER);
    expect(all.items.length).toBeGreaterThan(3);
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((d) => d.uploadedAt)).toEqual([...all.items.map((d) => d.uploadedAt)].sort().reverse());
    const caseId = all.items[0]!.caseId;
    expect(list({ caseId }, PARTNER).items.every((d) => d.caseId === caseId)).toBe(true);
    expect(list({ search: 'supply agreement' }, PARTNER).items.map((d) => d.fileName)).toEqual(['Supply Agreement (signed).pdf']);
    expect(list(undefined, UNIT_ADMIN).items.length).toBeGreaterThan(0);
  });

  it('refuses healthcare (403) and says why a delete cannot happen in the demo', () => {
    expect(() => answer('documents.list', undefined, HOSPITAL_ADMIN)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    const id = list(undefined, UNIT_ADMIN).items[0]!.id;
    expect(() => answer('documents.delete', { id }, PARTNER)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' })); // Director: no delete
    expect(() => answer('documents.delete', { id }, UNIT_ADMIN)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', message: expect.stringContaining('Demo mode holds no files') }));
  });
});
