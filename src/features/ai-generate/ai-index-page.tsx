import { useLocation } from '@tanstack/react-router';
import { Sparkles, Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AI_KIND_NAMES, AI_KINDS, AI_LIMITS, type TAiKindName } from '../../../schemas/ai/kinds';
import { Button } from '../../ui/button';
import styles from './ai-generate-styles';
import { EngineLine } from './engine-line';
import { GenerationEditor } from './generation-editor';
import { KindPicker } from './kind-picker';
import { RecentGenerations } from './recent-generations';
import { useAiGeneration } from './use-ai-generation';

/**
 * /aiIndex.html (issue 52 item 4): describe what you need and pick the kind; 生成 streams the subjects in one by one;
 * then the list is edited and 创建并编辑 makes the project and opens its editor. My recent generations below.
 */
export function AiIndexPage() {
  const view = useAiGeneration();
  // ?kind= from a create page's AI 生成 card (schemas/ai/kinds.ts names); anything else starts on 调查问卷.
  const asked = useLocation({ select: (l) => String((l.search as Record<string, unknown>).kind ?? '') });
  const [kind, setKind] = useState<TAiKindName>((AI_KIND_NAMES as string[]).includes(asked) ? (asked as TAiKindName) : 'question');
  const [prompt, setPrompt] = useState('');
  const example = AI_KINDS[kind].example;
  const busy = view.generating || view.creating;
  const started = view.started;
  const askError = !started && view.context.error ? view.context.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.actor.send({ type: 'gen.start', ask: { kind, prompt } });
  };
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          <h1 className={styles.titleWithIcon}>
            <Sparkles size={22} aria-hidden className={styles.brandIcon} />
            AI 生成
          </h1>
          <p className={styles.intro}>用一句话描述您需要的内容，AI 为您写好题目；修改后一键创建，再到编辑器里细调</p>
        </div>
      </header>
      <form className={styles.panel} onSubmit={submit} noValidate aria-label="AI 生成">
        <KindPicker value={kind} onChange={setKind} disabled={busy} />
        <label className={styles.field}>
          <span>描述您需要的内容</span>
          <textarea
            className={styles.prompt}
            value={prompt}
            rows={4}
            maxLength={AI_LIMITS.promptMax}
            placeholder={`例如：${example}`}
            aria-invalid={askError ? true : undefined}
            onChange={(event) => setPrompt(event.target.value)}
          />
        </label>
        <div className={styles.askFoot}>
          <div className={styles.examples}>
            <span className={styles.muted}>试试：</span>
            <button type="button" className={styles.example} onClick={() => setPrompt(example)} disabled={busy}>
              {example}
            </button>
          </div>
          <span className={styles.counter}>
            {[...prompt].length}/{AI_LIMITS.promptMax}
          </span>
        </div>
        {askError ? (
          <p className={styles.error} role="alert">
            {askError}
          </p>
        ) : null}
        <div className={styles.askActions}>
          <EngineLine />
          <div className={styles.askButtons}>
            {view.generating ? (
              <Button size="lg" onClick={() => view.actor.send({ type: 'gen.cancel' })}>
                停止生成
              </Button>
            ) : null}
            <Button type="submit" variant="primary" size="lg" disabled={busy}>
              <Wand2 size={18} aria-hidden />
              {view.generating ? '生成中…' : started ? '重新生成' : '生成'}
            </Button>
          </div>
        </div>
      </form>
      {started ? <GenerationEditor view={view} /> : null}
      <RecentGenerations />
    </div>
  );
}
