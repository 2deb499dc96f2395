import './toggle-switch.css';

/**
 * An on/off switch answered by one tap (role switch, aria-checked), its label beside it; the track
 * starts on the reading side (right in Arabic). `busy`: a change is being saved, the switch waits.
 */
export function ToggleSwitch({ label, checked, busy = false, onChange, testId }: { label: string; checked: boolean; busy?: boolean; onChange: (next: boolean) => void; testId?: string }) {
  return (
    <button type="button" role="switch" aria-checked={checked} aria-busy={busy || undefined} disabled={busy} className="toggle-switch" onClick={() => onChange(!checked)} data-testid={testId}>
      <span className="toggle-switch-track" aria-hidden="true">
        <span className="toggle-switch-thumb" />
      </span>
      <span className="toggle-switch-label">{label}</span>
    </button>
  );
}
