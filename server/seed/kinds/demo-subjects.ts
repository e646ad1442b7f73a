import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';

/** Subjects for the demo projects, made by each type's own defaults (as the editor drops them in), with fixed ids. */
export function demoSubjects(prefix: string) {
  let seq = 0;
  const id = () => `${prefix}-${++seq}`;
  return {
    id,
    make<T extends TSubject = TSubject>(type: number, title: string, fields: Record<string, unknown> = {}): T {
      const base = subjectEntry(type).create({ uuid: id(), indexSort: seq, newId: id });
      return { ...base, title, ...fields } as T;
    },
    options: (...titles: string[]) => titles.map((title) => ({ uuid: id(), title })),
  };
}
