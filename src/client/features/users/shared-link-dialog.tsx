import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { formatDate, formatSaTime } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';

// Issue 32 (decision 0057): on an install without a mail server, an invitation or a reset link is
// shown to the Administrator who made it, to copy and pass on to the colleague themselves.

export interface SharedLink {
  kind: 'password-reset' | 'invitation';
  /** Who the link is for: a name or, for an invitee without one, the e-mail address. */
  recipient: string;
  url: string;
  expiresAt: string;
}

/** "29 Nov 2026, 08:30" in South African time, in the app's one date style (shared/format.ts). */
export const expiryText = (iso: string) => `${formatDate(iso)}, ${formatSaTime(iso)}`;

export function SharedLinkDialog({ link, onClose }: { link: SharedLink | null; onClose: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const reset = link?.kind === 'password-reset';
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{reset ? `Password reset link for ${link?.recipient ?? ''}` : `Invitation link for ${link?.recipient ?? ''}`}</DialogTitle>
          <DialogDescription>
            No mail server is set up, so CaseBridge cannot e-mail this link. Copy it and give it to {link?.recipient ?? 'them'} yourself, for example in a chat message.{' '}
            {reset ? 'It works once; their current password keeps working until they use it.' : 'It works once; they choose their name and password with it.'}
          </DialogDescription>
        </DialogHeader>
        {link && (
          <div className="grid gap-2">
            <label htmlFor="shared-link" className="text-sm font-medium">
              {reset ? 'Password reset link' : 'Invitation link'}
            </label>
            <div className="flex gap-2">
              <Input id="shared-link" readOnly value={link.url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied === 'yes' ? 'Copied' : 'Copy link'}
              </Button>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="shared-link-expiry">
              Expires {expiryText(link.expiresAt)}
            </p>
            <p role="status" className="text-sm">
              {copied === 'yes' ? 'The link is copied.' : copied === 'failed' ? 'Could not copy: select the link and copy it yourself.' : ''}
            </p>
          </div>
        )}
        <DialogFooter>
          <Button onClick={close}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
