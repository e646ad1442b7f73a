import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, pathOf } from '../../../src/app/route-table';

/** Spec §2 "Named routes". */
const NAMED: Record<string, string> = {
  loginIndex: '/login',
  activeManagement: '/activeManagement.html',
  account: '/account',
  memberIndex: '/member/index.html',
  addVote: '/voting/add.html',
  article: '/help.html',
  template: '/template/list.html',
  questionnaireSurvey: '/questionnaire/create.html',
  questionnaireExam: '/questionnaire/createExam.html',
  questionnaireForm: '/questionnaire/createForm.html',
  questionnaireSolitaire: '/questionnaire/createSolitaire.html',
  questionnaireOnline: '/questionnaire/createOnline.html',
  questionnaireAppoint: '/questionnaire/createAppoint.html',
};

describe('named routes of spec §2', () => {
  it.each(Object.entries(NAMED))('%s leads to %s', (name, path) => {
    expect(pathOf(name)).toBe(path);
  });

  it('names each route once', () => {
    const names = ROUTE_TABLE.flatMap((entry) => (entry.name ? [entry.name] : []));
    expect(new Set(names).size).toBe(names.length);
  });

  it('the article route is the public help centre, where /article.html also leads', () => {
    const article = ROUTE_TABLE.find((entry) => entry.name === 'article')!;
    expect(article.public).toBe(true);
    expect(ROUTE_TABLE.find((entry) => entry.path === '/article.html')?.redirect?.to).toBe(article.path);
  });

  it('refuses an unknown name', () => {
    expect(() => pathOf('nowhere')).toThrow('Unknown route name: nowhere');
  });
});
