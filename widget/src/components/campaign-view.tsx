import { startTransition, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PublicCampaign, PublicMessagePoint, RecentSupporter, WidgetSettings } from '@dais/api/contract';
import { logError } from '../api';
import { countIn, formatCountIn, nextMilestone, recentSupporterLine, widgetProgressPercent, type TabName } from '@dais/api/contract';
import { enabledTabs, logoSource, showsProgress } from '../campaign-rules';
import type { LetterData } from '../letter-data';
import { LetterPanel } from './letter-panel';
import type { Person } from './person-fields';
import { PositionCounts } from './position-counts';
import { SharePanel } from './share-panel';
import { SignPanel } from './sign-panel';
import { useHeadings, useTexts, useWidget } from './widget-context';

interface Loaded {
  campaign: PublicCampaign;
  settings: WidgetSettings;
  points: PublicMessagePoint[];
}

interface CampaignViewProps {
  campaignId: string;
  /** Every (re)load of the campaign, so the widget can take on its colours and the page its title. */
  onCampaign: (c: PublicCampaign | null) => void;
  onGenerated: (letter: LetterData) => void;
}

interface RecentRead {
  list: RecentSupporter[];
  error: unknown;
}

/** The recent supporters a campaign shows: none unless its organiser turned the list on. */
function shownRecent(c: PublicCampaign, read: RecentRead): RecentSupporter[] {
  if (!c.show_recent_supporters) return [];
  if (read.error !== null) logError('recent supporters could not be loaded', read.error);
  return read.list;
}

/** SPEC.md "Widget page": loading, not found, the campaign with its progress and tabs. */
export function CampaignView({ campaignId, onCampaign, onGenerated }: CampaignViewProps) {
  const { api, texts } = useWidget();
  const [T] = useHeadings();
  const [state, setState] = useState<Loaded | 'loading' | 'missing'>('loading');
  const [tab, setTab] = useState<TabName | undefined>();
  const [recent, setRecent] = useState<RecentSupporter[]>([]);
  // A signer who chose to write a letter too; `key` remounts the letter form filled in as them.
  const [letterFrom, setLetterFrom] = useState<{ person: Person; key: number } | null>(null);

  // Social proof is a nicety, read beside the campaign so that it is there at the first render and
  // never pushes the form down as it arrives; when it cannot be read the widget goes on without it.
  const readRecent = useCallback(
    (id: string): Promise<RecentRead> =>
      api.recentSupporters(id).then(
        (list) => ({ list, error: null }),
        (error: unknown) => ({ list: [], error: error ?? 'failed' }),
      ),
    [api],
  );

  useEffect(() => {
    let current = true;
    setState('loading');
    if (!/^[1-9]\d{0,9}$/.test(campaignId)) {
      console.error(`[dais] <petition-widget> needs a campaign-id attribute such as campaign-id="12", not "${campaignId}".`);
      setState('missing');
      return;
    }
    // The spec: a failure of any of the three reads shows the not-found view (and is only logged);
    // the recent supporters' read is not one of them.
    Promise.all([api.campaign(campaignId), api.widgetSettings(), api.messagePoints(campaignId), readRecent(campaignId)]).then(
      ([campaign, settings, points, recentRead]) => {
        if (!current) return;
        // As a transition, React draws the campaign a few milliseconds at a time, yielding between,
        // instead of in one task that the host page (and a tap on it) would wait behind.
        startTransition(() => {
          setState({ campaign, settings, points });
          setRecent(shownRecent(campaign, recentRead));
          setTab(enabledTabs(campaign)[0]);
          onCampaign(campaign);
        });
      },
      (e: unknown) => {
        if (!current) return;
        logError(`campaign ${campaignId} could not be loaded`, e);
        setState('missing');
        onCampaign(null);
      },
    );
    return () => {
      current = false;
    };
  }, [api, campaignId, onCampaign, readRecent]);

  // After a signature: fresh counts, without the loading view or a tab reset under the thank-you.
  const refresh = useCallback(() => {
    Promise.all([api.campaign(campaignId), readRecent(campaignId)]).then(
      ([campaign, recentRead]) =>
        startTransition(() => {
          setState((s) => (typeof s === 'object' ? { ...s, campaign } : s));
          setRecent(shownRecent(campaign, recentRead));
          onCampaign(campaign);
        }),
      (e: unknown) => logError('the campaign could not be refreshed', e),
    );
  }, [api, campaignId, onCampaign, readRecent]);

  if (state === 'loading') {
    return (
      <p role="status" className="center">
        <span className="spin" aria-hidden="true" />
        {texts.loadingCampaign}
      </p>
    );
  }
  if (state === 'missing') {
    return (
      <div className="center">
        <T className="title">{texts.notFoundTitle}</T>
        <p>{texts.notFoundText}</p>
      </div>
    );
  }
  const { campaign, settings, points } = state;
  return (
    <>
      <CampaignHeader campaign={campaign} settings={settings} />
      <Actions
        campaign={campaign}
        tab={tab}
        onTab={setTab}
        panel={(name, select) =>
          name === 'sign' ? (
            <SignPanel
              campaign={campaign}
              onSigned={refresh}
              onShare={campaign.enable_share_tab ? () => select('share') : null}
              onWriteLetter={
                campaign.enable_letter_tab
                  ? (person) => {
                      setLetterFrom((f) => ({ person, key: (f?.key ?? 0) + 1 }));
                      select('letter');
                    }
                  : null
              }
            />
          ) : name === 'letter' ? (
            <LetterPanel key={letterFrom?.key ?? 0} campaign={campaign} points={points} onGenerated={onGenerated} start={letterFrom?.person ?? null} />
          ) : (
            <SharePanel title={campaign.title} />
          )
        }
      />
      <RecentSupporters recent={recent} />
    </>
  );
}

function CampaignHeader({ campaign, settings }: { campaign: PublicCampaign; settings: WidgetSettings }) {
  const { base, preview, texts } = useWidget();
  const [T] = useHeadings();
  const [logoFailed, setLogoFailed] = useState<string | null>(null);
  const logo = logoSource(campaign.logo_url, settings.logo_url, base);
  const percent = widgetProgressPercent(campaign.supporter_count, campaign.target_signatures);
  return (
    <header part="header">
      {preview && !campaign.is_active && (
        <p className="preview-note" role="note">
          {texts.previewNote}
        </p>
      )}
      {logo && logo !== logoFailed && <img className="logo" part="logo" src={logo} alt="" onError={() => setLogoFailed(logo)} />}
      <T className="title" part="title">
        {campaign.title}
      </T>
      <p className="desc" part="description">
        {campaign.description}
      </p>
      {showsProgress(campaign, settings) && (
        <div part="progress">
          <div className="stats">
            <span>
              <strong>{formatCountIn(texts, campaign.supporter_count)}</strong> {texts.supporters(countIn(texts, campaign.supporter_count))}
            </span>
            <span className="muted">{texts.goal(formatCountIn(texts, campaign.target_signatures))}</span>
          </div>
          <div className="bar" aria-hidden="true">
            <div style={{ width: `${percent}%` }} />
          </div>
          <p className="muted">{texts.percentOfGoal(formatCountIn(texts, percent))}</p>
          <Milestone count={campaign.supporter_count} goal={campaign.target_signatures} />
        </div>
      )}
      <PositionCounts campaign={campaign} />
    </header>
  );
}

/**
 * Below the forms, not above them: when the list changes (after a signature, the signer joins it)
 * it moves nothing the supporter is looking at.
 */
function RecentSupporters({ recent }: { recent: RecentSupporter[] }) {
  const texts = useTexts();
  if (recent.length === 0) return null;
  return (
    <section className="recent" part="recent-supporters" aria-label={texts.recentSupporters}>
      <p className="muted">{texts.recentSupporters}</p>
      <ul>
        {recent.map((s, i) => (
          <li key={i}>{recentSupporterLine(s)}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The next round number on the way (or, once the goal is reached, the next goal), announced politely
 * when a signature moves the count past one.
 */
function Milestone({ count, goal }: { count: number; goal: number }) {
  const texts = useTexts();
  const { target, goalReached } = nextMilestone(count, goal);
  const n = (x: number) => formatCountIn(texts, x);
  return (
    <p className="muted" aria-live="polite">
      {goalReached ? texts.goalReachedNext(n(target)) : texts.moreToReach(n(target - count), n(target), target === goal)}
    </p>
  );
}

interface ActionsProps {
  campaign: PublicCampaign;
  tab: TabName | undefined;
  onTab: (t: TabName) => void;
  /** The panel for a tab; `select` moves to another tab and focuses it. */
  panel: (name: TabName, select: (t: TabName) => void) => ReactNode;
}

/** The WAI-ARIA tabs pattern (automatic activation, roving tabindex); no tab bar for a single tab. */
function Actions({ campaign, tab, onTab, panel }: ActionsProps) {
  const [, H] = useHeadings();
  const texts = useTexts();
  const id = useId();
  const tabRefs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});
  // The tabs chosen so far: a panel is drawn the first time its tab is chosen, so the first paint
  // draws only the one in view (the letter form, with its points, is most of the widget).
  const drawn = useRef(new Set<TabName>());
  if (tab) drawn.current.add(tab);
  const tabs = enabledTabs(campaign);
  const select = (t: TabName) => {
    onTab(t);
    tabRefs.current[t]?.focus();
  };

  if (tabs.length === 0) {
    return (
      <div className="center">
        <H>{texts.actionsUnavailableTitle}</H>
        <p>{texts.actionsUnavailableText}</p>
      </div>
    );
  }
  if (tabs.length === 1) {
    return (
      <div className="panel" part="panel">
        {panel(tabs[0]!, onTab)}
      </div>
    );
  }

  function onKeyDown(e: KeyboardEvent) {
    const i = tabs.indexOf(tab!);
    const last = tabs.length - 1;
    const to = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(tabs[to]!);
  }

  return (
    <>
      <div role="tablist" aria-label={texts.tabsLabel} className="tabs" part="tabs" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${id}t-${t}`}
            aria-controls={`${id}p-${t}`}
            aria-selected={t === tab}
            tabIndex={t === tab ? 0 : -1}
            className="tab"
            part="tab"
            onClick={() => onTab(t)}
          >
            {texts.tabs[t]}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        // Once drawn, a panel stays mounted (hidden when inactive), so typed values survive a tab switch.
        // A panel is a tab stop only when it does not start with a field (WAI-ARIA tabs pattern).
        <div key={t} role="tabpanel" id={`${id}p-${t}`} aria-labelledby={`${id}t-${t}`} hidden={t !== tab} tabIndex={t === 'share' ? 0 : undefined} className="panel" part="panel">
          {drawn.current.has(t) && panel(t, select)}
        </div>
      ))}
    </>
  );
}
