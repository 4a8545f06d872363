import { useDeferredValue, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, FileText, Info, Trash2, Upload } from 'lucide-react';
import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_MAX_BYTES_DEFAULT,
  type TLegalDocument,
  documentDownloadUrl,
  formatFileSize,
} from '../../../shared/domain/documents';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { formatDateTime } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { type CaseOption, UploadDocumentDialog } from './upload-document-dialog';
import { useDocumentActions } from './use-document-actions';
import { ALL_CASES, documentCasesQuery, documentsQuery } from './documents-queries';
import { mayViewDocuments } from './may-view-documents';


/** /legal-documents (legal and medicolegal; Administrator, Nurse, Director): documents per case. */
export function LegalDocumentsScreen() {
  const identity = useIdentity();
  const onPlatform = PLATFORM_CONFIG[identity.platform].features.legalDocuments;
  const allowed = mayViewDocuments(identity);
  const canDelete = can(identity, 'legalDocuments.delete');
  // The demo has listings but no file bytes: its file actions are shown disabled, with a note.
  const demo = identity.status === 'demo';
  const trpc = useTRPC();
  const [caseFilter, setCaseFilter] = useState(ALL_CASES);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<TLegalDocument | null>(null);
  const actions = useDocumentActions();

  const documents = useQuery({ ...documentsQuery(trpc, caseFilter, deferredSearch), enabled: allowed, placeholderData: keepPreviousData });
  const cases = useQuery({ ...documentCasesQuery(trpc), enabled: allowed });
  const caseOptions = useMemo<CaseOption[]>(
    () => (cases.data?.items ?? []).map((c) => ({ id: c.id, label: `${c.patientName} · ${c.caseType}` })).sort((a, b) => a.label.localeCompare(b.label)),
    [cases.data],
  );
  const maxBytes = documents.data?.maxUploadBytes ?? DOCUMENT_MAX_BYTES_DEFAULT;
  const filtering = caseFilter !== ALL_CASES || deferredSearch !== '';

  const columns: Column<TLegalDocument>[] = [
    {
      header: 'File',
      cell: (d) => (
        <span className="flex min-w-48 items-center gap-2 font-medium">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="break-words">{d.fileName}</span>
        </span>
      ),
    },
    {
      header: 'Case',
      cell: (d) => (
        <span className="grid">
          <CaseLink caseId={d.caseId} tab="documents" className="w-fit">
            {d.caseName}
          </CaseLink>
          <span className="text-xs text-muted-foreground">{d.caseType}</span>
        </span>
      ),
    },
    { header: 'Type', cell: (d) => DOCUMENT_KIND_INFO[d.kind].label },
    { header: 'Size', cell: (d) => formatFileSize(d.sizeBytes), className: 'whitespace-nowrap' },
    { header: 'Uploaded by', cell: (d) => d.uploadedBy ?? 'Former member' },
    { header: 'Date', cell: (d) => formatDateTime(d.uploadedAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (d) => (
        <span className="flex justify-end gap-1">
          {demo ? (
            <Button variant="ghost" size="icon" disabled aria-label={`Download ${d.fileName} (not in demo mode)`}>
              <Download aria-hidden="true" />
            </Button>
          ) : (
            <a href={documentDownloadUrl(d.id)} download={d.fileName} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label={`Download ${d.fileName}`}>
              <Download aria-hidden="true" />
            </a>
          )}
          {canDelete && (
            <Button variant="ghost" size="icon" disabled={demo} aria-label={`Delete ${d.fileName}`} onClick={() => setDeleting(d)}>
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </span>
      ),
    },
  ];

  const header = allowed && (
    <Button onClick={() => setUploading(true)} disabled={demo}>
      <Upload aria-hidden="true" /> Upload Document
    </Button>
  );

  return (
    <AppPage title="Legal Documents" description="Pleadings, affidavits, expert reports and agreements per case" actions={header}>
      {!onPlatform ? (
        <RestrictedState>Legal documents are part of the Legal and Medicolegal platforms.</RestrictedState>
      ) : !allowed ? (
        <RestrictedState>Your role does not include the case documents. Ask your organisation's Administrator if your work needs them.</RestrictedState>
      ) : (
        <>
          {demo && (
            <Alert>
              <Info aria-hidden="true" />
              <AlertDescription>
                Demo mode shows sample documents with no files behind them. Sign in to upload, download and delete documents.
              </AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="documents-search">Search</Label>
              <Input
                id="documents-search"
                type="search"
                className="w-64"
                maxLength={100}
                value={search}
                placeholder="File, client or matter type"
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label id="documents-case-filter">Case</Label>
              <Select value={caseFilter} onValueChange={setCaseFilter}>
                <SelectTrigger className="w-72" aria-labelledby="documents-case-filter">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_CASES}>All cases</SelectItem>
                  {caseOptions.map((option) => (
                    <SelectItem key={option.id} value={option.id}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          {documents.isPending ? (
            <ListSkeleton label="Loading documents" />
          ) : documents.isError ? (
            <ErrorState title="Could not load documents" error={documents.error} onRetry={() => void documents.refetch()} />
          ) : documents.data.items.length === 0 ? (
            <EmptyState icon={FileText} title={filtering ? 'No documents match' : 'No legal documents yet'}>
              {filtering ? 'Try another case or search.' : 'Upload pleadings, affidavits, expert reports and agreements against your cases.'}
            </EmptyState>
          ) : (
            <>
              <SimpleTable caption="Legal documents, newest first" columns={columns} rows={documents.data.items} rowKey={(d) => d.id} stackOnPhone />
              {documents.data.total > documents.data.items.length && (
                <p className="text-sm text-muted-foreground">
                  Showing the newest {documents.data.items.length} of {documents.data.total} documents. Choose a case or search to narrow the list.
                </p>
              )}
            </>
          )}
        </>
      )}
      <UploadDocumentDialog
        open={uploading}
        onOpenChange={setUploading}
        cases={caseOptions}
        defaultCaseId={caseFilter === ALL_CASES ? null : caseFilter}
        maxBytes={maxBytes}
        actions={actions}
      />
      <DeleteDocumentDialog document={deleting} actions={actions} onClose={() => setDeleting(null)} />
    </AppPage>
  );
}
