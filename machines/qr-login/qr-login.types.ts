import type { QR_STATUSES } from '../../schemas/api/user';

/** The challenge a desktop shows as a QR code (activity/user/showLoginQr). */
export interface TQrChallenge {
  qrId: string;
  /** Only the desktop that asked for the code knows it; the poll must present it. */
  pollSecret: string;
  /** What the code encodes: https://<host>/auth?qr=<qrId>. */
  qrContent: string;
  /** Seconds the code stays valid (120). */
  expiresIn: number;
}

export type TQrStatus = (typeof QR_STATUSES)[number];

/** One poll answer (activity/user/checkCode). */
export interface TQrPoll {
  status: TQrStatus;
  token?: string;
}

export interface TQrLoginContext {
  challenge: TQrChallenge | null;
  token: string | null;
  error: string | null;
  /** Poll failures in a row; a few network blips are retried, more end in `error`. */
  failures: number;
  /** Milliseconds between polls (2 s; tests and the simulator may shorten it). */
  pollInterval: number;
}

export interface TQrLoginInput {
  pollInterval?: number;
}

export type TQrLoginEvent =
  /** Ask for a new code (after expiry, an error, or at any time). */
  { type: 'qr.refresh' };

export interface TQrLoginOutput {
  token: string;
}
