/** Short random ids: unique within a project is all the document needs. */
export const newId = (): string => globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16);
