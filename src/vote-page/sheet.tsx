import { useEffect, useRef } from 'react';

/** A bottom sheet over a dimmed page: Escape or a tap outside closes it; focus moves into it. */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="v-mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="v-sheet" role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} ref={box}>
        <div className="v-sheet-head">
          <h2>{title}</h2>
          <button type="button" className="v-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
