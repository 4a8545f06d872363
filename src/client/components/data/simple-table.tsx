import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/**
 * A readable table for the first view of a list; the caption names it for screen readers. On a
 * phone a wide table scrolls inside its own box (the page never scrolls sideways); with
 * `stackOnPhone` — for screens where the table is the main content — each row becomes a card of
 * label / value lines instead, so no column is cut off or squeezed to one letter a line. The ARIA
 * roles are spelled out because a table laid out as blocks loses them in some browsers.
 */
export function SimpleTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  stackOnPhone = false,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  stackOnPhone?: boolean;
}) {
  const stack = stackOnPhone;
  return (
    // A table wider than the screen scrolls in its own box; keyboard users reach that box by Tab
    // even when no row holds a link (a read-only role's list), as WCAG 2.1.1 asks.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cn('overflow-x-auto rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', stack && 'max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent')}
      data-slot="table-container"
    >
      <table role={stack ? 'table' : undefined} className={cn('w-full text-left text-sm', stack && 'max-sm:block')}>
        <caption className="sr-only">{caption}</caption>
        <thead role={stack ? 'rowgroup' : undefined} className={cn('border-b bg-muted/40 text-xs text-muted-foreground', stack && 'max-sm:sr-only')}>
          <tr role={stack ? 'row' : undefined}>
            {columns.map((column) => (
              <th key={column.header} role={stack ? 'columnheader' : undefined} scope="col" className={cn('px-4 py-2.5 font-medium', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={stack ? 'rowgroup' : undefined} className={cn('divide-y', stack && 'max-sm:grid max-sm:gap-3 max-sm:divide-y-0')}>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role={stack ? 'row' : undefined}
              className={cn('hover:bg-muted/30', stack && 'max-sm:grid max-sm:gap-2 max-sm:rounded-xl max-sm:border max-sm:bg-card max-sm:p-4')}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  role={stack ? 'cell' : undefined}
                  data-label={column.header}
                  className={cn(
                    'px-4 py-3 align-middle',
                    column.className,
                    stack &&
                      'max-sm:grid max-sm:grid-cols-[6.5rem_minmax(0,1fr)] max-sm:items-center max-sm:gap-3 max-sm:p-0 max-sm:text-left max-sm:[overflow-wrap:anywhere] max-sm:before:text-xs max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
                  )}
                >
                  {stack ? <div className="min-w-0">{column.cell(row)}</div> : column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
