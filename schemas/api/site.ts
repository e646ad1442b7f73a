import { z } from 'zod';
import { contract } from './contract';

/**
 * site/operator (not in the spec): who runs this deployment, for the 用户服务协议 and 隐私政策 pages and their 联系我们
 * section (issue 43 item 7). Both come from the server's settings (OPERATOR_NAME, OPERATOR_CONTACT); unset is null.
 */
export const ZOperatorRequest = z.object({}).passthrough();
export const ZOperator = z.object({ name: z.string().nullable(), contact: z.string().nullable() });
export type TOperator = z.infer<typeof ZOperator>;

export const siteCalls = {
  operator: contract({ path: 'site/operator', summary: '网站运营者（服务协议与隐私政策）', request: ZOperatorRequest, response: ZOperator, auth: 'optional' }),
};
