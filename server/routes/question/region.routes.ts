import type { FastifyInstance } from 'fastify';
import { regionCalls } from '../../../schemas/api/region';
import { AREA_NOT_FOUND, type TArea } from '../../../schemas/api/region';
import { defineCall } from '../../http/define-call';
import { notFound } from '../../services/errors';
import { areaChildren } from '../../services/projects/regions.service';

/** question/region/getAreaList (spec §7): the region subject's province → city → district pickers; no login needed. */
export function regionRoutes(app: FastifyInstance): void {
  defineCall(app, regionCalls.getAreaList, async (body): Promise<TArea[]> => {
    const list = areaChildren(body.parentCode);
    if (!list) throw notFound(AREA_NOT_FOUND);
    return list;
  });
}
