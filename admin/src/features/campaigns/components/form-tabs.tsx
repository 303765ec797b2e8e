/**
 * The campaign form's four tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for
 * the tab list, Left/Right (and Home/End) move between tabs and show each panel. Every panel stays
 * mounted, hidden when not selected, so nothing typed is lost when switching.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface FormTab<Id extends string> {
  id: Id;
  label: string;
  /** Marks a tab whose panel has fields with errors. */
  hasErrors?: boolean;
  content: ReactNode;
}

interface FormTabsProps<Id extends string> {
  label: string;
  tabs: FormTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

export function FormTabs<Id extends string>({ label, tabs, selected, onSelect }: FormTabsProps<Id>) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: Id) => `${base}-tab-${id}`;
  const panelId = (id: Id) => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const target = tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target.id))}`)?.focus();
  };

  return (
    <div className="form-tabs">
      <div ref={listRef} role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={tabId(t.id)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t.id === selected}
            aria-controls={panelId(t.id)}
            tabIndex={t.id === selected ? 0 : -1}
            onClick={() => onSelect(t.id)}
          >
            {t.label}
            {t.hasErrors && (
              <span className="tab-error-mark" aria-hidden="true">
                !
              </span>
            )}
            {t.hasErrors && <span className="visually-hidden"> (has errors)</span>}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          id={panelId(t.id)}
          role="tabpanel"
          aria-labelledby={tabId(t.id)}
          className="tab-panel"
          hidden={t.id !== selected}
        >
          {t.content}
        </div>
      ))}
    </div>
  );
}
