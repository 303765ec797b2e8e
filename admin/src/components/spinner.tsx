/** A spinning ring; decorative, so pair it with text (or use <Loading>). */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}

/** A screen or section that is loading: announced politely, with a visible label. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <Spinner size="lg" />
      <span>{label}</span>
    </div>
  );
}
