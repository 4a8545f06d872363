import { describe, expect, it } from 'vitest';
import { caseLink } from '../../components/cases/case-link';
import { tabOrOverview, visibleCaseTabs } from './case-tabs';
import { validateCaseTabSearch } from './case-route';
import { changeValue } from './timeline-tab';

// The tabs each role sees on a case's page, written out from the issue: the case file is for the
// roles with caseFile.view; Finance and Ambulance read the case itself (the overview) only; money
// (Time & costs) shows for those who record time or see costs.
const ALL = ['overview', 'team', 'parties', 'timeline', 'notes', 'tasks', 'appointments', 'documents', 'time', 'messages'];
// Issue 20: court, experts and settlement where the platform has court cases and expert witnesses
// (legal, medicolegal); the compliance checklist on all three (SPEC §3.6's flags).
// Issue 22: Encounters, then Results & medications, after the notes on a healthcare case, for the roles with records.view.
// Issue 33: Charges after them.
const HEALTHCARE = [...ALL.slice(0, 5), 'encounters', 'results', 'charges', ...ALL.slice(5), 'checklist'];
const LEGAL = [...ALL, 'court', 'experts', 'settlement', 'checklist'];
// Issue 22: hospital records on medicolegal cases, for the roles that read clinical records.
// Issue 34: Fees after Time & costs on the legal platforms, for fee-earners, Finance and the Administrator
// (the page hides it where the organisation bills nobody: a setting the server holds).
const WITH_FEES = [...ALL.slice(0, 9), 'fees', ...ALL.slice(9)];
const LEGAL_FEES = [...WITH_FEES, 'court', 'experts', 'settlement', 'checklist'];
const MEDICOLEGAL = [...LEGAL_FEES, 'hospital-records'];

describe('the tabs of a case page', () => {
  it.each([
    ['Doctor', 'healthcare', HEALTHCARE],
    ['Administrator', 'healthcare', HEALTHCARE],
    ['Administrator', 'medicolegal', MEDICOLEGAL],
    ['Attorneys', 'medicolegal', MEDICOLEGAL],
    ['Quality Assurance Team', 'medicolegal', LEGAL],
    ['Expert/Witness', 'legal', LEGAL],
    ['Quality Assurance Team', 'legal', LEGAL],
    ['Legal Consultants', 'legal', LEGAL_FEES],
    // Finance bills the matter without reading its file.
    ['Finance Staff', 'legal', ['overview', 'fees']],
    ['Ambulance Services', 'healthcare', ['overview']],
    ['Support Staff', 'healthcare', ['overview']],
  ] as const)('%s on %s sees %j', (role, platform, tabs) => {
    expect(visibleCaseTabs({ role, platform })).toEqual(tabs);
  });

  it('opens the overview for a tab the role lacks or a hand-edited one', () => {
    expect(tabOrOverview('notes', ['overview'])).toBe('overview');
    expect(tabOrOverview('nonsense', ALL as never)).toBe('overview');
    expect(tabOrOverview('notes', ['overview', 'notes'])).toBe('notes');
    expect(validateCaseTabSearch({ tab: 'timeline' })).toEqual({ tab: 'timeline' });
    expect(validateCaseTabSearch({ tab: 'overview' })).toEqual({});
    expect(validateCaseTabSearch({ tab: 'x' })).toEqual({});
  });

  it('links a case by the platform’s word for it', () => {
    expect(caseLink({ caseTerminology: 'patient' }, 'c1')).toEqual({ to: '/patients/$caseId', params: { caseId: 'c1' }, search: {} });
    expect(caseLink({ caseTerminology: 'client' }, 'c1', 'notes')).toEqual({
      to: '/clients/$caseId',
      params: { caseId: 'c1' },
      search: { tab: 'notes' },
    });
  });
});

describe('a field change on the timeline', () => {
  it('reads dates in South African time and blanks as a dash', () => {
    expect(changeValue('priority', 'Medium')).toBe('Medium');
    expect(changeValue('department', null)).toBe('—');
    expect(changeValue('progressPercentage', '40')).toBe('40%');
    // 22:00 UTC is midnight in Johannesburg: the next calendar day.
    expect(changeValue('admissionDate', '2026-11-19T22:00:00.000Z')).toBe('20 Nov 2026');
    expect(changeValue('scheduledDate', '2026-11-23T08:00:00.000Z')).toBe('Mon, 23 Nov 2026, 10:00');
  });
});
