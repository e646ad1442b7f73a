import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, userAccountCalls } from '../../../schemas/api/user-account';
import { defineCall } from '../../http/define-call';
import { userInfoOf } from '../../services/user-info';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { clearSessionCookies } from '../../http/session-cookie';
import { badInput, unauthorized } from '../../services/errors';
import type { AuthUser } from '../../services/access/sessions.service';
import { sendCode } from '../../services/access/sms-codes.service';
import { findUserById } from '../../services/access/users.service';
import { ACCOUNT_SMS_PURPOSE, bindPhone, deleteAccount, hasBoundPhone, markIntroSeen, proveOwner } from '../../services/account/account-profile.service';

/** The account centre's profile items: the phone bound and changed, the invite link, the intro seen, deleting the account. */
export function accountProfileRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;
  const load = async (user: AuthUser | null) => {
    const row = user && (await findUserById(database, user.id));
    if (!row || row.deleted_at) throw unauthorized();
    return row;
  };

  defineCall(app, userAccountCalls.sendAccountSms, async (body, { user, request }) => {
    const row = await load(user);
    if (!hasBoundPhone(row)) throw badInput(ACCOUNT_MESSAGES.noBoundPhone, 'phone');
    await sendCode(deps, { phone: row.phone, purpose: ACCOUNT_SMS_PURPOSE[body.type], ip: request.ip, brand: requestBrand(request).id });
    return null;
  });

  defineCall(app, userAccountCalls.bindingPhone, async (body, { user, request }) => {
    await bindPhone(deps, await load(user), body);
    return userInfoOf(database, await load(user), deps.now(), requestBrand(request).id);
  });

  // The link opens sign-up on this site with the inviter named; nothing is promised for an invitation.
  defineCall(app, userAccountCalls.getInviteQRCode, async (_b, { user, request }) => {
    const row = await load(user);
    return { inviteCode: row.public_id, inviteUrl: `${requestOrigin(request)}/login?tab=register&inviter=${encodeURIComponent(row.public_id)}` };
  });

  defineCall(app, userAccountCalls.getInfoIntro, async (_b, { user, request }) => {
    await load(user);
    await markIntroSeen(database, user!.id);
    return userInfoOf(database, await load(user), deps.now(), requestBrand(request).id);
  });

  defineCall(app, userAccountCalls.cancelAccount, async (body, { user, request, reply }) => {
    await proveOwner(deps, await load(user), body);
    await deleteAccount(database, user!.id, deps.now());
    clearSessionCookies(request, reply);
    return null;
  });
}
