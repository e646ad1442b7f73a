import type { SnapshotFrom } from 'xstate';
import type { qrLoginMachine } from './qr-login.machine';

type TQrLoginSnapshot = SnapshotFrom<typeof qrLoginMachine>;

export type TQrView = 'loading' | 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'error';

/** The one thing the QR panel shows. */
export function selectQrView(snapshot: TQrLoginSnapshot): TQrView {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches({ active: 'scanned' })) return 'scanned';
  if (snapshot.matches('active')) return 'waiting';
  if (snapshot.matches('confirmed')) return 'confirmed';
  if (snapshot.matches('expired')) return 'expired';
  return 'error';
}

export const selectQrContent = (snapshot: TQrLoginSnapshot) => snapshot.context.challenge?.qrContent ?? null;
export const selectQrError = (snapshot: TQrLoginSnapshot) => snapshot.context.error;
