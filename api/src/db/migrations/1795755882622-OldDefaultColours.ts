import { dialectMigration } from './dialect-migration';

/**
 * By hand (issue 22, point 16): campaigns still on all five of the old default colours (nobody
 * restyled them: the demo campaigns of an installation seeded before, and any campaign saved with
 * the form's defaults) take the new ones, so the console's contrast warning has nothing to say about
 * them either. A campaign with any colour of its own keeps every colour it has: the new greens are
 * darker, and beside a colour an organiser chose (black tab text, a dark background) they could read
 * worse. Compared in lower case: the form accepts '#059669' typed in capitals. SQL of both dialects.
 */
const OLD = { primary: '#059669', secondary: '#047857' };
const NEW = { primary: '#047857', secondary: '#065f46' };
const UNCHANGED = `lower("widget_background_color") = '#f0fdf4' AND lower("widget_text_color") = '#1f2937' AND lower("widget_tab_text_color") = '#ffffff'`;
const move = (from: typeof OLD, to: typeof OLD) =>
  `UPDATE "campaigns" SET "widget_primary_color" = '${to.primary}', "widget_secondary_color" = '${to.secondary}' ` +
  `WHERE lower("widget_primary_color") = '${from.primary}' AND lower("widget_secondary_color") = '${from.secondary}' AND ${UNCHANGED}`;
const statements = { up: [move(OLD, NEW)], down: [move(NEW, OLD)] };

export const OldDefaultColours1795755882622 = dialectMigration('OldDefaultColours1795755882622', { sqlite: statements, postgres: statements });
