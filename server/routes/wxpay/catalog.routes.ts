import type { FastifyInstance } from 'fastify';
import { ZBankPageRequest, ZBranchesRequest, ZCityListRequest } from '../../../schemas/api/wxpay';
import { defineCall } from '../../http/define-call';
import { bankPage, branches, regionList } from '../../services/merchant/merchant-catalog.service';

const P = 'active/wxPay';

/** The bank, branch and city pickers of the merchant form (seeded data). */
export function catalogRoutes(app: FastifyInstance): void {
  const { query } = app.deps.database;
  defineCall(app, { path: `${P}/getBankPage`, body: ZBankPageRequest, auth: 'required' }, async (body) => bankPage(query, body));
  defineCall(app, { path: `${P}/getBranches`, body: ZBranchesRequest, auth: 'required' }, async (body) => branches(query, body));
  defineCall(app, { path: `${P}/getProviderCityList`, body: ZCityListRequest, auth: 'required' }, async (body) => regionList(query, body.province_code));
}
