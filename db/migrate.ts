import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001-initial';
import * as integrityIndexes from './migrations/0002-integrity-indexes';
import * as patientRecords from './migrations/0003-patient-records';
import * as supportBell from './migrations/0004-support-bell';
import * as administration from './migrations/0005-administration';
import * as trust from './migrations/0006-trust';
import * as caseSearchIndex from './migrations/0007-case-search-index';
import * as costSummariesIndex from './migrations/0008-cost-summaries-index';
import * as firstCompletion from './migrations/0009-first-completion';
import * as passwordReset from './migrations/0010-password-reset';
import * as onboardingPlatforms from './migrations/0011-onboarding-platforms';
import * as caseFile from './migrations/0012-case-file';
import * as people from './migrations/0013-people';
import * as litigation from './migrations/0014-litigation';
import * as workingWeek from './migrations/0015-working-week';
import * as clinicalRecord from './migrations/0016-clinical-record';
import * as auditTrailId from './migrations/0017-audit-trail-id';
import * as dashboardFigureIndexes from './migrations/0018-dashboard-figure-indexes';
import * as peopleLiveNameIndex from './migrations/0019-people-live-name-index';
import * as trigramIndexesWithoutPendingList from './migrations/0020-trigram-indexes-without-pending-list';
import * as clinicalEpisode from './migrations/0021-clinical-episode';
import * as conflictCheckAtIntake from './migrations/0022-conflict-check-at-intake';
import * as deadlineOutcomes from './migrations/0023-deadline-outcomes';
import * as peopleUniqueIdNumber from './migrations/0024-people-unique-id-number';
import * as kebabCaseWireValues from './migrations/0025-kebab-case-wire-values';
import * as caseTypes from './migrations/0026-case-types';
import * as legalAssistingAttorney from './migrations/0027-legal-assisting-attorney';
import * as medicalAccounts from './migrations/0028-medical-accounts';
import * as accountLineReversal from './migrations/0029-account-line-reversal';
import * as accountSums from './migrations/0030-account-sums';
import * as feeNotes from './migrations/0031-fee-notes';
import * as trustAccount from './migrations/0032-trust-account';
import * as contingencyAgreements from './migrations/0033-contingency-agreements';

// Migrations are listed here rather than read from the folder, so they run the same under tsx,
// in a bundle and in tests. Append new ones; never edit one that has landed.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-integrity-indexes': integrityIndexes,
  '0003-patient-records': patientRecords,
  '0004-support-bell': supportBell,
  '0005-administration': administration,
  '0006-trust': trust,
  '0007-case-search-index': caseSearchIndex,
  '0008-cost-summaries-index': costSummariesIndex,
  '0009-first-completion': firstCompletion,
  '0010-password-reset': passwordReset,
  '0011-onboarding-platforms': onboardingPlatforms,
  '0012-case-file': caseFile,
  '0013-people': people,
  '0014-litigation': litigation,
  '0015-working-week': workingWeek,
  '0016-clinical-record': clinicalRecord,
  '0017-audit-trail-id': auditTrailId,
  '0018-dashboard-figure-indexes': dashboardFigureIndexes,
  '0019-people-live-name-index': peopleLiveNameIndex,
  '0020-trigram-indexes-without-pending-list': trigramIndexesWithoutPendingList,
  '0021-clinical-episode': clinicalEpisode,
  '0022-conflict-check-at-intake': conflictCheckAtIntake,
  '0023-deadline-outcomes': deadlineOutcomes,
  '0024-people-unique-id-number': peopleUniqueIdNumber,
  '0025-kebab-case-wire-values': kebabCaseWireValues,
  '0026-case-types': caseTypes,
  '0027-legal-assisting-attorney': legalAssistingAttorney,
  '0028-medical-accounts': medicalAccounts,
  '0029-account-line-reversal': accountLineReversal,
  '0030-account-sums': accountSums,
  '0031-fee-notes': feeNotes,
  '0032-trust-account': trustAccount,
  '0033-contingency-agreements': contingencyAgreements,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Up or down to `target` (a migration name): for tests of a migration over data written before it. */
export async function migrateTo(db: Kysely<any>, target: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
