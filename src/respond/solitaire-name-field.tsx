/** The 姓名 field every 接龙 form starts with (sign-up, check-in…). */
export function NameField({ value, maxLength, onChange }: { value: string; maxLength: number; onChange: (name: string) => void }) {
  return (
    <label className="c-field">
      <span>姓名</span>
      <input className="r-input" value={value} maxLength={maxLength} placeholder="请输入姓名" onChange={(e) => onChange(e.currentTarget.value)} />
    </label>
  );
}
