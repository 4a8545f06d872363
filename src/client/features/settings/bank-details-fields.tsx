import { BANK_ACCOUNT_TYPES, type TBankDetails } from '../../../shared/domain/medical-accounts';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

// The business account a practice or firm prints on its statements and fee notes (issues 33, 34):
// the same five fields in both settings forms, with the server's field errors (bankDetails.x) under each.

export type TBankDraft = Record<Exclude<keyof TBankDetails, 'accountType'>, string> & { accountType: TBankDetails['accountType'] };

const BANK_FIELDS = [
  ['bankName', 'Bank'],
  ['accountName', 'Account name'],
  ['accountNumber', 'Account number'],
  ['branchCode', 'Branch code'],
] as const;

export const bankDraftOf = (bank: TBankDetails | null | undefined): TBankDraft => ({
  bankName: bank?.bankName ?? '', accountName: bank?.accountName ?? '', accountNumber: bank?.accountNumber ?? '', branchCode: bank?.branchCode ?? '', accountType: bank?.accountType ?? 'cheque',
});

/** The details to send: null when every field is blank (no banking on the documents). */
export function bankDetailsOf(draft: TBankDraft): TBankDetails | null {
  const { accountType, ...fields } = draft;
  return Object.values(fields).some((v) => v.trim() !== '') ? { ...fields, accountType } : null;
}

export function BankDetailsFields({ idPrefix, value, errors, onChange }: { idPrefix: string; value: TBankDraft; errors: Record<string, string>; onChange: (next: TBankDraft) => void }) {
  return (
    <>
      {BANK_FIELDS.map(([name, label]) => {
        const error = errors[name] ?? errors[`bankDetails.${name}`];
        return (
          <div key={name} className="grid gap-1">
            <Label htmlFor={`${idPrefix}-${name}`}>{label}</Label>
            <Input id={`${idPrefix}-${name}`} value={value[name]} aria-invalid={!!error} onChange={(e) => onChange({ ...value, [name]: e.target.value })} />
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
        );
      })}
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-accountType`}>Account type</Label>
        <select
          id={`${idPrefix}-accountType`}
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={value.accountType}
          onChange={(e) => onChange({ ...value, accountType: e.target.value as TBankDraft['accountType'] })}
        >
          {Object.entries(BANK_ACCOUNT_TYPES).map(([id, label]) => (
            <option key={id} value={id}>{label}</option>
          ))}
        </select>
      </div>
    </>
  );
}
