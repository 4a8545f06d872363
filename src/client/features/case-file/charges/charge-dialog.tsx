import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../../shared/calendar';
import { ZRecordChargeInput } from '../../../../shared/billing-codes/charge-inputs';
import { CODE_LISTS, type TCodeList } from '../../../../shared/domain/medical-accounts';
import type { TEncounter } from '../../../../shared/domain/encounters';
import { formatDateTime, formatZar } from '../../../../shared/format';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { type PickedDiagnosis, Icd10Picker } from '../encounters/icd10-picker';

// Record a charge on the case (issue 33): a tariff or NAPPI code found by code or words (with the
// list price), quantity, the unit price (the list's unless edited), ICD-10 codes (prefilled from an
// encounter when one is chosen), modifier and authorisation number. The server prices, checks the
// codes against the practice's lists and flags PMB; its field errors land on the same fields.

const NO_ENCOUNTER = 'none';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const randText = (cents: number) => (cents / 100).toFixed(2);
/** "520", "520.5", "520,50" → cents; null when it is not an amount. */
function centsOf(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function ChargeDialog({ caseId, encounters, fromEncounter, onClose }: { caseId: string; encounters: TEncounter[]; fromEncounter: TEncounter | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [list, setList] = useState<TCodeList>('tariff');
  const [codeText, setCodeText] = useState('');
  const [chosen, setChosen] = useState<{ code: string; description: string; priceCents: number } | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [unitPrice, setUnitPrice] = useState('');
  const [serviceDate, setServiceDate] = useState(dayKey(fromEncounter?.occurredAt ?? new Date()));
  const [encounterId, setEncounterId] = useState(fromEncounter?.id ?? NO_ENCOUNTER);
  const [diagnoses, setDiagnoses] = useState<PickedDiagnosis[]>(fromEncounter?.diagnoses ?? []);
  const [modifier, setModifier] = useState('');
  const [authorisationNumber, setAuthorisationNumber] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { list: useId(), code: useId(), quantity: useId(), price: useId(), date: useId(), encounter: useId(), modifier: useId(), auth: useId(), base: useId() };

  const q = useDebounced(codeText.trim(), 200);
  const searchOptions = list === 'tariff' ? trpc.billingCodes.tariffs.queryOptions({ q }) : trpc.billingCodes.nappi.queryOptions({ q });
  const results = useQuery({ ...searchOptions, enabled: chosen === null, staleTime: 60_000 });

  const chooseEncounter = (id: string) => {
    setEncounterId(id);
    const encounter = encounters.find((e) => e.id === id);
    if (encounter) {
      setDiagnoses(encounter.diagnoses);
      setServiceDate(dayKey(encounter.occurredAt));
    }
  };
  const choose = (c: { code: string; description: string; priceCents: number }) => {
    setChosen(c);
    setUnitPrice(randText(c.priceCents));
  };

  const record = useMutation(
    trpc.charges.record.mutationOptions({
      onSuccess: (charge) => {
        toast({ title: 'Charge recorded', description: `${charge.code} × ${charge.quantity}: ${formatZar(charge.amountCents + charge.vatCents)}${charge.pmb ? ' (PMB)' : ''}` });
        void queryClient.invalidateQueries({ queryKey: trpc.charges.list.queryKey({ id: caseId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
        onClose();
      },
      onError: (e) => {
        const serverFields = (e.data as { fields?: Record<string, string> } | undefined)?.fields;
        if (serverFields) setFields(serverFields);
        setFormError(errorMessage(e));
      },
    }),
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const primaryFirst = [...diagnoses].sort((a, b) => Number(b.primary) - Number(a.primary)).map((d) => d.code);
    const price = centsOf(unitPrice);
    const input = {
      id: caseId,
      serviceDate,
      ...(list === 'tariff' ? { tariffCode: chosen?.code } : { nappiCode: chosen?.code }),
      quantity,
      ...(chosen && price !== null && price !== chosen.priceCents ? { unitPriceCents: price } : {}),
      icd10Codes: primaryFirst,
      modifier,
      authorisationNumber,
      encounterId: encounterId === NO_ENCOUNTER ? undefined : encounterId,
    };
    const local: Record<string, string> = {};
    if (!chosen) local[list === 'tariff' ? 'tariffCode' : 'nappiCode'] = `Choose a ${CODE_LISTS[list].toLowerCase()}`;
    if (unitPrice.trim() !== '' && price === null) local.unitPriceCents = 'A price in rand, like 520.00';
    const checked = ZRecordChargeInput.safeParse(input);
    if (!checked.success) for (const issue of checked.error.issues) local[issue.path.map(String).join('.') || 'input'] ??= issue.message;
    if (Object.keys(local).length > 0) {
      setFields(local);
      setFormError('Check the fields marked in red.');
      return;
    }
    setFields({});
    setFormError(null);
    record.mutate(checked.data!);
  };

  const codeField = list === 'tariff' ? 'tariffCode' : 'nappiCode';
  const fieldError = (key: string) => (fields[key] ? <p id={`${ids.base}-${key}`} className="text-sm text-destructive">{fields[key]}</p> : null);
  const described = (key: string) => (fields[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids.base}-${key}` } : {});
  const qty = Number(quantity);
  const unitCents = centsOf(unitPrice);
  const preview = chosen && Number.isInteger(qty) && qty > 0 && unitCents !== null ? formatZar(qty * unitCents) : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Record charge</DialogTitle>
          <DialogDescription>Priced from the practice's code list; every line needs at least one ICD-10 code.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Record charge">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.encounter}>From encounter</Label>
              <Select value={encounterId} onValueChange={chooseEncounter}>
                <SelectTrigger id={ids.encounter} className="w-full" {...described('encounterId')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_ENCOUNTER}>No encounter</SelectItem>
                  {encounters.filter((e) => e.amendedById === null).map((e) => (
                    <SelectItem key={e.id} value={e.id}>
                      {formatDateTime(e.occurredAt)} · {e.diagnoses.map((d) => d.code).join(', ') || 'no diagnosis'}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {fieldError('encounterId')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.date}>Service date</Label>
              <Input id={ids.date} type="date" value={serviceDate} onChange={(e) => setServiceDate(e.target.value)} {...described('serviceDate')} />
              {fieldError('serviceDate')}
            </div>
          </div>

          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.list}>List</Label>
              <Select value={list} onValueChange={(v) => { setList(v as TCodeList); setChosen(null); setCodeText(''); }}>
                <SelectTrigger id={ids.list} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="tariff">Tariff code</SelectItem>
                  <SelectItem value="nappi">NAPPI code</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.code}>{CODE_LISTS[list]}</Label>
              {chosen ? (
                <div className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                  <span className="font-mono font-medium">{chosen.code}</span>
                  <span className="flex-1">{chosen.description}</span>
                  <span className="tabular-nums">{formatZar(chosen.priceCents)}</span>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setChosen(null)}>Change</Button>
                </div>
              ) : (
                <>
                  <Input id={ids.code} value={codeText} autoComplete="off" placeholder="Code or words, e.g. 0190, consultation" onChange={(e) => setCodeText(e.target.value)} {...described(codeField)} />
                  {results.isSuccess && results.data.items.length > 0 && (
                    <ul className="grid max-h-48 gap-0.5 overflow-y-auto rounded-md border p-1" aria-label="Codes found">
                      {results.data.items.map((c) => (
                        <li key={c.code}>
                          <button type="button" onClick={() => choose(c)} aria-label={`${c.code} ${c.description} ${formatZar(c.priceCents)}`}
                            className="flex w-full items-baseline gap-2 rounded px-2 py-1 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                            <span className="w-24 shrink-0 font-mono font-medium">{c.code}</span>
                            <span className="flex-1">{c.description}</span>
                            <span className="tabular-nums">{formatZar(c.priceCents)}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {results.isSuccess && results.data.items.length === 0 && <p className="text-sm text-muted-foreground">No code on the practice's list matches “{q}”.</p>}
                </>
              )}
              {fieldError(codeField)}
            </div>
          </div>

          <div className="grid gap-3 sm:grid-cols-4">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.quantity}>Quantity</Label>
              <Input id={ids.quantity} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} {...described('quantity')} />
              {fieldError('quantity')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.price}>Unit price (R)</Label>
              <Input id={ids.price} inputMode="decimal" value={unitPrice} onChange={(e) => setUnitPrice(e.target.value)} {...described('unitPriceCents')} />
              {fieldError('unitPriceCents')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.modifier}>Modifier</Label>
              <Input id={ids.modifier} value={modifier} placeholder="e.g. 0009" onChange={(e) => setModifier(e.target.value)} {...described('modifier')} />
              {fieldError('modifier')}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.auth}>Authorisation no.</Label>
              <Input id={ids.auth} value={authorisationNumber} onChange={(e) => setAuthorisationNumber(e.target.value)} {...described('authorisationNumber')} />
              {fieldError('authorisationNumber')}
            </div>
          </div>

          <Icd10Picker value={diagnoses} onChange={setDiagnoses} fields={{ ...(fields.icd10Codes ? { diagnoses: fields.icd10Codes } : {}) }} errorIdBase={ids.base} />

          {preview && <p className="text-sm">Amount before VAT: <span className="font-medium tabular-nums">{preview}</span></p>}
          {formError && <p role="alert" className="text-sm text-destructive">{formError}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={record.isPending}>{record.isPending ? 'Recording…' : 'Record charge'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
