import type { Delivery, DeliveryListMeta } from '@dais/api/contract';
import { apiRequest, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

export interface DeliveryList {
  deliveries: Delivery[];
  meta: DeliveryListMeta;
}

/** GET /api/admin/campaigns/{id}/deliveries: the newest deliveries and what is waiting to go. */
export async function getDeliveries(campaignId: number, pageSize: number, signal: AbortSignal): Promise<DeliveryList> {
  const { data, meta } = await apiRequest<Delivery[]>(`/api/admin/campaigns/${campaignId}/deliveries${query({ pageSize })}`, { signal });
  return { deliveries: data, meta: meta as unknown as DeliveryListMeta };
}

export function useDeliveries(campaignId: number, pageSize: number) {
  return useQuery(`deliveries-${campaignId}-${pageSize}`, (signal) => getDeliveries(campaignId, pageSize, signal), {
    logAs: 'Error fetching deliveries:',
  });
}
