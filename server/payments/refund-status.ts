/**
 * How far a refund's status has come at Stripe: pending (or requires_action) first, then succeeded,
 * then failed or canceled (a refund can fail after it was reported succeeded; nothing comes back
 * from failed or canceled). An event never moves a refund back along this order, so a late
 * `refund.created` (pending) cannot undo a `refund.failed` that overtook it.
 */
const STAGE: Record<string, number> = { pending: 0, requires_action: 0, succeeded: 1, failed: 2, canceled: 2 };

const stageOf = (status: string) => STAGE[status] ?? 0;

/**
 * Whether an event saying `next` (sent at `eventAt`, ms) changes a refund now `current` (set by an
 * event of `currentAt`, null when no event set it): only a later stage, or the same stage told by a
 * newer event.
 */
export function refundStatusApplies(current: { status: string; statusAt: number | null }, next: { status: string; eventAt: number }): boolean {
  if (next.status === current.status) return false;
  const from = stageOf(current.status);
  const to = stageOf(next.status);
  if (to !== from) return to > from;
  return current.statusAt === null || next.eventAt >= current.statusAt;
}
