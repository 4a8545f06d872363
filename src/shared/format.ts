// Formatting shared by server DTOs and the screens (ARCHITECTURE: format.ts).

/** 'Thandi Nkosi'; null when neither part is known (e.g. a left join found nobody). */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || null;
}

const zar = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/** Money is stored in integer cents (ARCHITECTURE decision 7) and shown as e.g. 'R 1 250,00'. */
export function formatZar(cents: number): string {
  return zar.format(cents / 100);
}
