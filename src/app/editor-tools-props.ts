/** What the editor gives the tools of other features in its header (src/app/editor-tools.tsx mounts them). */
export interface TEditorToolsProps {
  questionId: string;
  canEdit: boolean;
  /** Save what the editor holds and resolve once it is saved (an import then adds after it). */
  settle: () => Promise<void>;
  /** Read the project again (after subjects were added on the server). */
  reload: () => void;
}
