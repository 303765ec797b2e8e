import { SETTING_DEFAULTS, type SettingKey, type SuccessMessage, type WidgetSettings } from '../contract';

type Settings = Record<SettingKey, string>;

/** Only these two public shapes leave the server; allow_first_user_admin never does. */
export const toWidgetSettings = (s: Settings): WidgetSettings => ({
  logo_url: s.widget_logo_url || null,
  // The widget hides its progress bar only on the exact string 'false'; anything else shows it.
  show_progress: s.widget_show_progress === 'false' ? 'false' : 'true',
});

export const toSuccessMessage = (s: Settings): SuccessMessage => ({
  // A blank stored value would leave the supporter an empty success screen; the default reads better.
  title: s.letter_success_message.trim() || SETTING_DEFAULTS.letter_success_message,
  description: s.letter_success_description.trim() || SETTING_DEFAULTS.letter_success_description,
});
