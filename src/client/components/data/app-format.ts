// Dates as the app screens show them (SPEC §9), in South African time whatever the browser's zone.

const TIME_ZONE = 'Africa/Johannesburg';

const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: TIME_ZONE });
const thousands = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });

/** 'Mar 05, 2026' (SPEC §9 'MMM dd, yyyy'). */
export function formatDate(iso: string | null | undefined): string {
  return iso ? date.format(new Date(iso)) : 'N/A';
}

/** 'Mar 05, 14:30' (SPEC §9 'MMM dd, HH:mm'). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : 'N/A';
}

/** SPEC §2.9: revenue in thousands with a K, e.g. 'R 12,5K'. */
export function formatZarThousands(cents: number): string {
  return `R ${thousands.format(cents / 100 / 1000)}K`;
}

/** SPEC §9: 'Just now', then minutes, hours and days. */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
