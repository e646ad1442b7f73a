import { LoaderCircle, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { rotateImage } from '../api/editor';
import { toast } from '../ui/toast';

/**
 * 旋转: turns an uploaded image 90° clockwise through /upload/image and hands back the new address (the
 * caller swaps it in, so undo brings the old picture back).
 */
export function RotateButton({
  url,
  onRotated,
  label,
  className,
  spinClassName,
  iconOnly,
}: {
  url: string;
  onRotated: (url: string) => void;
  /** What is rotated, for the accessible name: 旋转{label}. */
  label: string;
  className?: string;
  /** The caller's spinning animation for the busy icon. */
  spinClassName?: string;
  iconOnly?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const rotate = () => {
    setBusy(true);
    rotateImage(url)
      .then((image) => onRotated(image.url))
      .catch((error: unknown) => toast.error(error instanceof Error && error.message ? error.message : '旋转失败，请重试'))
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className={className} onClick={rotate} disabled={busy} aria-label={`旋转${label}`} title="向右旋转90°">
      {busy ? <LoaderCircle size={14} className={spinClassName} aria-hidden /> : <RotateCw size={14} aria-hidden />}
      {iconOnly ? null : '旋转'}
    </button>
  );
}
