import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bot, Cpu } from 'lucide-react';
import { aiSessionQuery } from '../../api/ai-generations';
import styles from './ai-generate-styles';

/**
 * Which engine writes (activity/ai/getAiSession): the configured model with the AI counts left and where to buy
 * more, or the built-in assistant (free). Hidden when the session cannot be read.
 */
export function EngineLine() {
  const session = useQuery(aiSessionQuery());
  if (!session.data) return null;
  const { engine, engineName, aiRemaining, costPerUse } = session.data;
  if (engine === 'builtin') {
    return (
      <p className={styles.engine} data-testid="ai-engine">
        <Bot size={16} aria-hidden />
        当前由<strong>{engineName}</strong>生成：从模板库和题库中挑选最相关的题目，不消耗 AI 次数
      </p>
    );
  }
  return (
    <p className={styles.engine} data-testid="ai-engine">
      <Cpu size={16} aria-hidden />
      当前模型<strong>{engineName}</strong>· 每次生成消耗 {costPerUse} 次 · 剩余 AI 次数 <strong>{aiRemaining}</strong>
      <Link to="/buyAI.html" className={styles.link}>
        购买AI次数
      </Link>
    </p>
  );
}
