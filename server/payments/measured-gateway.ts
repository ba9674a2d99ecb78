import type { ShopMetrics } from '../metrics/metrics';
import { CardDeclinedError, GatewayRequestError, type PaymentGateway } from './gateway';

const CALLS = ['createIntent', 'confirmIntent', 'chargeIntent', 'retrieveIntent', 'findIntentOfShopRecord', 'cancelIntent', 'refund', 'listSucceededIntents'] as const;

/** A gateway call's outcome: a decline or a refused request is the gateway answering, not failing. */
function outcomeOf(error: unknown): 'declined' | 'refused' | 'error' {
  if (error instanceof CardDeclinedError) return 'declined';
  if (error instanceof GatewayRequestError && error.status < 500) return 'refused';
  return 'error';
}

/** The gateway with each call's latency and failures counted (shop_gateway_* metrics). */
export function measuredGateway(gateway: PaymentGateway, metrics: Pick<ShopMetrics, 'gatewayDuration' | 'gatewayErrors'>): PaymentGateway {
  const measured: PaymentGateway = { ...gateway };
  for (const call of CALLS) {
    const original = gateway[call].bind(gateway) as (...args: unknown[]) => Promise<unknown>;
    (measured as unknown as Record<string, unknown>)[call] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        const answer = await original(...args);
        metrics.gatewayDuration.observe({ call, outcome: 'ok' }, (performance.now() - started) / 1000);
        return answer;
      } catch (error) {
        const outcome = outcomeOf(error);
        metrics.gatewayDuration.observe({ call, outcome }, (performance.now() - started) / 1000);
        if (outcome === 'error') metrics.gatewayErrors.inc({ call });
        throw error;
      }
    };
  }
  return measured;
}
