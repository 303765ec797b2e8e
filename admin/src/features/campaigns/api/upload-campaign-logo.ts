import { LOGO_FIELD, logoUploadRequestSchema } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

/** Type and size are checked here for a quick answer; the server decides by the file's content. */
export const uploadCampaignLogoInput = logoUploadRequestSchema;
export type UploadCampaignLogoInput = z.input<typeof uploadCampaignLogoInput>;

/** POST /api/admin/campaigns/{id}/upload-logo (multipart, field 'logo'): stores it on the campaign at once. */
export async function uploadCampaignLogo(id: number, input: UploadCampaignLogoInput): Promise<string> {
  const { logo } = uploadCampaignLogoInput.parse(input);
  const form = new FormData();
  form.append(LOGO_FIELD, logo);
  const data = await apiData<{ logo_url: string }>(`/api/admin/campaigns/${id}/upload-logo`, { method: 'POST', form });
  return data.logo_url;
}
