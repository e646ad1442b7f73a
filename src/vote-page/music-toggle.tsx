import { useEffect, useRef, useState } from 'react';

/**
 * 背景音乐: the creator's track loops while the page is open. Browsers block sound until the visitor touches
 * the page, so an autoplay track starts on the first touch; the button turns it off and on.
 */
export function MusicToggle({ url, autoplay }: { url: string; autoplay: boolean }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const wanted = useRef(autoplay);

  useEffect(() => {
    const a = new Audio(url);
    a.loop = true;
    a.preload = 'none';
    audio.current = a;
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    a.addEventListener('play', onPlay);
    a.addEventListener('pause', onPause);
    const firstTouch = () => {
      if (wanted.current && a.paused) void a.play().catch(() => undefined);
    };
    document.addEventListener('touchstart', firstTouch, { once: true, passive: true });
    document.addEventListener('click', firstTouch, { once: true });
    return () => {
      a.pause();
      a.removeEventListener('play', onPlay);
      a.removeEventListener('pause', onPause);
      document.removeEventListener('touchstart', firstTouch);
      document.removeEventListener('click', firstTouch);
    };
  }, [url]);

  const toggle = (e: React.MouseEvent) => {
    e.stopPropagation();
    const a = audio.current;
    if (!a) return;
    wanted.current = a.paused;
    if (a.paused) void a.play().catch(() => undefined);
    else a.pause();
  };
  return (
    <button
      type="button"
      className={`v-icon-btn${playing ? ' is-on' : ''}`}
      aria-pressed={playing}
      aria-label={playing ? '关闭背景音乐' : '播放背景音乐'}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M9 18V5l12-2v13" />
        <circle cx="6" cy="18" r="3" />
        <circle cx="18" cy="16" r="3" />
        {playing ? null : <path d="M3 3l18 18" />}
      </svg>
    </button>
  );
}
