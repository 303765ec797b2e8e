import { useCallback } from 'react';
import { SETTING_VALUE_SCHEMAS, type Setting, type SettingKey } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSettings } from '../api/get-settings';
import { SecuritySection } from './security-section';
import { SettingTextForm } from './setting-text-form';
import { useSaveSetting } from './use-save-setting';
import { WidgetSettingsSection } from './widget-settings-section';

const TITLE_MAX = SETTING_VALUE_SCHEMAS.letter_success_message.maxLength ?? 200;
const DESCRIPTION_MAX = SETTING_VALUE_SCHEMAS.letter_success_description.maxLength ?? 2000;

/** /admin/settings (SPEC.md section 2, Settings): each setting saves on its own. */
export function SettingsPage() {
  usePageTitle('Settings');
  const settings = useSettings();
  const { setData } = settings;
  const replace = useCallback(
    (saved: Setting) =>
      setData((all) => all.map((s) => (s.setting_key === saved.setting_key ? { ...s, setting_value: saved.setting_value } : s))),
    [setData],
  );
  const save = useSaveSetting(replace);

  const value = (key: SettingKey): string | undefined => settings.data?.find((s) => s.setting_key === key)?.setting_value;
  const title = value('letter_success_message');
  const description = value('letter_success_description');
  const logo = value('widget_logo_url');
  const progress = value('widget_show_progress');
  const firstUser = value('allow_first_user_admin');

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Settings</h1>
          <p>Settings for every campaign: the letter success message, widget defaults and sign-in.</p>
        </div>
      </div>
      {settings.status === 'loading' ? (
        <Loading label="Loading settings..." />
      ) : settings.status === 'error' ? (
        <LoadError what="the settings" error={settings.error} onRetry={settings.retry} />
      ) : settings.data.length === 0 ? (
        <p className="card empty">No settings found</p>
      ) : (
        <div className="settings">
          {(title !== undefined || description !== undefined) && (
            <section className="card section" aria-labelledby="success-settings-title">
              <h2 id="success-settings-title">Letter Success Messages</h2>
              <p className="field-hint">What supporters read after they submit a letter.</p>
              {title !== undefined && (
                <SettingTextForm
                  settingKey="letter_success_message"
                  label="Success title"
                  value={title}
                  maxLength={TITLE_MAX}
                  buttonLabel="Save Title"
                  save={save}
                />
              )}
              {description !== undefined && (
                <SettingTextForm
                  settingKey="letter_success_description"
                  label="Success description"
                  value={description}
                  multiline
                  maxLength={DESCRIPTION_MAX}
                  buttonLabel="Save Description"
                  save={save}
                />
              )}
            </section>
          )}
          {(logo !== undefined || progress !== undefined) && (
            <WidgetSettingsSection logoUrl={logo ?? ''} showProgress={progress ?? 'true'} save={save} onChanged={replace} />
          )}
          {firstUser !== undefined && <SecuritySection allowFirstUserAdmin={firstUser} save={save} />}
        </div>
      )}
    </div>
  );
}
