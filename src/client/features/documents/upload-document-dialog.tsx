import { useEffect, useId, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES_TEXT,
  documentKindOfName,
  formatFileSize,
  sanitiseFileName,
} from '../../../shared/domain/documents';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { DocumentActions } from './use-document-actions';

export interface CaseOption {
  id: string;
  label: string;
}

/** What the server would refuse, checked before sending so nobody waits for a 10 MB upload to fail. */
function fileProblem(file: File, maxBytes: number): string | null {
  if (!documentKindOfName(sanitiseFileName(file.name))) return `This type of file is not accepted. Upload a ${DOCUMENT_TYPES_TEXT} file.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxBytes) return `The file is ${formatFileSize(file.size)}; the limit is ${formatFileSize(maxBytes)}.`;
  return null;
}

export function UploadDocumentDialog({
  open,
  onOpenChange,
  cases,
  defaultCaseId,
  maxBytes,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cases: readonly CaseOption[];
  defaultCaseId: string | null;
  maxBytes: number;
  actions: DocumentActions;
}) {
  const [caseId, setCaseId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const caseLabelId = useId();
  const fileId = useId();
  const hintId = useId();
  const { upload } = actions;

  useEffect(() => {
    if (!open) return;
    setCaseId(defaultCaseId ?? '');
    setFile(null);
    setProblem(null);
    upload.reset();
    // Reset only when the dialog opens; `upload` changes identity as it runs.
  }, [open, defaultCaseId]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
    setProblem(chosen ? fileProblem(chosen, maxBytes) : null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || !caseId) return;
    const found = fileProblem(file, maxBytes);
    setProblem(found);
    if (found) return;
    upload.mutate({ caseId, file }, { onSuccess: () => onOpenChange(false) });
  };

  const message = problem ?? (upload.error ? upload.error.message : null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>Attach a document to one of your organisation's cases.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label id={caseLabelId}>Case</Label>
            <Select value={caseId} onValueChange={setCaseId}>
              <SelectTrigger className="w-full" aria-labelledby={caseLabelId}>
                <SelectValue placeholder="Choose a case" />
              </SelectTrigger>
              <SelectContent>
                {cases.map((option) => (
                  <SelectItem key={option.id} value={option.id}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fileId}>File</Label>
            <Input
              id={fileId}
              type="file"
              accept={DOCUMENT_ACCEPT}
              aria-describedby={hintId}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              {DOCUMENT_TYPES_TEXT}, up to {formatFileSize(maxBytes)}.
            </p>
          </div>
          {message && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{message}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!file || !caseId || problem !== null || upload.isPending}>
              {upload.isPending ? 'Uploading...' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
