import './supporters.css';

/** The address is at a throwaway-mail provider (the API's disposable-email-domains list). */
export function ThrowawayBadge() {
  return (
    <span className="badge badge-warning throwaway-badge" title="This address is at a throwaway-mail provider, often used by bulk or fake sign-ups">
      Throwaway e-mail
    </span>
  );
}
