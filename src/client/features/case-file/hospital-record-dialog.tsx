import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../shared/calendar';
import { formatFileSize, sanitiseFileName } from '../../../shared/domain/documents';
import {
  HOSPITAL_RECORD_ACCEPT,
  HOSPITAL_RECORD_TYPES_TEXT,
  SOURCE_FACILITY_MAX,
  type THospitalRecord,
  ZHospitalRecordFields,
  hospitalRecordsUrl,
} from '../../../shared/domain/hospital-records';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { hospitalRecordsQuery } from './case-queries';
import { addDemoHospitalRecord } from './hospital-records-demo';

// "Add hospital record" (issue 22): the file, the facility it came from and the dates it covers.
// The fields are checked with the shared schema the server uses; the file's pages are counted by the
// server (a PDF's own, an image one page), which refuses what it cannot paginate with a 400 on `file`.

type Field = 'file' | 'sourceFacility' | 'recordsFrom' | 'recordsTo' | 'form';
type Errors = Partial<Record<Field, string>>;

async function postHospitalRecord(caseId: string, fields: Record<string, string>, file: File): Promise<THospitalRecord> {
  const body = new FormData();
  // The text fields first: the server reads the form in order and they are small.
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);
  const res = await fetch(hospitalRecordsUrl(caseId), { method: 'POST', body, credentials: 'include' });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const answer = (json ?? {}) as { message?: string; fields?: Record<string, string> };
    const error = new Error(res.status === 401 ? 'Your session has ended. Please sign in again.' : (answer.message ?? `Upload failed (${res.status}).`));
    throw Object.assign(error, { fields: answer.fields ?? {} });
  }
  return json as THospitalRecord;
}

export function HospitalRecordDialog({ open, onOpenChange, caseId, maxBytes }: { open: boolean; onOpenChange: (open: boolean) => void; caseId: string; maxBytes: number }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sourceFacility, setSourceFacility] = useState('');
  const [recordsFrom, setRecordsFrom] = useState('');
  const [recordsTo, setRecordsTo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const today = dayKey();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setFile(null);
      setSourceFacility('');
      setRecordsFrom('');
      setRecordsTo('');
      setErrors({});
    }
  };

  const fileProblem = (next: File | null): string | undefined => {
    if (!next) return 'Choose the PDF (or a scanned page) to add';
    if (!/\.(pdf|png|jpe?g)$/i.test(sanitiseFileName(next.name))) return `Upload a ${HOSPITAL_RECORD_TYPES_TEXT} file`;
    if (next.size === 0) return 'The file is empty';
    if (next.size > maxBytes) return `The file is ${formatFileSize(next.size)}; the limit is ${formatFileSize(maxBytes)}`;
    return undefined;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZHospitalRecordFields.safeParse({ sourceFacility, recordsFrom, recordsTo });
    const found: Errors = { file: fileProblem(file) };
    if (!parsed.success) for (const issue of parsed.error.issues) found[(issue.path[0] as Field) ?? 'form'] ??= issue.message;
    if (!parsed.success || found.file || !file) return setErrors(found);
    setPending(true);
    try {
      if (identity.status === 'demo') {
        const added = await addDemoHospitalRecord(caseId, parsed.data, file, identity.name);
        toast({ title: 'Hospital record added', description: `${added.fileName}: ${added.pages} ${added.pages === 1 ? 'page' : 'pages'} (kept in this demo session).` });
      } else {
        const record = await postHospitalRecord(caseId, parsed.data, file);
        toast({ title: 'Hospital record added', description: `${record.fileName}: bundle pages ${record.firstPage}–${record.lastPage}.` });
        void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() });
      }
      await queryClient.invalidateQueries({ queryKey: hospitalRecordsQuery(trpc, caseId).queryKey });
      close(false);
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      const known = { file: fields.file, sourceFacility: fields.sourceFacility, recordsFrom: fields.recordsFrom, recordsTo: fields.recordsTo };
      setErrors({ ...known, form: Object.values(known).some(Boolean) ? undefined : (error as Error).message });
    } finally {
      setPending(false);
    }
  };

  const described = (key: Field) => (errors[key] ? `${ids}-${key}-error` : undefined);
  const fieldError = (key: Field) => errors[key] && <p id={`${ids}-${key}-error`} className="text-sm text-destructive">{errors[key]}</p>;
  const required = <span aria-hidden="true" className="-ml-1 text-destructive">*</span>;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add hospital record</DialogTitle>
          <DialogDescription>The records as received from the facility. They join the bundle in date order, and every page is numbered in it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">New hospital record</legend>
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-file`}>File {required}</Label>
              <Input
                ref={fileInput}
                id={`${ids}-file`}
                type="file"
                accept={HOSPITAL_RECORD_ACCEPT}
                aria-required
                aria-invalid={!!errors.file}
                aria-describedby={described('file') ?? `${ids}-file-hint`}
                onChange={(event) => {
                  const next = event.target.files?.[0] ?? null;
                  setFile(next);
                  setErrors((e) => ({ ...e, file: next ? fileProblem(next) : undefined }));
                }}
              />
              {fieldError('file') ?? (
                <p id={`${ids}-file-hint`} className="text-xs text-muted-foreground">
                  {HOSPITAL_RECORD_TYPES_TEXT}, up to {formatFileSize(maxBytes)}. A scanned image is one page.
                </p>
              )}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-facility`}>Source facility {required}</Label>
              <Input
                id={`${ids}-facility`}
                value={sourceFacility}
                maxLength={SOURCE_FACILITY_MAX}
                placeholder="e.g. Chris Hani Baragwanath Academic Hospital"
                aria-required
                aria-invalid={!!errors.sourceFacility}
                aria-describedby={described('sourceFacility')}
                onChange={(event) => setSourceFacility(event.target.value)}
              />
              {fieldError('sourceFacility')}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-from`}>Records from {required}</Label>
                <Input id={`${ids}-from`} type="date" max={today} value={recordsFrom} aria-required aria-invalid={!!errors.recordsFrom} aria-describedby={described('recordsFrom')} onChange={(event) => setRecordsFrom(event.target.value)} />
                {fieldError('recordsFrom')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-to`}>Records to {required}</Label>
                <Input id={`${ids}-to`} type="date" max={today} min={recordsFrom || undefined} value={recordsTo} aria-required aria-invalid={!!errors.recordsTo} aria-describedby={described('recordsTo')} onChange={(event) => setRecordsTo(event.target.value)} />
                {fieldError('recordsTo')}
              </div>
            </div>
            {errors.form && (
              <Alert variant="destructive">
                <AlertDescription>{errors.form}</AlertDescription>
              </Alert>
            )}
          </fieldset>
          <DialogFooter className="mt-6">
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Adding...' : 'Add to the bundle'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
