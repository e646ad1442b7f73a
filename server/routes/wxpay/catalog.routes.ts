import type { FastifyInstance } from 'fastify';
import { wxPayCalls } from '../../../schemas/api/wxpay';
import { defineCall } from '../../http/define-call';
import { bankPage, branches, regionList } from '../../services/merchant/merchant-catalog.service';

/** The bank, branch and city pickers of the merchant form (seeded data). */
export function catalogRoutes(app: FastifyInstance): void {
  const { query } = app.deps.database;
  defineCall(app, wxPayCalls.getBankPage, async (body) => bankPage(query, body));
  defineCall(app, wxPayCalls.getBranches, async (body) => branches(query, body));
  defineCall(app, wxPayCalls.getProviderCityList, async (body) => regionList(query, body.province_code));
}
