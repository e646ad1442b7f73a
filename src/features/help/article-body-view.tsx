import { Link } from '@tanstack/react-router';
import { Lightbulb } from 'lucide-react';
import { parseBody, shotSrc, type TBlock, type TInline } from '../../../schemas/help/article-body';
import styles from './help.module.css';

function Inline({ parts }: { parts: TInline[] }) {
  return (
    <>
      {parts.map((part, i) => {
        const key = `${i}-${part.text}`;
        if (part.kind === 'bold') return <strong key={key}>{part.text}</strong>;
        if (part.kind === 'code') return <code key={key}>{part.text}</code>;
        if (part.kind === 'link')
          return (
            <Link key={key} to={part.href}>
              {part.text}
            </Link>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </>
  );
}

function Block({ block }: { block: TBlock }) {
  if (block.kind === 'heading') return <h2>{block.text}</h2>;
  if (block.kind === 'image')
    return (
      // A screenshot of the running app (scripts/help-screenshots.ts): loaded when scrolled to, never wider than the
      // page; tapped, it opens at full size (a desktop screen shrunk onto a phone).
      <figure className={styles.shot}>
        <a href={shotSrc(block.shot)} target="_blank" rel="noopener noreferrer">
          <img src={shotSrc(block.shot)} alt={block.alt} loading="lazy" decoding="async" />
        </a>
        <figcaption aria-hidden>{block.alt}</figcaption>
      </figure>
    );
  if (block.kind === 'paragraph')
    return (
      <p>
        <Inline parts={block.inline} />
      </p>
    );
  if (block.kind === 'tip') {
    return (
      <p className={styles.tip}>
        <Lightbulb size={16} aria-hidden />
        <span>
          <Inline parts={block.inline} />
        </span>
      </p>
    );
  }
  const items = block.items.map((item, i) => (
    <li key={`${i}-${item[0]?.text ?? ''}`}>
      <Inline parts={item} />
    </li>
  ));
  return block.kind === 'steps' ? <ol className={styles.steps}>{items}</ol> : <ul>{items}</ul>;
}

/** An article's body drawn as elements from its markup (schemas/help/article-body.ts): nothing in it can run. */
export function ArticleBodyView({ body }: { body: string }) {
  return (
    <div className={styles.body}>
      {parseBody(body).map((block, i) => (
        <Block key={`${i}-${block.kind}`} block={block} />
      ))}
    </div>
  );
}
