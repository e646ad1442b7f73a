import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  contactCalls,
  type TFieldKey,
  type ZContactListRequest,
  type ZImportRequest,
  type ZSaveContactRequest,
  type ZSaveCustomFieldRequest,
} from '../../schemas/api/contacts';
import { call } from './client';

/** 通讯录 (/email.html): the caller's own contacts, groups, custom fields and shown columns. */
export const contactKeys = {
  all: ['contacts'] as const,
  groups: ['contacts', 'groups'] as const,
  fields: ['contacts', 'fields'] as const,
  shown: ['contacts', 'shown'] as const,
  page: (body: z.input<typeof ZContactListRequest>) => ['contacts', 'page', body] as const,
  history: (contactId: number) => ['contacts', 'history', contactId] as const,
};

export const contactGroupsQuery = () => queryOptions({ queryKey: contactKeys.groups, queryFn: () => call(contactCalls.getContactGroupNameList, {}) });
export const contactFieldsQuery = () => queryOptions({ queryKey: contactKeys.fields, queryFn: () => call(contactCalls.getFieldNameList, {}) });
export const shownFieldsQuery = () => queryOptions({ queryKey: contactKeys.shown, queryFn: () => call(contactCalls.getShowFieldList, {}) });
export const contactPageQuery = (body: z.input<typeof ZContactListRequest>) =>
  queryOptions({ queryKey: contactKeys.page(body), queryFn: () => call(contactCalls.getContactList, body) });

/** 记录: every invitation message to one contact across the caller's projects. */
export const contactHistoryQuery = (contactId: number) =>
  queryOptions({ queryKey: contactKeys.history(contactId), queryFn: () => call(contactCalls.getContactHistory, { contactId }), enabled: contactId > 0 });

export const saveGroup = (body: { groupId?: number; name: string }) => call(contactCalls.saveOrUpdateContactGroup, body);
export const delGroup = (groupId: number, withContacts: boolean) => call(contactCalls.delContactGroup, { groupId, withContacts });
/** The dialog shows a refusal itself (quiet: no toast as well). */
export const saveContact = (body: z.input<typeof ZSaveContactRequest>) => call(contactCalls.saveOrUpdateContact, body, { quiet: true });
export const delContacts = (body: { contactIds?: number[]; groupId?: number }) => call(contactCalls.delContact, body);
export const moveContacts = (contactIds: number[], groupId: number) => call(contactCalls.addContactByGroup, { contactIds, groupId });
export const saveCustomField = (body: z.input<typeof ZSaveCustomFieldRequest>) => call(contactCalls.saveCustomField, body);
export const saveShownFields = (fields: TFieldKey[]) => call(contactCalls.saveOrUpdateFieldList, { fields });
export const resetShownFields = () => call(contactCalls.getResetField, {});
export const importContacts = (body: z.input<typeof ZImportRequest>) => call(contactCalls.getImportContact, body);
export const exportContacts = (groupId?: number) => call(contactCalls.exportContact, { groupId });
