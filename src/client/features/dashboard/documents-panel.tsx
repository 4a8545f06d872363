import { FileText } from 'lucide-react';
import { DashboardPanel } from './dashboard-panel';

/**
 * SPEC §2.9 legal "documents": where case documents live. Upload and listing arrive with the legal
 * documents screen; until then the panel leads there rather than showing invented files.
 */
export function DocumentsPanel() {
  return (
    <DashboardPanel title="Documents" description="Pleadings, reports and evidence attached to matters" link={{ to: '/legal-documents', label: 'Open' }}>
      <div className="flex items-start gap-3 text-sm text-muted-foreground">
        <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>Open Legal Documents to find, upload and download the documents of your matters.</p>
      </div>
    </DashboardPanel>
  );
}
