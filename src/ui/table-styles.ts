import { joinClasses } from './join-classes';
import shared from './table.module.css';

/** A screen's CSS module with the shared data table (table.module.css) joined in: `withTable(local, { statTable: 'table' })`. */
export function withTable<T extends Readonly<Record<string, string>>>(local: T, joins: Partial<Record<string, 'table'>>): T {
  return joinClasses(local, shared as Readonly<Record<'table', string>>, joins);
}
