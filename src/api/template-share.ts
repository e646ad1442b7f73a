import { queryOptions } from '@tanstack/react-query';
import { templateShareCalls } from '../../schemas/api/template-share';
import { call } from './client';

/** active/template/* (issue 48 item 3): a template shared with a friend. One function per call. */
export const getTemplateQuestion = (questionId: string) => call(templateShareCalls.getTemplateQuestion, { questionId }, { quiet: true });
export const getTemplateShareLink = (questionId: string) => call(templateShareCalls.getTemplateShareLink, { questionId }, { quiet: true });
export const getTemplateShare = (shareToken: string) => call(templateShareCalls.getTemplateShare, { shareToken }, { quiet: true });
export const copyTemplateShare = (shareToken: string) => call(templateShareCalls.copyTemplateShare, { shareToken });

export const templateShareKeys = {
  all: ['templateShare'] as const,
  question: (questionId: string) => ['templateShare', 'question', questionId] as const,
  link: (questionId: string, loggedIn: boolean) => ['templateShare', 'link', questionId, loggedIn] as const,
  share: (shareToken: string, loggedIn: boolean) => ['templateShare', 'share', shareToken, loggedIn] as const,
};

/** A template as respondents see it (title, kind, subjects); a gone template answers "404". */
export const templateQuestionQuery = (questionId: string) =>
  queryOptions({
    queryKey: templateShareKeys.question(questionId),
    queryFn: () => getTemplateQuestion(questionId),
    enabled: Boolean(questionId),
    retry: false,
  });
/** The share link of a template (signed with the caller as sharer when logged in). */
export const templateShareLinkQuery = (questionId: string, loggedIn: boolean) =>
  queryOptions({ queryKey: templateShareKeys.link(questionId, loggedIn), queryFn: () => getTemplateShareLink(questionId), staleTime: 10 * 60_000 });
/** What a shared link opens on; a refused token is an answer to show, not a failure to retry. */
export const templateShareQuery = (shareToken: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: templateShareKeys.share(shareToken, loggedIn),
    queryFn: () => getTemplateShare(shareToken),
    retry: false,
    enabled: Boolean(shareToken),
  });
