// SPEC §4 colours of support chats, kept here (not in the shared StatusBadge, where 'In Progress'
// is a case's yellow): status Open yellow, In Progress blue, Resolved green, Closed gray; priority
// (the bell's colours) Urgent red, High orange, Medium yellow, Low green. No zod here: the header
// bell is part of the first page.

const STATUS_TONE: Record<string, string> = {
  Open: 'border-amber-200 bg-amber-50 text-amber-800',
  'In Progress': 'border-sky-200 bg-sky-50 text-sky-800',
  Resolved: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  Closed: 'border-slate-200 bg-slate-50 text-slate-700',
};

const PRIORITY_TONE: Record<string, string> = {
  Urgent: 'border-red-200 bg-red-50 text-red-800',
  High: 'border-orange-200 bg-orange-50 text-orange-800',
  Medium: 'border-amber-200 bg-amber-50 text-amber-800',
  Low: 'border-emerald-200 bg-emerald-50 text-emerald-800',
};

/** The bell's coloured marker for a priority. */
export const PRIORITY_DOT: Record<string, string> = {
  Urgent: 'bg-red-600',
  High: 'bg-orange-500',
  Medium: 'bg-amber-400',
  Low: 'bg-emerald-500',
};

const BADGE = 'inline-flex w-fit items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';
const FALLBACK = 'border-slate-200 bg-slate-50 text-slate-700';

export const statusBadgeClass = (status: string): string => `${BADGE} ${STATUS_TONE[status] ?? FALLBACK}`;
export const priorityBadgeClass = (priority: string): string => `${BADGE} ${PRIORITY_TONE[priority] ?? FALLBACK}`;

/** SPEC §2.10 bell times: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago'. */
export function bellTime(iso: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** SPEC §2.10: the badge shows '9+' above 9, nothing at 0. */
export const bellBadge = (unseen: number): string | null => (unseen <= 0 ? null : unseen > 9 ? '9+' : String(unseen));

/** The bell asks the live-support widget to open a chat; the two are not otherwise wired together. */
export const OPEN_SUPPORT_CHAT_EVENT = 'casebridge:open-support-chat';
export function requestOpenSupportChat(chatId: string): void {
  window.dispatchEvent(new CustomEvent<string>(OPEN_SUPPORT_CHAT_EVENT, { detail: chatId }));
}
