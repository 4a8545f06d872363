import type { RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { PlatformButtons } from './platform-choice';

// The hero's 'Try Demo Access' dialog (SPEC §2.2). Loaded only when opened: Radix's dialog
// machinery would otherwise weigh on every first visit to the landing page.
export default function PlatformDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-lg"
        onCloseAutoFocus={(event) => {
          // Opened without a Radix trigger, so hand focus back to the button ourselves.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Choose a demo platform</DialogTitle>
          <DialogDescription>Pick the kind of organisation you work in. You can switch roles inside the demo.</DialogDescription>
        </DialogHeader>
        <PlatformButtons />
      </DialogContent>
    </Dialog>
  );
}
