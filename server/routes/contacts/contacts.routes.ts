import type { FastifyInstance } from 'fastify';
import { contactCalls } from '../../../schemas/api/contacts';
import { defineCall } from '../../http/define-call';
import type { AuthUser } from '../../services/access/sessions.service';
import {
  contactDefaults,
  allFields,
  fieldDefs,
  customField,
  resetShownFields,
  saveCustomField,
  saveShownFields,
  shownFields,
} from '../../services/contacts/contact-fields.service';
import { delGroup, groupList, groupTotal, saveGroup } from '../../services/contacts/contact-groups.service';
import { exportContacts } from '../../services/contacts/contact-export.service';
import { contactHistory } from '../../services/contacts/contact-history.service';
import { importContacts } from '../../services/contacts/contact-import.service';
import { contactPage, delContacts, moveContacts, saveContact } from '../../services/contacts/contacts.service';
import { unauthorized } from '../../services/errors';

/** The logged-in user's id (every contact call is auth 'required'). */
const me = (user: AuthUser | null): number => {
  if (!user) throw unauthorized();
  return user.id;
};

/** 通讯录 (issue 50 item 1): activity/contact/* on the caller's own address book. */
export function contactRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { query } = deps.database;
  const calls = contactCalls;

  defineCall(app, calls.saveOrUpdateContactGroup, (body, { user }) => saveGroup(deps, me(user), body));
  defineCall(app, calls.getContactGroupNameList, (_b, { user }) => groupList(query, me(user)));
  defineCall(app, calls.getContactGroupTotal, (_b, { user }) => groupTotal(query, me(user)));
  defineCall(app, calls.delContactGroup, (body, { user }) => delGroup(deps.database, me(user), body));
  defineCall(app, calls.saveOrUpdateContact, (body, { user }) => saveContact(deps, me(user), body));
  defineCall(app, calls.getContactList, (body, { user }) => contactPage(query, me(user), body));
  defineCall(app, calls.getFieldNameList, (_b, { user }) => allFields(query, me(user)));
  defineCall(app, calls.getShowFieldList, (_b, { user }) => shownFields(query, me(user)));
  defineCall(app, calls.saveOrUpdateFieldList, (body, { user }) => saveShownFields(query, me(user), body.fields));
  defineCall(app, calls.saveCustomField, (body, { user }) => saveCustomField(deps, me(user), body));
  defineCall(app, calls.getCustomFieldList, async (_b, { user }) => ({ list: (await fieldDefs(query, me(user))).map(customField) }));
  defineCall(app, calls.getResetField, (_b, { user }) => resetShownFields(query, me(user)));
  defineCall(app, calls.getDefault, async (_b, { user }) => (me(user), contactDefaults()));
  defineCall(app, calls.getImportContact, (body, { user }) => importContacts(deps, me(user), body));
  defineCall(app, calls.delContact, (body, { user }) => delContacts(query, me(user), body));
  defineCall(app, calls.addContactByGroup, (body, { user }) => moveContacts(query, me(user), body));
  defineCall(app, calls.exportContact, (body, { user }) => exportContacts(query, me(user), body.groupId));
  defineCall(app, calls.getContactHistory, (body, { user }) => contactHistory(query, me(user), body.contactId));
}
