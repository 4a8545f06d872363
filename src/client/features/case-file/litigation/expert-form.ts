import type { TExpert } from '../../../../shared/domain/experts';

// The expert dialogs' form values (issue 20): the fee is typed in rand ("45 000" or "45000,50") and
// sent in cents; an empty box means no fee.

export const EXPERT_DISCIPLINES = [
  'Obstetrician and gynaecologist', 'Paediatric neurologist', 'Neurosurgeon', 'Orthopaedic surgeon', 'General surgeon',
  'Radiologist', 'Nursing expert', 'Actuary', 'Industrial psychologist', 'Occupational therapist', 'Educational psychologist',
] as const;

/** Rand text → cents; '' → null; anything else that is not an amount → undefined (the caller says so). */
export function feeCentsOf(text: string): number | null | undefined {
  const cleaned = text.replace(/[\s\u00a0R]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

/** Cents → the rand text the box shows ('45000' or '45000.50'). */
export function feeTextOf(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export const sideLabel = (side: TExpert['side']) => (side === 'ours' ? 'Our side' : 'Opposing side');
