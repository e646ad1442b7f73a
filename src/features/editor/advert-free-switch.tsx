import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { QUOTA_BUY_PATHS } from '../../../schemas/money/catalog';
import { ApiError } from '../../api/client';
import { advertFreeQuery, setAdvertFree } from '../../api/editor';
import { currentBrand } from '../../app/brand';
import { toast } from '../../ui';

export const ADVERT_SWITCH_LABEL = '去广告';

/**
 * The owner's 去广告 switch: the respondent page drops the brand's footer. The project's first switch-on takes one
 * unit of the owner's advert quota (the server decides and refuses an empty one: 去广告次数不足 → 购买去广告服务).
 */
export function AdvertFreeSwitch({
  questionId,
  isOwner,
  className,
  errorClassName,
}: {
  questionId: string;
  isOwner: boolean;
  className?: string;
  errorClassName?: string;
}) {
  const client = useQueryClient();
  const state = useQuery(advertFreeQuery(questionId));
  // What the user just chose shows at once (set in the click's own render), until the server has answered.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: (next: boolean) => setAdvertFree(questionId, next),
    onSettled: () => setChosen(null),
    onSuccess: (result) => {
      client.setQueryData(advertFreeQuery(questionId).queryKey, result.advertFree);
      if (!result.advertFree) return toast.success('已恢复显示底部品牌信息');
      toast.success(result.charged ? `已开启去广告，扣除 1 个项目，剩余 ${result.remaining} 个` : '已开启去广告');
    },
  });
  const refusedEmpty = change.error instanceof ApiError && (change.error.data as { reason?: string } | null)?.reason === 'quotaEmpty';
  const checked = chosen ?? (change.isPending ? Boolean(change.variables) : state.data === true);
  return (
    <>
      <label className={className}>
        <span>
          {ADVERT_SWITCH_LABEL}
          <small>
            {isOwner ? `答题页底部不再显示“${currentBrand().name} 提供技术支持”，每个项目首次开启扣 1 个去广告项目` : '只有项目创建者可以修改此设置'}
          </small>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-label={ADVERT_SWITCH_LABEL}
          checked={checked}
          disabled={!isOwner || state.data === undefined || change.isPending}
          onChange={(event) => {
            setChosen(event.target.checked);
            change.mutate(event.target.checked);
          }}
        />
      </label>
      {change.error ? (
        <p role="alert" className={errorClassName}>
          {change.error.message}
          {refusedEmpty ? (
            <>
              {' '}
              <Link to={QUOTA_BUY_PATHS.advert}>购买去广告服务</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
