import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { TUserInfo } from '../../../schemas/api/user';
import { uploadImage } from '../../api/editor';
import { updateHeadInfo } from '../../api/user';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import styles from './account-styles';
import { clampCrop, cropToBlob, initialCrop, MAX_ZOOM, zoomTo, type TCrop } from './avatar-crop';

/** The crop square's side on screen, in CSS pixels (fits a 360-px phone inside the dialog). */
const VIEW = 240;
const STEP = 8;

/** 更换头像: move and zoom the picked picture in a square, then the square is uploaded and becomes the avatar. */
export function AvatarCropDialog({ file, onClose, onDone }: { file: File; onClose: () => void; onDone: (user: TUserInfo) => void }) {
  const zoomId = useId();
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number; crop: TCrop } | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<TCrop>({ zoom: 1, x: 0, y: 0 });
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);

  const save = useMutation({
    mutationFn: async () => {
      const blob = await cropToBlob(image.current!, crop, VIEW);
      const uploaded = await uploadImage(blob, { name: 'avatar.png' });
      return updateHeadInfo(uploaded.url);
    },
    onSuccess: onDone,
    onError: (error: Error) => setRefusal(error.message),
  });

  const move = (dx: number, dy: number, from: TCrop = crop) =>
    size && setCrop(clampCrop({ ...from, x: from.x + dx, y: from.y + dy }, size.width, size.height, VIEW));
  const zoom = (value: number) => size && setCrop(zoomTo(crop, value, size.width, size.height, VIEW));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) move(event.clientX - start.x, event.clientY - start.y, start.crop);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta: Record<string, [number, number]> = { ArrowLeft: [STEP, 0], ArrowRight: [-STEP, 0], ArrowUp: [0, STEP], ArrowDown: [0, -STEP] };
    const step = delta[event.key];
    if (!step) return;
    event.preventDefault();
    move(...step);
  };
  const scale = size ? (VIEW / Math.min(size.width, size.height)) * crop.zoom : 1;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !save.isPending && onClose()}
      title="更换头像"
      description="拖动图片调整位置，滑动缩放，方框内的部分将作为头像"
      width={400}
      footer={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            取消
          </Button>
          <Button variant="primary" onClick={() => save.mutate()} disabled={!size || save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? <LoaderCircle size={14} aria-hidden /> : null}
            保存头像
          </Button>
        </>
      }
    >
      <div className={styles.cropper}>
        <div
          className={styles.cropView}
          role="group"
          aria-label="头像裁剪区域，可拖动或用方向键移动"
          tabIndex={0}
          data-testid="avatar-crop"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
        >
          {url ? (
            <img
              ref={image}
              src={url}
              alt="待裁剪的头像"
              draggable={false}
              className={styles.cropImage}
              style={
                size ? { width: size.width * scale, height: size.height * scale, transform: `translate(${crop.x}px, ${crop.y}px)` } : { visibility: 'hidden' }
              }
              onLoad={(event) => {
                const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
                setSize({ width, height });
                setCrop(initialCrop(width, height, VIEW));
              }}
              onError={() => setRefusal('图片无法读取，请换一张图片')}
            />
          ) : null}
        </div>
        <div className={styles.inline}>
          <ZoomOut size={16} aria-hidden />
          <label htmlFor={zoomId} className="visually-hidden">
            缩放
          </label>
          <input
            id={zoomId}
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            disabled={!size}
            onChange={(e) => zoom(Number(e.target.value))}
            className={styles.cropZoom}
          />
          <ZoomIn size={16} aria-hidden />
        </div>
        {refusal ? (
          <p role="alert" className={styles.error}>
            {refusal}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
