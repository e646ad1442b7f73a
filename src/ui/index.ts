export { Button, type TButtonProps } from './button';
export { Dialog, DialogClose, type TDialogProps } from './dialog';
export { Popover, PopoverClose, type TPopoverProps } from './popover';
export { DropdownMenu, DropdownItem, DropdownLabel, DropdownSeparator, DropdownGroup } from './dropdown-menu';
export { Tabs, type TTab } from './tabs';
export { toast, AppToaster } from './toast';
export { EmptyState, ErrorState, LoadingState } from './states';
export { cx } from './cx';
