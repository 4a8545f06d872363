import type { TLegalDocument } from '../../../shared/domain/documents';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import type { DocumentActions } from './use-document-actions';

/** Deleting removes the file for good (there is no bin), so it is confirmed first. Administrator only. */
export function DeleteDocumentDialog({ document, actions, onClose }: { document: TLegalDocument | null; actions: DocumentActions; onClose: () => void }) {
  const pending = actions.remove.isPending;
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete document?</DialogTitle>
          <DialogDescription>
            {document ? `${document.fileName} will be removed from the case of ${document.caseName}. This cannot be undone.` : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={pending}
            onClick={() => document && actions.remove.mutate({ id: document.id }, { onSuccess: onClose })}
          >
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
