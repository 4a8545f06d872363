import { Button } from '../ui/button';

/**
 * Recovery codes are shown once: each signs in once when the phone is lost. The list can be
 * downloaded as text; the person confirms they kept it before going on.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I have saved these codes',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const download = () => {
    const blob = new Blob([`CaseBridge recovery codes (each works once)\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'casebridge-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose the phone. They are not shown
        again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/40 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
