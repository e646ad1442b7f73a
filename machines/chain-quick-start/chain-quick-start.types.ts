/** What the organiser fills on the one phone screen (issue 47 item 5): the rest keeps its defaults. */
export interface TChainDraft {
  title: string;
  description: string;
  /** Places; null = 不限人数. */
  cap: number | null;
  /** ISO instant, or null to stay open until closed by hand. */
  deadline: string | null;
}

export interface TChainQuickStartContext {
  draft: TChainDraft | null;
  /** Set once the chain exists: a retry configures and publishes it instead of creating a second one. */
  questionId: string | null;
  error: string | null;
}

export type TChainQuickStartEvent = { type: 'chain.publish'; draft: TChainDraft };

export interface TConfigureInput {
  questionId: string;
  draft: TChainDraft;
}
