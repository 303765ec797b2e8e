import { LOGO_FIELD, logoUploadRequestSchema } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const uploadWidgetLogoInput = logoUploadRequestSchema;
export type UploadWidgetLogoInput = z.input<typeof uploadWidgetLogoInput>;

/** POST /api/admin/upload-logo (multipart, field 'logo'): becomes the widget_logo_url setting at once. */
export async function uploadWidgetLogo(input: UploadWidgetLogoInput): Promise<string> {
  const { logo } = uploadWidgetLogoInput.parse(input);
  const form = new FormData();
  form.append(LOGO_FIELD, logo);
  return (await apiData<{ logo_url: string }>('/api/admin/upload-logo', { method: 'POST', form })).logo_url;
}
