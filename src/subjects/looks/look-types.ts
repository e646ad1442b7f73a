import type { TSubjectOf } from '../../../schemas/subjects/registry';
import type { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { TSubjectLook } from '../subject-look';

/** The look of the type SUBJECT_TYPE names `K`, typed with that type's own subject. */
export type Look<K extends keyof typeof SUBJECT_TYPE> = TSubjectLook<TSubjectOf<(typeof SUBJECT_TYPE)[K]>>;
