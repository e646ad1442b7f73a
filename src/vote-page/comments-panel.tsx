import { useState } from 'react';
import type { TComment } from '../../schemas/api/vote-extras';
import { listComments, postComment } from './api';
import { messageOf } from './client';
import { useInfinite } from './use-infinite';

const when = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => (n < 10 ? '0' : '') + n;
  return `${d.getMonth() + 1}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** 评论: the shown comments, newest first, and a form; with moderation on, a new comment waits for the creator. */
export function CommentsPanel({ voteId, toast }: { voteId: string; toast: (message: string) => void }) {
  const [round, setRound] = useState(0);
  const [mine, setMine] = useState<TComment[]>([]);
  const list = useInfinite((page) => listComments(voteId, page), [voteId, round]);
  const [nickname, setNickname] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!content.trim()) return setError('请输入评论内容');
    setBusy(true);
    setError(null);
    try {
      const saved = await postComment({ voteId, nickname: nickname.trim() || undefined, content: content.trim() });
      setContent('');
      if (saved.status === 'pending') {
        toast('评论已提交，审核通过后展示');
        setMine((old) => [
          {
            commentId: saved.commentId,
            nickname: nickname.trim() || '我',
            content: content.trim(),
            playerId: null,
            playerName: null,
            status: 'pending',
            createTime: new Date().toISOString(),
          },
          ...old,
        ]);
      } else {
        toast('评论成功');
        setRound((r) => r + 1);
      }
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const shown = mine.concat(list.items.filter((c) => !mine.some((m) => m.commentId === c.commentId)));
  return (
    <section aria-label="评论">
      <form className="v-form" onSubmit={(e) => void send(e)}>
        <label className="v-field">
          <span>昵称（选填）</span>
          <input className="v-input" maxLength={20} value={nickname} onChange={(e) => setNickname(e.target.value)} placeholder="匿名用户" />
        </label>
        <label className="v-field">
          <span>评论内容</span>
          <textarea className="v-textarea" maxLength={500} value={content} onChange={(e) => setContent(e.target.value)} placeholder="说点什么吧…" />
        </label>
        {error ? (
          <p className="v-msg" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="v-btn v-btn-primary v-btn-block" disabled={busy}>
          {busy ? '提交中…' : '发表评论'}
        </button>
      </form>
      {shown.length === 0 && list.done ? <p className="v-empty">还没有评论，来说第一句吧</p> : null}
      <ul>
        {shown.map((c) => (
          <li key={c.commentId} className="v-comment">
            <header>
              <span>{c.nickname}</span>
              <span>{c.status === 'pending' ? '审核中' : when(c.createTime)}</span>
            </header>
            <p>{c.content}</p>
          </li>
        ))}
      </ul>
      <ListFoot list={list} />
    </section>
  );
}

export function ListFoot({
  list,
}: {
  list: { error: string | null; busy: boolean; done: boolean; more: () => Promise<void>; sentinel: React.RefObject<HTMLDivElement | null> };
}) {
  if (list.error)
    return (
      <div className="v-more">
        <p className="v-msg">{list.error}</p>
        <button type="button" className="v-btn v-btn-ghost v-btn-sm" onClick={() => void list.more()}>
          重新加载
        </button>
      </div>
    );
  if (list.done) return null;
  return (
    <div className="v-more" ref={list.sentinel} role="status">
      {list.busy ? '加载中…' : ' '}
    </div>
  );
}
