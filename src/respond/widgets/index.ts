import type { ComponentType } from 'react';
import { RESPOND_LOOKS, type TRespondLook } from './registry';
import type { TWidgetProps } from './shared';

/** The answer widget of every answerable subject type (design/subject-types.md), from the registry. */
// Each widget is typed for its own subject; the map is read with the subject's own type number.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const WIDGETS: Record<number, ComponentType<TWidgetProps<any>>> = Object.fromEntries(
  Object.entries(RESPOND_LOOKS as Record<string, TRespondLook>).flatMap(([n, look]) => ('widget' in look ? [[n, look.widget]] : [])),
);
