/** The most an Excel file may weigh (importWhite reads it on the server). */
export const MAX_XLSX_BYTES = 2 * 1024 * 1024;
