import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_UPLOAD_URL, type TLegalDocument } from '../../../shared/domain/documents';
import { errorMessage } from '../../components/shell/data-states';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// Upload goes to the plain multipart route (tRPC carries JSON, not files); delete is a procedure.
// Both refresh the list and answer with a toast.

/** The server's refusal (413 / 415 / 400 / 404 ...) carried with its message, for the dialog to show. */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

async function postDocument({ caseId, file }: { caseId: string; file: File }): Promise<TLegalDocument> {
  const body = new FormData();
  // caseId first: the server reads the form in order and the field is small.
  body.append('caseId', caseId);
  body.append('file', file, file.name);
  const res = await fetch(DOCUMENT_UPLOAD_URL, { method: 'POST', body, credentials: 'include' });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const answer = (json ?? {}) as { message?: string; fields?: Record<string, string> };
    const detail = answer.fields ? Object.values(answer.fields)[0] : undefined;
    const message = res.status === 401 ? 'Your session has ended. Please sign in again.' : detail ?? answer.message ?? `Upload failed (${res.status}).`;
    throw new UploadRefusedError(res.status, message, answer.fields);
  }
  return json as TLegalDocument;
}

export function useDocumentActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.documents.list.queryKey() });

  return {
    upload: useMutation({
      mutationFn: postDocument,
      onSuccess: (document) => {
        toast({ title: 'Success', description: `${document.fileName} uploaded` });
        return refresh();
      },
    }),
    remove: useMutation(
      trpc.documents.delete.mutationOptions({
        onSuccess: () => {
          toast({ title: 'Success', description: 'Document deleted' });
          return refresh();
        },
        onError: (error) => {
          toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
        },
      }),
    ),
  };
}

export type DocumentActions = ReturnType<typeof useDocumentActions>;
