/** The money routes' limits and the upkeep of unpaid intents (docs/deploy.md lists them). */
export interface PaymentLimitsConfig {
  /** Declined payments allowed per client address and per card in 15 minutes (CARD_DECLINE_LIMIT, 5). */
  cardDeclineLimit: number;
  /** Payment intents one client address may open in 15 minutes (PAYMENT_INTENT_LIMIT, 30). */
  intentLimit: number;
  /** An intent still unpaid this long after it was opened is cancelled at the gateway (UNPAID_INTENT_MINUTES, 60). */
  unpaidIntentMs: number;
  /** How often the running shop settles open intents with the gateway (RECONCILE_INTERVAL_SECONDS, 300). */
  reconcileIntervalMs: number;
}

type Whole = (value: string | undefined, fallback: number, name: string, min: number, max: number) => number;

export function parsePaymentLimitsConfig(env: NodeJS.ProcessEnv, integer: Whole): PaymentLimitsConfig {
  return {
    cardDeclineLimit: integer(env.CARD_DECLINE_LIMIT, 5, 'CARD_DECLINE_LIMIT', 1, 100_000),
    intentLimit: integer(env.PAYMENT_INTENT_LIMIT, 30, 'PAYMENT_INTENT_LIMIT', 1, 100_000),
    unpaidIntentMs: integer(env.UNPAID_INTENT_MINUTES, 60, 'UNPAID_INTENT_MINUTES', 1, 7 * 24 * 60) * 60_000,
    reconcileIntervalMs: integer(env.RECONCILE_INTERVAL_SECONDS, 300, 'RECONCILE_INTERVAL_SECONDS', 1, 24 * 60 * 60) * 1000,
  };
}
