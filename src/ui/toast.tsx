import { Toaster } from 'sonner';

/** Toasts go through sonner only; import `toast` from here so the look stays in one place. */
export { toast } from 'sonner';

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton={false}
      duration={3000}
      // Below the sticky header, never over the top navigation (issue 43 item 6).
      offset={{ top: 'calc(var(--header-height) + 8px)' }}
      mobileOffset={{ top: 'calc(var(--header-height) + 8px)' }}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)', fontSize: '14px' } }}
    />
  );
}
