import { deliveryCreateSchema, type Delivery } from '@dais/api/contract';
import type { z } from 'zod';
import { apiData } from '../../../lib/api';

export const sendPacketInput = deliveryCreateSchema;
export type SendPacketInput = z.input<typeof sendPacketInput>;

/** POST /api/admin/campaigns/{id}/deliveries: the packet e-mailed now; the reply is the queued delivery. */
export function sendPacket(campaignId: number, input: SendPacketInput): Promise<Delivery> {
  // Sent as typed: parsing would turn `since` into a Date, which JSON writes in UTC (the same instant).
  sendPacketInput.parse(input);
  return apiData<Delivery>(`/api/admin/campaigns/${campaignId}/deliveries`, { method: 'POST', json: input });
}
