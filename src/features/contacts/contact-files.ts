/** The most an import file may weigh (getImportContact reads it on the server). */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
