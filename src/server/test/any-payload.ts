import type { EventToPublish } from "../adapters/realtime/bus";

/**
 * The bus carries any JSON: its own tests send payloads outside the event catalogue (src/core/events.ts) on
 * purpose, to test the transport and not a feature's shapes.
 */
export const anyPayload = (event: { topic: string; type: EventToPublish["type"]; data: unknown }) =>
  event as EventToPublish;
