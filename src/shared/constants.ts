export const PRODUCT_NAME = "Boundless";

export const TRAVEL_STYLES = ["luxury", "comfort", "budget"] as const;
export type TravelStyle = (typeof TRAVEL_STYLES)[number];
export const DEFAULT_TRAVEL_STYLE: TravelStyle = "comfort";

export const INTERESTS = [
  "Culture & Arts",
  "Food & Dining",
  "Nature & Outdoors",
  "Shopping",
  "History",
  "Adventure",
  "Relaxation",
] as const;
export type Interest = (typeof INTERESTS)[number];

/** A destination as typed (SPEC: at most 100 characters); the form lets a little more be typed so the message shows. */
export const DESTINATION_MAX_LENGTH = 100;

export const TRIP_STATUS_GENERATED = "generated";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const SIGNED_URL_TTL_SECONDS = 3600;
export const AVATAR_CACHE_CONTROL_SECONDS = 3600;
export const DEFAULT_AVATAR_PATH = "/default-avatar.svg";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const CHAT_TEMPERATURE = 0.9;
export const CHAT_MAX_TOKENS = 1000;
