import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { setApiHooks } from '../api/client';
import { useSession } from './session';
import { toast } from '../ui/toast';

/**
 * Installs the api client's hooks once (spec §8): "401" → log out locally, go to /login, show the message;
 * any other failure → show the message.
 */
export function ApiHooksInstaller() {
  const router = useRouter();
  const { expire } = useSession();

  useEffect(() => {
    setApiHooks({
      onUnauthorized: (message) => {
        // Forget the dead token here, without a logout call or the goodbye toast.
        expire();
        if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
        toast.error(message);
      },
      onError: (message) => {
        toast.error(message);
      },
    });
  }, [router, expire]);
  return null;
}
