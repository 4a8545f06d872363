// Rand typed by a person ("520", "520.5", "1 250,00") → integer cents; NaN when it is not an amount,
// which the server's schema then names ("must be an amount in cents"). No floating-point sums.
export function randToCents(text: string): number {
  const clean = text.replace(/[\sR]/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
