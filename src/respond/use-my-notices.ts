import { useCallback, useEffect, useState } from 'react';
import type { TPageNotice } from '../../schemas/api/notice';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import { callOf } from './api';

/**
 * A participant's notices on their page (issue 47 item 4): read when the page opens and on `refresh()` (after a
 * live change of one's own entry), which marks them shown on the server, so each is seen once; and the switch
 * that turns this project's notices off or on again. A failed read leaves the page as it is. On a 仅限微信授权参与
 * chain the participant is their WeChat identity (`who.wechatToken`), whatever the browser; a booking's private
 * page names its participant by the booking's token instead (`who.bookingToken`).
 */
export function useMyNotices(questionId: string, deviceId: string, who: { wechatToken?: string | null; bookingToken?: string } = {}) {
  const { wechatToken, bookingToken } = who;
  const [notices, setNotices] = useState<TPageNotice[]>([]);
  const [off, setOff] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const mine = await callOf(CALL_PATHS.notice.getMyNotices, { questionId, deviceId, bookingToken, ...(wechatToken ? { wechatToken } : {}) });
      setOff(mine.off);
      if (mine.notices.length) setNotices(mine.notices);
    } catch {
      // The page works without its notices; the next visit reads them again.
    }
  }, [questionId, deviceId, wechatToken, bookingToken]);

  useEffect(() => void refresh(), [refresh]);

  const turn = useCallback(
    async (nextOff: boolean) => {
      setSwitchError(null);
      try {
        setOff(
          (await callOf(CALL_PATHS.notice.setNoticeOff, { questionId, deviceId, bookingToken, off: nextOff, ...(wechatToken ? { wechatToken } : {}) })).off,
        );
      } catch {
        setSwitchError('设置失败，请稍后重试');
      }
    },
    [questionId, deviceId, wechatToken, bookingToken],
  );
  return { notices, off, turn, switchError, refresh };
}
