import type { ComponentType } from 'react';
import type { TWidgetProps } from './shared';
import { Dropdown, ImageChoice, MultipleChoice, OptionFill, SingleChoice } from './choice';
import { Appointment, Cascade, ConstantSum, Location, Product, Ranking } from './complex';
import { MatrixMultiple, MatrixScale, MatrixSingle, MatrixText } from './matrix';
import { Region } from './region';
import { Evaluation, Nps, Rating, Scale, Slider } from './scale';
import { DateTime, Email, IdCard, Mobile, MultiBlank, NumberInput, TextInput, Textarea } from './text';
import { FileUpload, Signature } from './upload';

/** The answer widget of every answerable subject type (design/subject-types.md). */
// Each widget is typed for its own subject; the map is read with the subject's own type number.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const WIDGETS: Record<number, ComponentType<TWidgetProps<any>>> = {
  1: SingleChoice,
  2: MultipleChoice,
  3: Dropdown,
  4: Region,
  5: ImageChoice,
  6: TextInput,
  7: Textarea,
  8: OptionFill,
  9: Ranking,
  10: MultiBlank,
  11: MatrixSingle,
  12: MatrixMultiple,
  13: FileUpload,
  14: DateTime,
  17: Cascade,
  18: MatrixScale,
  19: Scale,
  20: ConstantSum,
  21: NumberInput,
  22: Nps,
  23: Rating,
  24: Slider,
  25: MatrixText,
  26: Mobile,
  27: Email,
  28: IdCard,
  29: Location,
  33: Signature,
  34: Product,
  37: Appointment,
  38: Evaluation,
};
