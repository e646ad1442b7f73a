export type { TChainManageView, TChainView } from '../../../schemas/api/chain';
import type { z } from 'zod';
import type { ZWithdrawResult } from '../../../schemas/api/chain';
export type TWithdrawResult = z.infer<typeof ZWithdrawResult>;
