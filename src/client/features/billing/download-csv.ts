import { type TBillingStatement, statementCsv, statementCsvFilename } from '../../../shared/domain/billing';

/**
 * Saves the statement the screen shows as a CSV file. Built in the browser from the same answer
 * as the table (so the two cannot differ) — which also makes it work in demo mode, with no server.
 */
export function downloadStatementCsv(statement: TBillingStatement): void {
  const blob = new Blob([statementCsv(statement)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = statementCsvFilename(statement.month);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
