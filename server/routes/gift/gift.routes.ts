import type { FastifyInstance } from 'fastify';
import { coinDrawCalls, giftCalls, giftOperatorCalls } from '../../../schemas/api/coins';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { drawCount, drawDetail, drawList, drawPage, userDraw } from '../../services/coins/gifts/coin-draw.service';
import { assertGiftOperator, cancelExchange, operatorExchangePage, shipExchange } from '../../services/coins/gifts/gift-operator.service';
import { exchangeGift, exchangePage, giftCount, giftPage, updateGiftAddress } from '../../services/coins/gifts/gift.service';

/** The gift centre and the coin draw (issue 51 item 3): activity/gift/* and activity/coinDraw/*, each on the request's brand. */
export function giftRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, giftCalls.getWxAppletGiftPage, (body, { user, request }) => giftPage(deps, user!, requestBrand(request), body));
  defineCall(app, giftCalls.getGiftExchange, (body, { user, request }) => exchangeGift(deps, user!, requestBrand(request), body));
  defineCall(app, giftCalls.getGiftExchangePage, (body, { user, request }) => exchangePage(deps, user!, requestBrand(request), body));
  defineCall(app, giftCalls.updateGiftAddress, (body, { user }) => updateGiftAddress(deps, user!, body));
  defineCall(app, giftCalls.getUserCoinDrawDetailPage, (body, { user, request }) => drawPage(deps, user!, requestBrand(request), body));
  defineCall(app, giftCalls.getUseDrawDetail, (body, { user }) => drawDetail(deps, user!, body.drawId));
  defineCall(app, giftCalls.getGifCount, (_body, { user, request }) => giftCount(deps, user!, requestBrand(request)));

  // The site operator (OPERATOR_ACCOUNTS) ships and cancels every brand's exchanges; anyone else is "403".
  defineCall(app, giftOperatorCalls.getOperatorExchangePage, (body, { user }) => {
    assertGiftOperator(deps.env, user!);
    return operatorExchangePage(deps, body);
  });
  defineCall(app, giftOperatorCalls.shipGiftExchange, (body, { user }) => {
    assertGiftOperator(deps.env, user!);
    return shipExchange(deps, body);
  });
  defineCall(app, giftOperatorCalls.cancelGiftExchange, (body, { user }) => {
    assertGiftOperator(deps.env, user!);
    return cancelExchange(deps, body.exchangeId);
  });

  defineCall(app, coinDrawCalls.getUserDrawCount, (_body, { user, request }) => drawCount(deps, user!, requestBrand(request)));
  defineCall(app, coinDrawCalls.getDrawList, (_body, { request }) => drawList(deps, requestBrand(request)));
  defineCall(app, coinDrawCalls.getUserDraw, (_body, { user, request }) => userDraw(deps, user!, requestBrand(request)));
}
