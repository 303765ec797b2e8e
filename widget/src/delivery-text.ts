import { en, formatInZone, type LetterReceipt, type PublicCampaign, type SupporterTexts } from '@dais/api/contract';

/**
 * What the success screen tells a supporter about their letter's way to the decision body, from
 * the campaign's public delivery settings. The decision body is named (never the clerk's address,
 * which the public read does not carry), and the deadline is shown in the campaign's time zone
 * with its abbreviation, in the supporter's language: a deadline is a moment where the decision
 * body sits. Where each letter goes to its writer's district representative, the submission's
 * receipt names them (or says their district is still being found).
 */
type DeliveryInfo = Pick<PublicCampaign, 'decision_body' | 'delivery'>;

export function deliveryText(
  c: DeliveryInfo,
  texts: SupporterTexts = en,
  now: Date = new Date(),
  receipt: Pick<LetterReceipt, 'representative' | 'finding_district'> | null = null,
): string | null {
  const d = c.delivery;
  if (!d) return null;
  const t = texts.delivery;
  const body = c.decision_body || t.theDecisionBody;
  const deadline = d.deadline ? new Date(d.deadline) : null;
  const by = deadline ? formatInZone(deadline, d.time_zone, true, texts.locale) : null;
  const passed = deadline !== null && now.getTime() > deadline.getTime();

  if (d.mode === 'each') {
    const sent = receipt?.representative
      ? t.sendingToRepresentative(receipt.representative, body)
      : receipt?.finding_district
        ? t.findingRepresentative(body)
        : t.sendingNow(body);
    return passed && by ? `${sent} ${t.arrivedLate(by)}` : sent;
  }
  if (passed && by) return t.passed(by, body);
  if (d.mode === 'packet') return by ? t.packetBy(body, by) : t.packet(body);
  return by ? t.organisersBy(body, by) : t.organisers(body);
}
