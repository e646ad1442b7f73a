// The respondent's half of a subject type's look: type number → its answer widget, or the block it shows when it
// takes no answer. Typed over every type number, so a type without one does not compile. Kept apart from the
// creator's registry (src/subjects/) so this bundle stays small.
import type { ComponentType } from 'react';
import type { TSubject, TSubjectOf } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE, type SubjectTypeNumber } from '../../../schemas/subjects/subject-types';
import { AudioBlock, ContactUs, Divider, ImageBlock, Paragraph, VideoBlock } from './blocks';
import { Dropdown, ImageChoice, MultipleChoice, OptionFill, SingleChoice } from './choice';
import { Appointment, Cascade, ConstantSum, Location, Ranking } from './complex';
import { Product } from './product';
import { MatrixMultiple, MatrixScale, MatrixText, MatrixSingle } from './matrix';
import { Region } from './region';
import { Evaluation, Nps, Rating, Scale, Slider } from './scale';
import type { TWidgetProps } from './shared';
import { DateTime, Email, IdCard, Mobile, MultiBlank, NumberInput, TextInput, Textarea } from './text';
import { FileUpload, Signature } from './upload';

/** What a layout block receives: its subject, and its title and description with piping applied. */
export interface TBlockProps<S extends TSubject = TSubject> {
  subject: S;
  title: string;
  description: string;
}

/** An answerable type's widget, inside the numbered fieldset; or a layout block drawn as it is (no answer). */
export type TRespondLook<S extends TSubject = TSubject> = { widget: ComponentType<TWidgetProps<S>> } | { block: ComponentType<TBlockProps<S>> };

/** Page breaks split the sheet into pages (store.ts) and are never drawn as a subject. */
const NOTHING = () => null;

export const RESPOND_LOOKS: { [N in SubjectTypeNumber]: TRespondLook<TSubjectOf<N>> } = {
  [SUBJECT_TYPE.singleChoice]: { widget: SingleChoice },
  [SUBJECT_TYPE.multipleChoice]: { widget: MultipleChoice },
  [SUBJECT_TYPE.dropdown]: { widget: Dropdown },
  [SUBJECT_TYPE.region]: { widget: Region },
  [SUBJECT_TYPE.imageChoice]: { widget: ImageChoice },
  [SUBJECT_TYPE.textInput]: { widget: TextInput },
  [SUBJECT_TYPE.textarea]: { widget: Textarea },
  [SUBJECT_TYPE.optionFill]: { widget: OptionFill },
  [SUBJECT_TYPE.ranking]: { widget: Ranking },
  [SUBJECT_TYPE.multiBlank]: { widget: MultiBlank },
  [SUBJECT_TYPE.matrixSingle]: { widget: MatrixSingle },
  [SUBJECT_TYPE.matrixMultiple]: { widget: MatrixMultiple },
  [SUBJECT_TYPE.fileUpload]: { widget: FileUpload },
  [SUBJECT_TYPE.dateTime]: { widget: DateTime },
  [SUBJECT_TYPE.paragraph]: { block: Paragraph },
  [SUBJECT_TYPE.pageBreak]: { block: NOTHING },
  [SUBJECT_TYPE.cascade]: { widget: Cascade },
  [SUBJECT_TYPE.matrixScale]: { widget: MatrixScale },
  [SUBJECT_TYPE.scale]: { widget: Scale },
  [SUBJECT_TYPE.constantSum]: { widget: ConstantSum },
  [SUBJECT_TYPE.numberInput]: { widget: NumberInput },
  [SUBJECT_TYPE.nps]: { widget: Nps },
  [SUBJECT_TYPE.rating]: { widget: Rating },
  [SUBJECT_TYPE.slider]: { widget: Slider },
  [SUBJECT_TYPE.matrixText]: { widget: MatrixText },
  [SUBJECT_TYPE.mobile]: { widget: Mobile },
  [SUBJECT_TYPE.email]: { widget: Email },
  [SUBJECT_TYPE.idCard]: { widget: IdCard },
  [SUBJECT_TYPE.location]: { widget: Location },
  [SUBJECT_TYPE.divider]: { block: Divider },
  [SUBJECT_TYPE.imageBlock]: { block: ImageBlock },
  [SUBJECT_TYPE.videoBlock]: { block: VideoBlock },
  [SUBJECT_TYPE.signature]: { widget: Signature },
  [SUBJECT_TYPE.product]: { widget: Product },
  [SUBJECT_TYPE.audioBlock]: { block: AudioBlock },
  [SUBJECT_TYPE.contactUs]: { block: ContactUs },
  [SUBJECT_TYPE.appointment]: { widget: Appointment },
  [SUBJECT_TYPE.evaluation]: { widget: Evaluation },
};

// Each look is typed for its own subject; it is read with the subject's own type number.
const looks = RESPOND_LOOKS as unknown as Readonly<Record<number, TRespondLook>>;

/** The respondent's look of a type, or undefined for a number no type has. */
export const respondLook = (subjectType: number): TRespondLook | undefined =>
  Object.prototype.hasOwnProperty.call(looks, subjectType) ? looks[subjectType] : undefined;
