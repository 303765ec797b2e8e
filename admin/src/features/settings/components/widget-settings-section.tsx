import { useState } from 'react';
import type { Setting, SettingKey } from '@dais/api/contract';
import { LogoPicker } from '../../../components/logo-picker';
import { Spinner } from '../../../components/spinner';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { updateSetting } from '../api/update-setting';
import { uploadWidgetLogo } from '../api/upload-widget-logo';

interface WidgetSettingsSectionProps {
  logoUrl: string;
  showProgress: string;
  save: (key: SettingKey, value: string) => Promise<Setting | null>;
  onChanged: (setting: Setting) => void;
}

/** The logo every widget shows when its campaign has none, and the global progress-bar switch. */
export function WidgetSettingsSection({ logoUrl, showProgress, save, onChanged }: WidgetSettingsSectionProps) {
  const notify = useNotify();
  const [progressBusy, setProgressBusy] = useState(false);
  const shown = showProgress !== 'false';

  const upload = async (file: File) => {
    try {
      const url = await uploadWidgetLogo({ logo: file });
      onChanged({ setting_key: 'widget_logo_url', setting_value: url });
      notify.success('Logo uploaded successfully');
    } catch (error) {
      console.error('Error uploading widget logo:', error);
      notify.error(failureText('Failed to upload logo', error));
    }
  };

  const remove = async () => {
    try {
      // SPEC.md section 7: an empty widget_logo_url removes the logo.
      onChanged(await updateSetting('widget_logo_url', { setting_value: '' }));
      notify.success('Logo removed successfully');
    } catch (error) {
      console.error('Error removing widget logo:', error);
      notify.error('Failed to remove logo');
    }
  };

  const toggleProgress = async () => {
    setProgressBusy(true);
    await save('widget_show_progress', shown ? 'false' : 'true');
    setProgressBusy(false);
  };

  return (
    <section className="card section" aria-labelledby="widget-settings-title">
      <h2 id="widget-settings-title">Widget Settings</h2>
      <div className="settings-group">
        <h3>Default logo</h3>
        <p className="field-hint">Shown in every widget whose campaign has no logo of its own.</p>
        <LogoPicker logoUrl={logoUrl || null} onUpload={upload} onRemove={remove} label="widget logo" />
      </div>
      <div className="settings-group">
        <h3>Progress bar</h3>
        <p>
          {shown
            ? 'Widgets show the progress bar (unless a campaign turns it off).'
            : 'The progress bar is hidden in every widget.'}
        </p>
        <button type="button" className="button button-secondary" disabled={progressBusy} onClick={() => void toggleProgress()}>
          {progressBusy && <Spinner size="sm" />}
          {shown ? 'Hide Progress Bar' : 'Show Progress Bar'}
        </button>
      </div>
    </section>
  );
}
