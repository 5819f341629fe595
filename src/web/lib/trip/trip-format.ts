import type { TravelStyle } from "#shared/constants.ts";

export const styleLabel = (style: TravelStyle) => style.charAt(0).toUpperCase() + style.slice(1);
