// The UI registry: subject-type number → how the type looks in the creator's app. Typed over every type number,
// so a type without a look does not compile. What a type is lives in schemas/subjects/registry.ts.
import { CircleDot, type LucideIcon } from 'lucide-react';
import type { TSubject, TSubjectOf } from '../../schemas/subjects/registry';
import { SUBJECT_TYPE, SUBJECT_TYPE_NAMES, type SubjectTypeNumber } from '../../schemas/subjects/subject-types';
import { audioBlock, contactUs, divider, imageBlock, pageBreak, paragraph, videoBlock } from './looks/blocks';
import { dropdown, imageChoice, multipleChoice, optionFill, ranking, singleChoice } from './looks/choice';
import { appointment, product } from './looks/commerce';
import { matrixMultiple, matrixScale, matrixSingle, matrixText } from './looks/matrix';
import { cascade, fileUpload, location, region, signature } from './looks/personal';
import { constantSum, evaluation, nps, rating, scale, slider } from './looks/scale';
import { dateTime, email, idCard, mobile, multiBlank, numberInput, textarea, textInput } from './looks/text';
import type { TSubjectLook } from './subject-look';

export const SUBJECT_LOOKS: { [N in SubjectTypeNumber]: TSubjectLook<TSubjectOf<N>> } = {
  [SUBJECT_TYPE.singleChoice]: singleChoice,
  [SUBJECT_TYPE.multipleChoice]: multipleChoice,
  [SUBJECT_TYPE.dropdown]: dropdown,
  [SUBJECT_TYPE.region]: region,
  [SUBJECT_TYPE.imageChoice]: imageChoice,
  [SUBJECT_TYPE.textInput]: textInput,
  [SUBJECT_TYPE.textarea]: textarea,
  [SUBJECT_TYPE.optionFill]: optionFill,
  [SUBJECT_TYPE.ranking]: ranking,
  [SUBJECT_TYPE.multiBlank]: multiBlank,
  [SUBJECT_TYPE.matrixSingle]: matrixSingle,
  [SUBJECT_TYPE.matrixMultiple]: matrixMultiple,
  [SUBJECT_TYPE.fileUpload]: fileUpload,
  [SUBJECT_TYPE.dateTime]: dateTime,
  [SUBJECT_TYPE.paragraph]: paragraph,
  [SUBJECT_TYPE.pageBreak]: pageBreak,
  [SUBJECT_TYPE.cascade]: cascade,
  [SUBJECT_TYPE.matrixScale]: matrixScale,
  [SUBJECT_TYPE.scale]: scale,
  [SUBJECT_TYPE.constantSum]: constantSum,
  [SUBJECT_TYPE.numberInput]: numberInput,
  [SUBJECT_TYPE.nps]: nps,
  [SUBJECT_TYPE.rating]: rating,
  [SUBJECT_TYPE.slider]: slider,
  [SUBJECT_TYPE.matrixText]: matrixText,
  [SUBJECT_TYPE.mobile]: mobile,
  [SUBJECT_TYPE.email]: email,
  [SUBJECT_TYPE.idCard]: idCard,
  [SUBJECT_TYPE.location]: location,
  [SUBJECT_TYPE.divider]: divider,
  [SUBJECT_TYPE.imageBlock]: imageBlock,
  [SUBJECT_TYPE.videoBlock]: videoBlock,
  [SUBJECT_TYPE.signature]: signature,
  [SUBJECT_TYPE.product]: product,
  [SUBJECT_TYPE.audioBlock]: audioBlock,
  [SUBJECT_TYPE.contactUs]: contactUs,
  [SUBJECT_TYPE.appointment]: appointment,
  [SUBJECT_TYPE.evaluation]: evaluation,
};

// Each look is typed for its own subject; callers pass the subject whose type number they looked up.
const looks = SUBJECT_LOOKS as unknown as Readonly<Record<number, TSubjectLook>>;

/** Every look, keyed by type number (the palette lists these). */
export const subjectLooks = (): ReadonlyMap<number, TSubjectLook> => new Map(Object.entries(looks).map(([n, look]) => [Number(n), look]));

/** The look of a type, or undefined for a number no type has (old data, a newer server). */
export const subjectLook = (subjectType: number): TSubjectLook<TSubject> | undefined =>
  Object.prototype.hasOwnProperty.call(looks, subjectType) ? looks[subjectType] : undefined;

export const typeName = (subjectType: number): string =>
  subjectLook(subjectType)?.label ?? SUBJECT_TYPE_NAMES[subjectType as SubjectTypeNumber]?.zh ?? `题型${subjectType}`;
export const typeIcon = (subjectType: number): LucideIcon => subjectLook(subjectType)?.icon ?? CircleDot;
