import type { ContactFieldRow, ContactGroupRow, ContactRow, ContactSettingsRow } from '../../db/rows';

/** The row shapes the address book's statements read (from the 0082 tables, plus computed counts). */
export type IdRow = Pick<ContactRow, 'id'>;
export type GroupNameRow = Pick<ContactGroupRow, 'id' | 'name'>;
/** A count as both drivers return it (int8: a string on node-postgres, a number on PGlite). */
export type CountOf<K extends string> = Record<K, string | number>;
export type GroupCountRow = GroupNameRow & CountOf<'n'>;
export type ShownRow = Pick<ContactSettingsRow, 'shown_fields'>;
export type FieldDefRow = Pick<ContactFieldRow, 'id' | 'name' | 'kind' | 'options' | 'required'>;
export type AddressRow = Pick<ContactRow, 'id' | 'name' | 'phone' | 'email'>;
export type FlagRow = Record<'ok', boolean>;
