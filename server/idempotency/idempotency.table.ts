/**
 * Stored answers for requests sent with an `Idempotency-Key`, per scope (endpoint and subject).
 * Pruned after the replay window (idempotency.retention.ts).
 */
export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: number;
}

declare module '../db/schema' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}
