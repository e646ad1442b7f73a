/** The participant's switch for this project's notices (SMS or the page's own), under their entry. */
export function NoticeSwitch({ off, onTurn, error }: { off: boolean; onTurn: (off: boolean) => void; error: string | null }) {
  return (
    <div className="c-notice-switch">
      <label>
        <input type="checkbox" checked={!off} onChange={(e) => onTurn(!e.target.checked)} />
        有变动时通知我（如候补转正）
      </label>
      {error ? <small className="r-msg">{error}</small> : null}
    </div>
  );
}
