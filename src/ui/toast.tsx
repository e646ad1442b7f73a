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
      toastOptions={{ style: { fontFamily: 'var(--font-sans)', fontSize: '14px' } }}
    />
  );
}
