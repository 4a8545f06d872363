import { FileText } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, RestrictedState } from '../../components/shell/data-states';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';

/** /legal-documents, linked on the legal platforms (SPEC §2.8 Reading A). There is no documents API yet. */
export function LegalDocumentsPage() {
  const identity = useIdentity();
  const onPlatform = PLATFORM_CONFIG[identity.platform].features.legalDocuments;
  return (
    <AppPage title="Legal Documents" description="Pleadings, affidavits, expert reports and agreements per case">
      {!onPlatform ? (
        <RestrictedState>Legal documents are part of the Legal and Medicolegal platforms.</RestrictedState>
      ) : !can(identity, 'legalDocuments.view') ? (
        <RestrictedState>Only administrators, nurses and directors can open legal documents.</RestrictedState>
      ) : (
        <EmptyState icon={FileText} title="No legal documents yet">
          Documents filed against your client cases will be listed here, grouped by case, once your firm starts adding them.
        </EmptyState>
      )}
    </AppPage>
  );
}
