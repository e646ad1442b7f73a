/** The participant's switch for this project's notices (SMS or the page's own), under their entry. */
interface Props {
  off: boolean;
  onTurn: (off: boolean) => void;
  error: string | null;
  /** What the switch promises, in the page's words. */
  label?: string;
}

export function NoticeSwitch({ off, onTurn, error, label = '有变动时通知我（如候补转正）' }: Props) {
  return (
    <div className="c-notice-switch">
      <label>
        <input type="checkbox" checked={!off} onChange={(e) => onTurn(!e.target.checked)} />
        {label}
      </label>
      {error ? <small className="r-msg">{error}</small> : null}
    </div>
  );
}
