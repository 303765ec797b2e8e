import { z } from 'zod';
import { text } from './fields';
import { logoUrl } from './campaign';
import { LIMITS } from './limits';

const trueFalse = (label: string) =>
  z.enum(['true', 'false'], { error: `${label} must be 'true' or 'false'` });

/**
 * The closed list of settings (SPEC.md section 3) and what each accepts. PUT
 * /api/admin/settings/{key} with any other key is a 404.
 */
export const SETTING_VALUE_SCHEMAS = {
  letter_success_message: text('Success title', { max: 200 }),
  letter_success_description: text('Success description', { max: LIMITS.settingText.max, multiline: true }),
  // An empty string removes the logo (SPEC.md section 7).
  widget_logo_url: z.union([z.literal(''), logoUrl]),
  widget_show_progress: trueFalse('Show progress'),
  allow_first_user_admin: trueFalse('Allow First User as Admin'),
} as const;

export type SettingKey = keyof typeof SETTING_VALUE_SCHEMAS;
export const SETTING_KEYS = Object.keys(SETTING_VALUE_SCHEMAS) as SettingKey[];
export const isSettingKey = (k: string): k is SettingKey => Object.hasOwn(SETTING_VALUE_SCHEMAS, k);

/** PUT /api/admin/settings/{key}: the body's shape; the value is then checked per key. */
export const settingUpdateSchema = z.strictObject({
  setting_value: z.string({
    error: (iss) => (iss.input === undefined ? 'setting_value is required' : 'setting_value must be text'),
  }),
});

export const SETTING_DEFAULTS: Record<SettingKey, string> = {
  letter_success_message: 'Letter Submitted Successfully!',
  letter_success_description:
    'Your letter is now available for administrators to review, print and share with decision makers.',
  widget_logo_url: '',
  widget_show_progress: 'true',
  allow_first_user_admin: 'true',
};
