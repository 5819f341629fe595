/**
 * Why an outside lookup gave nothing when the service itself failed (never "nothing matched", which
 * is an answer): no connection (`unreachable`), no answer within our budget (`timeout`), an error
 * status (`refused`), HTTP 429 (`rate_limited`) or an answer that could not be read (`bad_response`).
 */
export const LOOKUP_FAILURES = [
  "unreachable",
  "timeout",
  "refused",
  "rate_limited",
  "bad_response",
] as const;
export type LookupFailure = (typeof LOOKUP_FAILURES)[number];

/** The services a plan's places come from: the destination's geocoder and OpenStreetMap (Overpass). */
export const LOOKUP_SERVICES = ["geocoding", "openstreetmap"] as const;
export type LookupService = (typeof LOOKUP_SERVICES)[number];

export type ServiceFailure = { service: LookupService; reason: LookupFailure };

const SERVICE_NAMES: Record<LookupService, string> = {
  geocoding: "the Open-Meteo geocoding service",
  openstreetmap: "the OpenStreetMap service",
};

const WHAT_HAPPENED: Record<LookupFailure, string> = {
  unreachable: "did not answer",
  timeout: "did not answer in time",
  refused: "refused the request",
  rate_limited: "was too busy to answer",
  bad_response: "sent an answer that could not be read",
};

/** "the OpenStreetMap service did not answer": which service failed and how, in words. */
export const serviceFailureWords = ({ service, reason }: ServiceFailure) =>
  `${SERVICE_NAMES[service]} ${WHAT_HAPPENED[reason]}`;

/** The grounding reason of a plan made without real places because a service failed. */
export const realPlacesUnreachable = (failure: ServiceFailure, consequence: string) =>
  `Real places could not be reached (${serviceFailureWords(failure)}), ${consequence}`;
