import styles from './help.module.css';

/** Search results: the runs that matched in <mark>, the rest as text (never HTML). */
export function MarkedText({ parts }: { parts: readonly { text: string; hit: boolean }[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={`${i}-${part.text}`} className={styles.hit}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
