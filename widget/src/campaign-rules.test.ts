import { describe, expect, it } from 'vitest';
import { enabledTabs, logoSource, showsProgress, widgetBackground } from './campaign-rules';

const tabs = (sign: boolean, letter: boolean, share: boolean) =>
  enabledTabs({ enable_sign_tab: sign, enable_letter_tab: letter, enable_share_tab: share });

describe('campaign view rules (SPEC.md "Widget page")', () => {
  it('shows the progress bar unless the campaign says false or the global setting is the string "false"', () => {
    expect(showsProgress({ show_progress_bar: true }, { show_progress: 'true' })).toBe(true);
    expect(showsProgress({}, { show_progress: 'true' })).toBe(true);
    expect(showsProgress({ show_progress_bar: null }, { show_progress: 'true' })).toBe(true);
    expect(showsProgress({ show_progress_bar: false }, { show_progress: 'true' })).toBe(false);
    expect(showsProgress({ show_progress_bar: true }, { show_progress: 'false' })).toBe(false);
  });

  it('lists enabled tabs in the order sign, letter, share; the first is the default', () => {
    expect(tabs(true, true, true)).toEqual(['sign', 'letter', 'share']);
    expect(tabs(false, true, true)).toEqual(['letter', 'share']);
    expect(tabs(false, false, true)).toEqual(['share']);
    expect(tabs(true, false, true)).toEqual(['sign', 'share']);
    expect(tabs(false, false, false)).toEqual([]);
  });

  it("uses the campaign's background and #ffffff only when it has none", () => {
    expect(widgetBackground({ widget_background_color: '#f0fdf4' })).toBe('#f0fdf4');
    expect(widgetBackground({ widget_background_color: '' })).toBe('#ffffff');
  });

  it('resolves uploaded logos against the Dais origin, prefers the campaign logo, and has none without either', () => {
    const base = 'https://dais.example.org';
    expect(logoSource('/uploads/abc.png', null, base)).toBe('https://dais.example.org/uploads/abc.png');
    expect(logoSource(null, '/uploads/global.png', base)).toBe('https://dais.example.org/uploads/global.png');
    expect(logoSource('https://cdn.example.com/l.png', '/uploads/global.png', base)).toBe('https://cdn.example.com/l.png');
    expect(logoSource(null, null, base)).toBeNull();
    expect(logoSource('', '', base)).toBeNull();
  });
});
