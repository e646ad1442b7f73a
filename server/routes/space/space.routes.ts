import type { FastifyInstance } from 'fastify';
import { spaceCalls } from '../../../schemas/api/coins';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { exitSpace, releaseToSpace } from '../../services/coins/space/space-release.service';
import { spaceList, spaceParticipations, spaceReleases } from '../../services/coins/space/space-list.service';

/** 互助空间 (issue 51 item 4): the list to answer, my answers, my releases, release and exit; the reward is paid by the submit. */
export function spaceRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, spaceCalls.getSpaceList, async (body, { user, request }) => spaceList(deps, user!, requestBrand(request), body));
  defineCall(app, spaceCalls.getParticipationSpacePage, async (body, { user, request }) => spaceParticipations(deps, user!, requestBrand(request), body));
  defineCall(app, spaceCalls.getReleaseQuestionPage, async (body, { user, request }) => spaceReleases(deps, user!, requestBrand(request), body));
  defineCall(app, spaceCalls.getSpaceRelease, async (body, { user, request }) => releaseToSpace(deps, user!, requestBrand(request), body));
  defineCall(app, spaceCalls.getSpaceExit, async (body, { user, request }) => exitSpace(deps, user!, requestBrand(request), body.releaseId));
}
