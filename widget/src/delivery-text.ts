import { formatInZone, type PublicCampaign } from '@dais/api/contract';

/**
 * What the success screen tells a supporter about their letter's way to the decision body, from
 * the campaign's public delivery settings. The decision body is named (never the clerk's address,
 * which the public read does not carry), and the deadline is shown in the campaign's time zone
 * with its abbreviation: a deadline is a moment where the decision body sits.
 */
type DeliveryInfo = Pick<PublicCampaign, 'decision_body' | 'delivery'>;

export function deliveryText(c: DeliveryInfo, now: Date = new Date()): string | null {
  const d = c.delivery;
  if (!d) return null;
  const body = c.decision_body || 'the decision body';
  const deadline = d.deadline ? new Date(d.deadline) : null;
  const by = deadline ? formatInZone(deadline, d.time_zone) : null;
  const passed = deadline !== null && now.getTime() > deadline.getTime();

  if (d.mode === 'each') {
    const sent = `Your letter is being sent to ${body} now.`;
    return passed ? `${sent} It arrived after the written-comment deadline (${by}), so it is marked late.` : sent;
  }
  if (passed) {
    return `The written-comment deadline (${by}) has passed, so your letter is marked late; the organisers decide whether it still goes to ${body}.`;
  }
  if (d.mode === 'packet') {
    return by
      ? `It will be delivered to ${body}, with the other letters, before the written-comment deadline: ${by}.`
      : `It will be delivered to ${body} with the other letters.`;
  }
  return by ? `The organisers will deliver it to ${body} before the written-comment deadline: ${by}.` : `The organisers will deliver it to ${body}.`;
}
