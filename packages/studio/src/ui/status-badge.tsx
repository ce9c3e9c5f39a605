// A state shown as a small pill: its words always say the state, the colour only repeats it.

export type BadgeTone = 'good' | 'warn' | 'bad' | 'neutral';

export function StatusBadge({ tone, children, label }: { tone: BadgeTone; children: string; label?: string }) {
  return (
    <span className={`status-badge status-badge-${tone}`}>
      {label && <span className="visually-hidden">{label}: </span>}
      {children}
    </span>
  );
}
