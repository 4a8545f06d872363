import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Upload } from 'lucide-react';
import {
  CASE_DOCUMENT_UPLOAD_URL,
  caseDocumentDownloadUrl,
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES_TEXT,
  documentKindOfName,
  formatFileSize,
  sanitiseFileName,
  type TLegalDocument,
} from '../../../shared/domain/documents';
import { can } from '../../../shared/roles';
import { formatDateTime } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { documentsQuery } from './case-queries';

// Documents of a case on every platform (issue 18): referral letters, consent forms, discharge
// summaries, pleadings. Bytes go over plain routes (tRPC carries JSON): upload multipart, download a link.

export async function postCaseDocument({ caseId, file }: { caseId: string; file: File }): Promise<TLegalDocument> {
  const body = new FormData();
  // caseId first: the server reads the form in order and the field is small.
  body.append('caseId', caseId);
  body.append('file', file, file.name);
  const res = await fetch(CASE_DOCUMENT_UPLOAD_URL, {
    method: 'POST',
    body,
    credentials: 'include',
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const answer = (json ?? {}) as {
      message?: string;
      fields?: Record<string, string>;
    };
    const detail = answer.fields ? Object.values(answer.fields)[0] : undefined;
    throw new Error(
      res.status === 401 ? 'Your session has ended. Please sign in again.' : (detail ?? answer.message ?? `Upload failed (${res.status}).`),
    );
  }
  return json as TLegalDocument;
}

export function DocumentsTab({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const documents = useQuery(documentsQuery(trpc, caseId));
  // The demo lists sample documents but holds no file bytes (and answers nothing over the network):
  // its file actions are shown disabled, with a note, as on the legal documents screen.
  const demo = identity.status === 'demo';
  const mayUpload = can(identity, 'caseFile.write') && !demo;
  return (
    <div className="grid gap-4">
      {demo && <p className="text-sm text-muted-foreground">Demo mode lists sample documents; uploading and downloading files needs a signed-in account.</p>}
      {mayUpload && documents.data && <UploadForm caseId={caseId} maxBytes={documents.data.maxUploadBytes} />}
      {documents.isPending ? (
        <ListSkeleton rows={3} label="Loading the documents" />
      ) : documents.isError ? (
        <ErrorState title="Could not load the documents" error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.items.length === 0 ? (
        <EmptyState icon={FileText} title="No documents on this case">
          {mayUpload
            ? 'Upload referral letters, consent forms, reports or correspondence above.'
            : 'Documents uploaded to this case show here.'}
        </EmptyState>
      ) : (
        <Card className="gap-2 py-3">
          <CardContent className="px-4">
            <ul className="divide-y" aria-label="Documents of this case">
              {documents.data.items.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-all">{d.fileName}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatFileSize(d.sizeBytes)} · {d.uploadedBy ?? 'Unknown'} · {formatDateTime(d.uploadedAt)}
                    </span>
                  </div>
                  {demo ? (
                    <Button size="sm" variant="outline" disabled aria-label={`Download ${d.fileName} (not in demo mode)`}>
                      <Download aria-hidden="true" /> Download
                    </Button>
                  ) : (
                    <Button asChild size="sm" variant="outline">
                      <a href={caseDocumentDownloadUrl(d.id)} download aria-label={`Download ${d.fileName}`}>
                        <Download aria-hidden="true" /> Download
                      </a>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function UploadForm({ caseId, maxBytes }: { caseId: string; maxBytes: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), hint: useId() };
  const upload = useMutation({
    mutationFn: postCaseDocument,
    onSuccess: (document) => {
      toast({ title: 'Document uploaded', description: document.fileName });
      setFile(null);
      if (input.current) input.current.value = '';
      void queryClient.invalidateQueries({
        queryKey: documentsQuery(trpc, caseId).queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
    },
    onError: (error) => setProblem(error.message),
  });
  const choose = (next: File | null) => {
    setFile(next);
    if (!next) return setProblem(null);
    // What the server would refuse, said before anyone waits for a 10 MB upload to fail.
    if (!documentKindOfName(sanitiseFileName(next.name)))
      setProblem(`This type of file is not accepted. Upload a ${DOCUMENT_TYPES_TEXT} file.`);
    else if (next.size === 0) setProblem('The file is empty.');
    else if (next.size > maxBytes) setProblem(`The file is ${formatFileSize(next.size)}; the limit is ${formatFileSize(maxBytes)}.`);
    else setProblem(null);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (file && !problem) upload.mutate({ caseId, file });
  };
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          Upload a document
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={ids.file}>File</Label>
            <Input
              ref={input}
              id={ids.file}
              type="file"
              accept={DOCUMENT_ACCEPT}
              aria-describedby={ids.hint}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </div>
          <Button type="submit" disabled={!file || Boolean(problem) || upload.isPending}>
            <Upload aria-hidden="true" /> {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
          <p id={ids.hint} className={problem ? 'text-sm text-destructive sm:col-span-2' : 'text-xs text-muted-foreground sm:col-span-2'}>
            {problem ?? `${DOCUMENT_TYPES_TEXT}, up to ${formatFileSize(maxBytes)}.`}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
