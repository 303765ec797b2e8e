import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, parseHex, relativeLuminance } from './contrast';
import { contrastChecks, failingChecks } from './contrast-checks';
import { CAMPAIGN_DEFAULTS, widgetPalette } from '@dais/api/contract';

/** SPEC.md section 3's colours, the defaults before issue 22: white on its primary fails AA. */
const defaults = { primary: '#059669', secondary: '#047857', background: '#f0fdf4', text: '#1f2937', tabText: '#ffffff' };

describe('contrast ratio (WCAG 2.2)', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('matches known pairs', () => {
    // #767676 is the classic lightest grey passing 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#059669')).toBeCloseTo(3.77, 2);
    expect(contrastRatio('#ffffff', '#047857')).toBeCloseTo(5.48, 2);
  });

  it('reads luminance from hex, case-insensitively', () => {
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(parseHex('#0a0B0c')).toEqual([10, 11, 12]);
    expect(parseHex('green')).toBeNull();
    expect(parseHex('#fff')).toBeNull();
  });

  it('never rounds a failing ratio up to a passing one', () => {
    expect(formatRatio(4.499)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('contrast warning', () => {
  it("warns of nothing on a new campaign's colours (issue 22: the defaults pass AA)", () => {
    const c = CAMPAIGN_DEFAULTS;
    const colours = { primary: c.widget_primary_color, secondary: c.widget_secondary_color, background: c.widget_background_color, text: c.widget_text_color, tabText: c.widget_tab_text_color };
    expect(failingChecks(colours)).toEqual([]);
  });

  it("flags white tab text on SPEC.md's primary, and says the widget falls back to the secondary", () => {
    const failing = failingChecks(defaults);
    expect(failing.map((k) => k.id)).toEqual(['tab-text-on-primary']);
    expect(failing[0]!.widgetFallback).toBe('The widget will draw tabs and buttons on the secondary color instead (5.48:1).');
  });

  it('flags light text on a light background (4.5:1 for text)', () => {
    const checks = contrastChecks({ ...defaults, text: '#9ca3af', background: '#ffffff' });
    const text = checks.find((k) => k.id === 'text-on-background')!;
    expect(text.passes).toBe(false);
    expect(text.minimum).toBe(4.5);
    expect(text.widgetFallback).toMatch(/^The widget will show text in #111827 instead/);
  });

  it('holds the progress bar to 3:1 (a graphic, not text)', () => {
    const ok = contrastChecks({ ...defaults, primary: '#949494', background: '#ffffff' }).find((k) => k.id === 'primary-on-background')!;
    expect(ok.ratio).toBeGreaterThan(3);
    expect(ok.passes).toBe(true);
    const bad = contrastChecks({ ...defaults, primary: '#bbbbbb', background: '#ffffff' }).find((k) => k.id === 'primary-on-background')!;
    expect(bad.passes).toBe(false);
  });

  it('passes a readable palette without a warning', () => {
    expect(failingChecks({ primary: '#1d4ed8', secondary: '#1e3a8a', background: '#ffffff', text: '#111827', tabText: '#ffffff' })).toEqual([]);
  });
});

describe('widget palette (mirrors the widget)', () => {
  it('draws buttons on the first of primary and secondary that carries the tab text', () => {
    expect(widgetPalette(defaults).accent).toBe('#047857');
    expect(widgetPalette({ ...defaults, primary: '#1d4ed8' }).accent).toBe('#1d4ed8');
  });

  it('keeps text readable when the chosen text colour is not', () => {
    expect(widgetPalette({ ...defaults, text: '#f0fdf4' }).text).toBe('#111827');
    expect(widgetPalette(defaults).text).toBe('#1f2937');
  });
});
