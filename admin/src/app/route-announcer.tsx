import { useEffect, useRef, useState } from 'react';
import { useLocation } from '../lib/router';

/**
 * Tells screen-reader users that another page opened after an in-app navigation (a full page load
 * announces itself; pushState does not), by reading out the new document title. Silent until the
 * first navigation, so the first page is not announced twice.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const navigated = useRef(false);
  if (pathname !== firstPath.current) navigated.current = true;
  const [message, setMessage] = useState('');

  useEffect(() => {
    const title = document.querySelector('title');
    if (!title) return;
    let last = document.title;
    const observer = new MutationObserver(() => {
      if (document.title === last) return;
      last = document.title;
      if (navigated.current) setMessage(document.title.replace(/ · Dais$/, ''));
    });
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
