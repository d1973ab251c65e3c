import type { ComponentProps, ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableHead,
  TableHeader,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';

export interface DataColumn {
  id: string;
  header: ReactNode;
  /** Classes of the column's header cell (alignment, width). */
  className?: string;
}

/** What the table says in place of its rows: while they load, and when there are none. */
export interface TablePlaceholders {
  loading: { text: string; testId?: string };
  empty: { text: string; testId?: string };
}

/**
 * A table of rows under a header row of `columns`. With `placeholders`, a loading or empty
 * table shows one full-width row with the matching text instead of `children`.
 */
export function DataTable({
  columns,
  loading = false,
  rowCount,
  placeholders,
  headerRowClassName,
  children,
  ...props
}: ComponentProps<typeof Table> & {
  columns: readonly DataColumn[];
  loading?: boolean;
  rowCount: number;
  placeholders?: TablePlaceholders;
  headerRowClassName?: string;
}) {
  const placeholder = !placeholders
    ? undefined
    : loading
      ? placeholders.loading
      : rowCount === 0
        ? placeholders.empty
        : undefined;
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow className={headerRowClassName}>
          {columns.map((column) => (
            <TableHead key={column.id} className={column.className}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {placeholder ? (
          <TableStateRow colSpan={columns.length} data-testid={placeholder.testId}>
            {placeholder.text}
          </TableStateRow>
        ) : (
          children
        )}
      </TableBody>
    </Table>
  );
}
